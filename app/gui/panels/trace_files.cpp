// Open and save traces (the CLI's JSON, `scanlab trace --format json`): record on a machine with
// a GPU, replay on a laptop without one. A small path dialog with the folder's .json files; the
// reading and writing happen on a worker thread, and a bad file leaves the current trace alone;
// a failure is said in the dialog, which stays open.
#include <algorithm>
#include <filesystem>

#include <imgui_internal.h>  // the input Dear ImGui has not handed out yet
#include <imgui_stdlib.h>  // after imgui.h, which it needs
#include "app/gui/app.hpp"
#include "app/gui/panels/trace_files.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {
namespace {

namespace fs = std::filesystem;

void list_folder(FileDialogState& d, const char* extension) {
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
        if (it->is_directory(ec))
            d.entries.push_back(p.filename().string() + "/");
        else if (p.extension() == extension)
            d.entries.push_back(p.filename().string());
    }
    std::sort(d.entries.begin(), d.entries.end());
}

// The dialog stays open while the file is read or written; a failure is said inside it, with the
// path still there to correct. It closes when the file was opened or saved, or on Cancel.
template <class Start, class Cancel>
void path_dialog(App& app, const char* title, const char* action, FileDialogState& d, bool* open, const Session::FileTask& task,
                 Start start, Cancel cancel, const char* extension = ".json",
                 const char* hint = "A trace file is what `scanlab trace --format json > FILE` writes.",
                 const std::string& suggested = "") {
    if (*open) {
        ImGui::OpenPopup(title);
        *open = false;
        d.asked = false;
        d.enter_waiting = false;
        if (!suggested.empty()) d.path = suggested, d.folder = fs::path(suggested).parent_path().string();
        if (d.folder.empty()) d.folder = fs::current_path().string();
        if (d.path.empty()) d.path = (fs::path(d.folder) / "trace.json").string();
        d.listed.clear();  // list the folder afresh each time the dialog opens
    }
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 38, ImGui::GetFontSize() * 24), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
    ImGui::TextDisabled("%s", hint);
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 6);
    // Type a path and press Enter at once; after a failure, correct it at once.
    const bool failed = d.asked && !task.pending && !task.failure.empty();
    // (A field still being typed in is let go first, so that it takes the focus anew, its text
    // selected: what is typed next replaces the path.)
    if (failed && !d.failure_seen) ImGui::ClearActiveID();
    if (ImGui::IsWindowAppearing() || (failed && !d.failure_seen)) ImGui::SetKeyboardFocusHere();
    d.failure_seen = failed;
    // Enter confirms from the path field and from anywhere else in the dialog (after a click on a
    // file), as the key capture saw it (it sees every press). Dear ImGui hands the field the
    // characters typed before it one or two a frame, so a path typed fast and Enter arrive before
    // the field holds it all: the dialog waits until ImGui has taken every one, then confirms the
    // whole path.
    ImGui::InputText("file", &d.path, ImGuiInputTextFlags_AutoSelectAll);  // typing replaces it
    if (app.enter_pressed) d.enter_waiting = true;
    bool confirm = false;
    if (d.enter_waiting && ImGui::GetCurrentContext()->InputEventsQueue.empty()) confirm = true, d.enter_waiting = false;
    ImGui::Text("in %s", d.folder.c_str());
    list_folder(d, extension);
    const float below = ImGui::GetFrameHeightWithSpacing() * 1.4f + (failed ? ImGui::GetTextLineHeightWithSpacing() * 2.5f : 0);
    ImGui::BeginChild("entries", ImVec2(0, -below), true);
    if (ImGui::Selectable("../")) d.folder = fs::path(d.folder).parent_path().string();
    for (const std::string& e : d.entries) {
        if (ImGui::Selectable(e.c_str(), fs::path(d.path).filename() == e, ImGuiSelectableFlags_AllowDoubleClick)) {
            if (e.back() == '/')
                d.folder = (fs::path(d.folder) / e.substr(0, e.size() - 1)).string();
            else {
                d.path = (fs::path(d.folder) / e).string();
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) confirm = true;
            }
        }
    }
    ImGui::EndChild();
    if (failed) {
        ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
        ImGui::PushTextWrapPos(0);
        ImGui::Text("\xE2\x9C\x97 %s", task.failure.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
    ImGui::BeginDisabled(task.pending);
    if (ImGui::Button(action, ImVec2(ImGui::GetFontSize() * 7, 0))) confirm = true;
    ImGui::EndDisabled();
    ImGui::SameLine();
    // Cancel while a file is read stops waiting for it (a large trace's check can take seconds).
    if (ImGui::Button("Cancel", ImVec2(ImGui::GetFontSize() * 7, 0)) || app.escape_pressed) {
        if (task.pending) cancel();
        ImGui::CloseCurrentPopup();
    }
    if (task.pending) {
        ImGui::SameLine();
        spinner(ImGui::GetFontSize() * 0.5f, ImGui::GetColorU32(ImGuiCol_Text));
    }
    if (confirm && !task.pending) {
        start(d.path);
        d.asked = true;
    }
    // Done and it worked: the status line says so, the dialog goes.
    if (d.asked && !task.pending && task.failure.empty()) {
        d.asked = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

}  // namespace

void file_dialog(App& app, const char* title, const char* action, FileDialogState& d, bool* open, const Session::FileTask& task,
                 const std::function<void(const std::string&)>& start, const char* extension, const char* hint,
                 const std::string& suggested) {
    path_dialog(
        app, title, action, d, open, task, start, [] {}, extension, hint, suggested);
}

void draw_trace_file_dialogs(App& app) {
    static FileDialogState open_state, save_state;
    Session& s = app.session;
    path_dialog(
        app, "Open trace", "Open", open_state, &app.open_dialog, s.open_task, [&](const std::string& p) { s.open_trace(p); },
        [&] { s.cancel_open(); });
    // A save is a few writes, all or nothing: it is not cancelled.
    path_dialog(
        app, "Save trace", "Save", save_state, &app.save_dialog, s.save_task, [&](const std::string& p) { s.save_trace(p); }, [] {});
}

}  // namespace scanlab::gui
