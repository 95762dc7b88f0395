// The source pane: the book-style listing of the current algorithm, with the lines the current
// step executes highlighted (the listing files map each kernel and phase to its lines).
#include <algorithm>

#include <imgui_internal.h>  // RenderTextEllipsis: the title on one line

#include "../app.hpp"
#include "../../../core/listings.hpp"

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
    if (!app.layout.presentation) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", highlighted.c_str());
        ImGui::PopTextWrapPos();
    }
    const std::vector<std::string> code = shown_lines(*l, t.exclusive);
    // Long lines wrap (under their own start) rather than run out of a narrow pane: the lines a
    // step executes are read whole, with no scrolling sideways.
    ImGui::BeginChild("code", ImVec2(0, 0), false);
    ImGui::PushFont(app.mono(), 0.0f);
    const Palette& p = app.palette();
    static std::string last_key;
    const std::string key = lname + "|" + highlight_key(st);
    const bool jump = key != last_key;
    last_key = key;
    float hl_top = -1, hl_bottom = -1;  // the highlighted lines, in the pane's content
    for (size_t i = 0; i < code.size(); ++i) {
        const int line = int(i) + 1;
        const bool on = std::find(hl.begin(), hl.end(), line) != hl.end();
        const ImVec2 a = ImGui::GetCursorScreenPos();
        const float number_w = ImGui::CalcTextSize("00").x + ImGui::GetStyle().ItemSpacing.x;
        const float text_w = std::max(ImGui::GetFontSize() * 4, ImGui::GetContentRegionAvail().x - number_w);
        if (on) {
            const float h = ImGui::CalcTextSize(code[i].c_str(), nullptr, false, text_w).y + ImGui::GetStyle().ItemSpacing.y;
            ImGui::GetWindowDrawList()->AddRectFilled(a, ImVec2(a.x + ImGui::GetContentRegionAvail().x, a.y + h), col(p.source_highlight));
        }
        if (on && line == hl.front()) hl_top = ImGui::GetCursorPosY();
        ImGui::TextDisabled("%2d", line);
        ImGui::SameLine(0, ImGui::GetStyle().ItemSpacing.x);
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + text_w);
        if (on) ImGui::TextUnformatted(code[i].c_str());
        else ImGui::TextColored(ImGui::GetStyle().Colors[ImGuiCol_Text], "%s", code[i].c_str());
        ImGui::PopTextWrapPos();
        if (on && line == hl.back()) hl_bottom = ImGui::GetCursorPosY();
    }
    // A new step brings its lines into sight: a third of the spare room above them where they
    // fit, else their first line at the top.
    if (jump && hl_top >= 0) {
        const float seen = ImGui::GetWindowHeight(), block = hl_bottom - hl_top;
        ImGui::SetScrollY(std::max(0.0f, block <= seen ? hl_top - (seen - block) * 0.3f : hl_top));
    }
    ImGui::PopFont();
    ImGui::EndChild();
}

}  // namespace scanlab::gui
