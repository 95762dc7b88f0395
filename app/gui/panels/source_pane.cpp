// The source pane: the book-style listing of the current algorithm, with the lines the current
// step executes highlighted (the listing files map each kernel and phase to its lines).
#include <algorithm>
#include <cmath>

#include <imgui_internal.h>  // RenderTextEllipsis: the title on one line

#include "app/gui/app.hpp"
#include "app/gui/panels/source_pane.hpp"
#include "app/gui/panels/widgets.hpp"
#include "core/lesson/listings.hpp"

namespace scanlab::gui {
namespace {

// A line of code wrapped to `width` pixels of the current (monospace) font, as lines joined by
// '\n': at the last space that leaves the line at least two thirds full, else where the width
// ends; each continuation hangs under the line's own indentation and four more columns, so a
// wrapped trailing comment never reads as a line of code of its own.
std::string wrap_code(const std::string& line, float width) {
    const float column = std::max(1.0f, ImGui::CalcTextSize("M").x);
    const size_t columns = std::max<size_t>(12, size_t(width / column));
    // Where each character starts (UTF-8: the listings' comments have ⊕, −, ·).
    std::vector<size_t> starts;
    for (size_t b = 0; b < line.size(); ++b)
        if ((static_cast<unsigned char>(line[b]) & 0xC0) != 0x80) starts.push_back(b);
    if (starts.size() <= columns) return line;
    const size_t lead = std::min(line.find_first_not_of(' '), line.size());
    const std::string hang(std::min(lead + 4, columns / 2), ' ');
    std::string out;
    size_t from = 0;  // a character index
    while (from < starts.size()) {
        const size_t room = from == 0 ? columns : columns - hang.size();
        size_t to = std::min(starts.size(), from + room);
        if (to < starts.size()) {
            size_t space = to;
            while (space > from && line[starts[space]] != ' ') --space;
            if (space > from + room * 2 / 3) to = space;
        }
        const size_t b0 = starts[from], b1 = to < starts.size() ? starts[to] : line.size();
        if (from > 0) out += "\n" + hang;
        out += line.substr(b0, b1 - b0);
        from = to;
        while (from < starts.size() && line[starts[from]] == ' ') ++from;  // a wrapped line starts at its word
    }
    return out;
}

// A student's kernel: its code is theirs, in the Your kernel panel; the built-in listing of the
// algorithm it is meant to be would be the exercise's answer.
void draw_your_kernel_note(App& app, const Trace& t) {
    ImGui::PushTextWrapPos(0);
    ImGui::Text("This trace is your kernel, %s: its code is in the Your kernel panel, the findings' lines marked.", t.kernel.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button("Show it (Ctrl+K)")) {
        app.layout.show_your_kernel = true;
        app.your_kernel_panel.shown = false;  // in front
    }
}

// The listing's title and notes over the code, and what the highlight shows.
void draw_listing_heading(App& app, const Listing& l, const Trace& t, const std::string& highlighted) {
    if (app.layout.presentation) {
        // On a projector the code is the point: the title takes one line (whole on hover), and
        // the highlight speaks for itself.
        const ImVec2 a = ImGui::GetCursorScreenPos();
        const float w = ImGui::GetContentRegionAvail().x;
        ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), a, ImVec2(a.x + w, a.y + ImGui::GetTextLineHeight()), a.x + w,
                                  l.title.c_str(), nullptr, nullptr);
        ImGui::Dummy(ImVec2(w, ImGui::GetTextLineHeight()));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", l.title.c_str(), highlighted.c_str());
    } else {
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(l.title.c_str());
        ImGui::PopTextWrapPos();
    }
    if (const std::string note = type_note(l, t.type); !note.empty()) ImGui::TextWrapped("%s", note.c_str());
    // The listing draws the index from a counter; a static-index run takes blockIdx.x instead.
    if (t.static_index) ImGui::TextWrapped("This run uses the static index: bid = blockIdx.x, not a draw from blockCounter.");
    if (!app.layout.presentation) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", highlighted.c_str());
        ImGui::PopTextWrapPos();
    }
}

// The room the longest run of lines any step executes needs, wrapped as the code is drawn, with
// the code's text at `size` pixels in a pane `room_w` wide.
float longest_block(App& app, const Listing& l, const std::vector<std::string>& code, float room_w, float size) {
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::PushFont(app.mono(), size);
    const float number_w = ImGui::CalcTextSize("00").x + style.ItemSpacing.x;
    const float text_w = std::max(ImGui::GetFontSize() * 4, room_w - number_w);
    float block = 0;
    for (const auto& [key, lines] : l.highlights) {
        // Each run of consecutive lines (the kernel's loop; the host's launch lines apart).
        float h = 0;
        for (size_t k = 0; k < lines.size(); ++k) {
            if (k > 0 && lines[k] != lines[k - 1] + 1) h = 0;
            if (lines[k] >= 1 && lines[k] <= int(code.size()))
                h += ImGui::CalcTextSize(wrap_code(code[size_t(lines[k] - 1)], text_w).c_str()).y + style.ItemSpacing.y;
            block = std::max(block, h);
        }
    }
    ImGui::PopFont();
    return block;
}

// Where the panel is short (a projector at 1280x720), the code's text gets smaller, down to 80%
// and never under 15 px, until that run fits, rather than cut it; the layout keeps the panel
// tall enough for the run at the smallest of those sizes (keep_source_tall_enough), so the
// panels above it keep what they can. Returns the code's text size.
float fit_code_size(App& app, const Listing& l, const std::vector<std::string>& code) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float room_w = ImGui::GetContentRegionAvail().x - style.ScrollbarSize;
    const float font = ImGui::GetFontSize();
    std::vector<float> sizes{font};
    for (float scale : {0.9f, 0.8f})
        if (std::round(font * scale) >= 15.0f) sizes.push_back(std::round(font * scale));
    const ImGuiWindow* pane = ImGui::GetCurrentWindow();
    const float tab_bar = pane->DockNode ? pane->DockNode->Size.y - pane->Size.y : 0;
    app.source_pane.wants_height =
        tab_bar + ImGui::GetCursorPosY() + longest_block(app, l, code, room_w, sizes.back()) + style.WindowPadding.y + 2;
    float code_size = font;
    for (float size : sizes) {
        code_size = size;
        if (longest_block(app, l, code, room_w, size) <= ImGui::GetContentRegionAvail().y) break;
    }
    return code_size;
}

// Where the highlighted lines and the slide's lines fell, in the code child's content.
struct CodeMarks {
    float hl_top = -1, hl_bottom = -1;  // the highlighted lines
    float run_bottom = -1;  // the end of their first run of consecutive lines
    ImVec2 pointed_a{0, -1}, pointed_b{0, -1};  // the slide's lines' corners
};

// The numbered lines, those the step executes highlighted. Long lines wrap (hanging under their
// own start: wrap_code) rather than run out of a narrow pane: the lines a step executes are read
// whole, with no scrolling sideways.
CodeMarks draw_code_lines(App& app, const std::vector<std::string>& code, const std::vector<int>& hl, const LessonPointer* pointer) {
    const Palette& p = app.palette();
    CodeMarks m;
    for (size_t i = 0; i < code.size(); ++i) {
        const int line = int(i) + 1;
        const bool on = std::find(hl.begin(), hl.end(), line) != hl.end();
        const ImVec2 a = ImGui::GetCursorScreenPos();
        const float number_w = ImGui::CalcTextSize("00").x + ImGui::GetStyle().ItemSpacing.x;
        const float text_w = std::max(ImGui::GetFontSize() * 4, ImGui::GetContentRegionAvail().x - number_w);
        const std::string wrapped = wrap_code(code[i], text_w);
        if (on) {
            const float h = ImGui::CalcTextSize(wrapped.c_str()).y + ImGui::GetStyle().ItemSpacing.y;
            ImGui::GetWindowDrawList()->AddRectFilled(a, ImVec2(a.x + ImGui::GetContentRegionAvail().x, a.y + h), col(p.source_highlight));
        }
        if (on && line == hl.front()) m.hl_top = ImGui::GetCursorPosY();
        if (pointer && line == pointer->from) m.pointed_a = ImVec2(a.x, ImGui::GetCursorPosY());
        ImGui::TextDisabled("%2d", line);
        ImGui::SameLine(0, ImGui::GetStyle().ItemSpacing.x);
        ImGui::TextUnformatted(wrapped.c_str());
        if (on && line == hl.back()) m.hl_bottom = ImGui::GetCursorPosY();
        if (on && m.run_bottom < 0 && std::find(hl.begin(), hl.end(), line + 1) == hl.end()) m.run_bottom = ImGui::GetCursorPosY();
        if (pointer && line == pointer->to) m.pointed_b = ImVec2(a.x + ImGui::GetContentRegionAvail().x, ImGui::GetCursorPosY());
    }
    return m;
}

// The code in its own scrolling child: a lesson's slide that points at lines (::: view source
// lines A-B) has them outlined, and a new step (or the slide's lines) brought into sight.
void draw_code(App& app, const std::string& lname, const Step& st, const std::vector<std::string>& code, const std::vector<int>& hl,
               float code_size) {
    const float code_h = ImGui::GetContentRegionAvail().y;
    ImGui::BeginChild("code", ImVec2(0, 0), false);
    ImGui::PushFont(app.mono(), code_size);
    const std::optional<LessonPointer> ptr = app.lesson.pointer(app.session);
    const bool pointing = ptr && ptr->point == "lines" && ptr->view == "source";
    const std::string pointed_key = pointing ? "|lines " + std::to_string(ptr->from) : "";
    // A new step, or the same lines at another size or in another height, scrolls again.
    const std::string key = lname + "|" + highlight_key(st) + "|" + std::to_string(int(code_size)) + "|" + std::to_string(int(code_h));
    const bool jump = key + pointed_key != app.source_pane.scrolled_for;
    app.source_pane.scrolled_for = key + pointed_key;
    CodeMarks m = draw_code_lines(app, code, hl, pointing ? &*ptr : nullptr);
    if (m.pointed_a.y >= 0 && m.pointed_b.y >= 0) {
        const float to_screen = ImGui::GetWindowPos().y - ImGui::GetScrollY();
        ImGui::GetWindowDrawList()->AddRect(ImVec2(m.pointed_a.x - 2, m.pointed_a.y + to_screen - 1),
                                            ImVec2(m.pointed_b.x, m.pointed_b.y + to_screen - 1), col(app.palette().error), 3, 2.5f);
        if (jump) m.hl_top = m.pointed_a.y, m.hl_bottom = m.run_bottom = m.pointed_b.y;  // the slide's lines, rather than the step's
    }
    // A new step brings its lines into sight: a third of the spare room above them where they
    // fit, else their first run of lines (the kernel's, the host's launch lines below it) the
    // same way, else their first line at the top.
    if (jump && m.hl_top >= 0) {
        const float seen = ImGui::GetWindowHeight();
        const float block = m.hl_bottom - m.hl_top <= seen ? m.hl_bottom - m.hl_top : m.run_bottom - m.hl_top;
        ImGui::SetScrollY(std::max(0.0f, block <= seen ? m.hl_top - (seen - block) * 0.3f : m.hl_top));
    }
    ImGui::PopFont();
    ImGui::EndChild();
}

}  // namespace

void draw_source_pane(App& app) {
    Session& s = app.session;
    if (!s.trace || s.trace->trace.steps.empty()) return;
    const Trace& t = s.trace->trace;
    const Step& st = t.steps[std::min(s.step, t.steps.size() - 1)];
    if (!t.kernel.empty()) {
        draw_your_kernel_note(app, t);
        return;
    }
    const std::string lname = listing_name(t.algorithm, t.block_algorithm);
    const Listing* l = find_listing(lname);
    if (!l) {
        ImGui::TextWrapped("No listing is built in for %s.", lname.c_str());
        return;
    }
    const std::vector<int> hl = highlighted_lines(*l, t, std::min(s.step, t.steps.size() - 1));
    const std::string highlighted = "highlighted: what #" + std::to_string(s.step) + " " + step_label(st) + " executes";
    draw_listing_heading(app, *l, t, highlighted);
    const std::vector<std::string> code = shown_lines(*l, t.exclusive);
    const float code_size = fit_code_size(app, *l, code);
    draw_code(app, lname, st, code, hl, code_size);
}

}  // namespace scanlab::gui
