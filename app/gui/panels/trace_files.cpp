// Open and save traces (the CLI's JSON, `scanlab trace --format json`): record on a machine with
// a GPU, replay on a laptop without one. A small path dialog with the folder's .json files; the
// reading and writing happen on a worker thread, and a bad file leaves the current trace alone.
#include <algorithm>
#include <filesystem>

#include "../app.hpp"
#include <imgui_stdlib.h>  // after imgui.h, which it needs

namespace scanlab::gui {
namespace {

namespace fs = std::filesystem;

struct DialogState {
    std::string path;
    std::string folder;
    std::vector<std::string> entries;  // sub-folders end with '/'
    std::string listed;
    double listed_at = 0;  // ImGui time of the listing: files written since show up
};

void list_folder(DialogState& d) {
    // Again on a new folder, and once a second while the dialog is drawn: a trace written meanwhile
    // (by `scanlab trace` in a terminal) appears without closing the dialog.
    const double now = ImGui::GetTime();
    if (d.listed == d.folder && now - d.listed_at < 1.0) return;
    d.listed = d.folder;
    d.listed_at = now;
    d.entries.clear();
    std::error_code ec;
    for (fs::directory_iterator it(d.folder, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path p = it->path();
        if (p.filename().string().rfind('.', 0) == 0) continue;
        if (it->is_directory(ec)) d.entries.push_back(p.filename().string() + "/");
        else if (p.extension() == ".json") d.entries.push_back(p.filename().string());
    }
    std::sort(d.entries.begin(), d.entries.end());
}

// Returns true when the user confirmed a path.
bool path_dialog(const char* title, const char* action, DialogState& d, bool* open) {
    bool done = false;
    if (*open) {
        ImGui::OpenPopup(title);
        *open = false;
        if (d.folder.empty()) d.folder = fs::current_path().string();
        if (d.path.empty()) d.path = (fs::path(d.folder) / "trace.json").string();
        d.listed.clear();  // list the folder afresh each time the dialog opens
    }
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 38, ImGui::GetFontSize() * 24), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_NoSavedSettings)) return false;
    ImGui::TextDisabled("A trace file is what `scanlab trace --format json > FILE` writes.");
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 6);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();  // type a path and press Enter at once
    bool enter = ImGui::InputText("file", &d.path, ImGuiInputTextFlags_EnterReturnsTrue);
    // Enter also confirms when the focus is elsewhere in the dialog (after a click on a file).
    if (!ImGui::IsItemActive() && (ImGui::IsKeyPressed(ImGuiKey_Enter, false) || ImGui::IsKeyPressed(ImGuiKey_KeypadEnter, false)))
        enter = true;
    ImGui::Text("in %s", d.folder.c_str());
    list_folder(d);
    ImGui::BeginChild("entries", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 1.4f), true);
    if (ImGui::Selectable("../")) d.folder = fs::path(d.folder).parent_path().string();
    for (const std::string& e : d.entries) {
        if (ImGui::Selectable(e.c_str(), fs::path(d.path).filename() == e, ImGuiSelectableFlags_AllowDoubleClick)) {
            if (e.back() == '/') d.folder = (fs::path(d.folder) / e.substr(0, e.size() - 1)).string();
            else {
                d.path = (fs::path(d.folder) / e).string();
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) done = true;
            }
        }
    }
    ImGui::EndChild();
    if (ImGui::Button(action, ImVec2(ImGui::GetFontSize() * 7, 0)) || enter) done = true;
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(ImGui::GetFontSize() * 7, 0)) || ImGui::IsKeyPressed(ImGuiKey_Escape)) ImGui::CloseCurrentPopup();
    if (done) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return done;
}

}  // namespace

void draw_trace_file_dialogs(App& app) {
    static DialogState open_state, save_state;
    if (path_dialog("Open trace", "Open", open_state, &app.open_dialog)) app.session.open_trace(open_state.path);
    if (path_dialog("Save trace", "Save", save_state, &app.save_dialog)) app.session.save_trace(save_state.path);
}

}  // namespace scanlab::gui
