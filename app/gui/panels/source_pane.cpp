// The source pane: the book-style listing of the current algorithm, with the lines the current
// step executes highlighted (the listing files map each kernel and phase to its lines).
#include <algorithm>

#include <imgui_internal.h>  // RenderTextEllipsis: the title on one line

#include "../app.hpp"
#include "../model/listings.hpp"

namespace scanlab::gui {

void draw_source_pane(App& app) {
    Session& s = app.session;
    if (!s.trace || s.trace->trace.steps.empty()) return;
    const Trace& t = s.trace->trace;
    const Step& st = t.steps[std::min(s.step, t.steps.size() - 1)];
    const std::string lname = listing_name(t.algorithm, t.block_algorithm);
    const Listing* l = find_listing(lname);
    if (!l) {
        ImGui::TextWrapped("No listing is built in for %s.", lname.c_str());
        return;
    }
    const std::vector<int> hl = highlighted_lines(*l, st);
    const std::string highlighted = "highlighted: what #" + std::to_string(s.step) + " " + step_label(st) + " executes";
    if (app.layout.presentation) {
        // On a projector the code is the point: the title takes one line (whole on hover), and
        // the highlight speaks for itself.
        const ImVec2 a = ImGui::GetCursorScreenPos();
        const float w = ImGui::GetContentRegionAvail().x;
        ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), a, ImVec2(a.x + w, a.y + ImGui::GetTextLineHeight()), a.x + w, l->title.c_str(),
                                  nullptr, nullptr);
        ImGui::Dummy(ImVec2(w, ImGui::GetTextLineHeight()));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", l->title.c_str(), highlighted.c_str());
    } else {
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(l->title.c_str());
        ImGui::PopTextWrapPos();
    }
    if (const std::string note = type_note(*l, t.type); !note.empty()) ImGui::TextWrapped("%s", note.c_str());
    if (!app.layout.presentation) ImGui::TextDisabled("%s", highlighted.c_str());
    const std::vector<std::string> code = shown_lines(*l, t.exclusive);
    ImGui::BeginChild("code", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PushFont(app.mono(), 0.0f);
    const Palette& p = app.palette();
    static std::string last_key;
    const std::string key = lname + "|" + highlight_key(st);
    const bool jump = key != last_key;
    last_key = key;
    for (size_t i = 0; i < code.size(); ++i) {
        const int line = int(i) + 1;
        const bool on = std::find(hl.begin(), hl.end(), line) != hl.end();
        const ImVec2 a = ImGui::GetCursorScreenPos();
        if (on) {
            const float w = std::max(ImGui::GetContentRegionAvail().x, ImGui::CalcTextSize(code[i].c_str()).x + 60);
            ImGui::GetWindowDrawList()->AddRectFilled(a, ImVec2(a.x + w, a.y + ImGui::GetTextLineHeightWithSpacing()),
                                                      col(p.source_highlight));
            if (jump && line == hl.front()) ImGui::SetScrollHereY(0.3f);
        }
        ImGui::TextDisabled("%2d", line);
        ImGui::SameLine();
        if (on) ImGui::TextUnformatted(code[i].c_str());
        else ImGui::TextColored(ImGui::GetStyle().Colors[ImGuiCol_Text], "%s", code[i].c_str());
    }
    ImGui::PopFont();
    ImGui::EndChild();
}

}  // namespace scanlab::gui
