// The step diagram in the style of the book's Figures 9.1 and 9.5: one row per step (the input
// on top), one column per element, a line for every addition from the element read to the
// element written; the current step is highlighted. Scrolls with the array view. Where the window
// is short, a compact form keeps the rows around the current step (previous, current, next) at a
// smaller row height, so some of the diagram stays in sight under the array view.
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "core/lesson/verdict.hpp"

#include "app/gui/app.hpp"
#include "app/gui/panels/step_view.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {

float row_label_width() { return ImGui::GetFontSize() * 4.2f; }

namespace {

float row_height(bool compact) {
    const float font = ImGui::GetFontSize();
    return compact ? std::max(font * 1.25f, 15.0f) : std::max(font * 1.7f, 18.0f);
}

}  // namespace

float side_font_size() { return std::round(ImGui::GetFontSize() * 0.8f); }

float step_diagram_side_width(const Trace& t, float width) {
    ImFont* f = ImGui::GetFont();
    const float fs = side_font_size();
    float side_w = f->CalcTextSizeA(fs, FLT_MAX, 0, "input X").x;
    for (const Step& s : t.steps) side_w = std::max(side_w, f->CalcTextSizeA(fs, FLT_MAX, 0, step_label(s).c_str()).x);
    return std::min(side_w + 16, width * 0.4f);
}

float thinnest_diagram_row() { return std::max(std::round(ImGui::GetFontSize() * 0.3f), 9.0f); }

float step_diagram_height(const Trace& t, size_t compact_rows, float thin) {
    const bool compact = compact_rows > 0;
    const size_t rows = compact ? std::min<size_t>(compact_rows, t.steps.size() + 1) : t.steps.size() + 1;
    const ImGuiStyle& style = ImGui::GetStyle();
    const float rows_h = compact && thin > 0 ? row_height(true) + float(rows - 1) * thin : float(rows) * row_height(compact);
    return rows_h + 4 + 2 * style.WindowPadding.y + (compact ? 0 : style.ScrollbarSize) + 2;
}

namespace {

// One frame's geometry of the diagram: where each row and column sits, and which of them are in
// sight (only those are drawn: a sampled trace's diagram has thousands of columns).
struct DiagramLayout {
    const Trace& t;
    size_t current = 0;  // the current step; its row is current + 1 (row 0 is the input)
    size_t first = 0;  // the first row drawn
    size_t shown = 0;  // how many rows are drawn from `first`
    float w = 0, rh = 0;  // a column's width, a row's height
    float thin = 0;  // > 0: every row but the current one is this thin (the compact map)
    float label_w = 0;  // the pinned row labels' width, left of the columns
    ImVec2 origin{}, wp{}, ws{};  // the content's top left; the window's position and size
    float x0 = 0;  // the first column's left edge
    bool labels = false;  // whether the right-hand step labels are drawn
    float side_w = 0;  // their width, 0 where they are left out
    float side_x = 0;  // their left edge
    size_t c_lo = 0, c_hi = 0, r_lo = 0, r_hi = 0;  // the columns and rows in sight

    // Each row in its own index space: a sampled trace's window of the input's scan and S whole.
    Row row_of(size_t r) const { return r == 0 ? input_row(t) : step_row(t, r - 1); }
    // Each row's height: rh, or (thin) rh for the current step's row and `thin` for the others.
    float height_of(size_t r) const { return thin > 0 && r != current + 1 ? thin : rh; }
    float top_of(size_t r) const {
        if (thin <= 0) return origin.y + float(r - first) * rh;
        float y = origin.y;
        for (size_t q = first; q < r; ++q) y += height_of(q);
        return y;
    }
    // An element's centre, in its row's columns.
    float cx(const Row& row, int64_t i) const { return x0 + (float(row.column + i) + 0.5f) * w; }
    float ry(size_t r) const { return top_of(r) + height_of(r) * 0.5f; }
    // Thin rows are labelled where their label's text fits them, every other row where it does
    // not: the map's rows stay countable, and each says its step on hover.
    bool labelled(size_t r, float fs) const {
        return height_of(r) >= fs * 0.95f || r == current + 1 || (r % 2 == 0 && height_of(r) * 2 >= fs);
    }
};

// The columns every row needs: a sampled trace's rows start at different columns.
size_t diagram_columns(const Trace& t) {
    int64_t last_col = int64_t(input_row(t).count);
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const Row r = step_row(t, k);
        last_col = std::max(last_col, r.column + int64_t(r.count));
    }
    return size_t(std::max<int64_t>(last_col, 1));
}

// The diagram scrolls sideways with the array view: whichever moved last leads the other.
void follow_shared_scroll(App& app, int scroll_slot) {
    float& seen = app.step_view.scroll_seen[scroll_slot];
    const float cur = ImGui::GetScrollX();
    if (std::fabs(cur - seen) > 0.5f)
        app.step_view.shared_scroll_x = cur;
    else if (std::fabs(cur - app.step_view.shared_scroll_x) > 0.5f)
        ImGui::SetScrollX(app.step_view.shared_scroll_x);
    seen = app.step_view.shared_scroll_x;
}

// Keep the current step in view when it changes.
void scroll_to_current_row(App& app, const DiagramLayout& g) {
    size_t& scrolled_to = app.step_view.diagram_scrolled_to;
    if (scrolled_to == g.current) return;
    const float y = float(g.current + 1) * g.rh;
    if (y < ImGui::GetScrollY() || y + g.rh > ImGui::GetScrollY() + g.ws.y - g.rh) ImGui::SetScrollY(std::max(0.0f, y - g.ws.y * 0.4f));
    scrolled_to = g.current;
}

// The current step's band, and a lesson slide's row (::: view steps row K) outlined in the error colour.
void draw_current_band(App& app, const ShownTrace& st, const DiagramLayout& g, ImDrawList* dl) {
    const Palette& p = app.palette();
    const float band_top = g.top_of(g.current + 1);
    dl->AddRectFilled(ImVec2(g.wp.x, band_top), ImVec2(g.wp.x + g.ws.x, band_top + g.rh), col(p.current_row, 160));
    if (const std::optional<LessonPointer> ptr = app.lesson.pointer(app.session);
        ptr && ptr->point == "row" && ptr->view == "steps" && &st == app.session.trace.get() && size_t(ptr->from) < g.t.steps.size()) {
        const size_t r = size_t(ptr->from) + 1;
        if (r >= g.first && r < g.first + g.shown)
            dl->AddRect(ImVec2(g.wp.x + 2, g.top_of(r)), ImVec2(g.side_x - 2, g.top_of(r) + g.height_of(r)), col(p.error), 3, 2.5f);
    }
}

struct LineInk {
    ImU32 op, faint, hazard;
    float thick;
};

// Kernel 3, bundled per block: one line from S[b − 1] to a bar over block b's elements.
void draw_block_sum_lines(const DiagramLayout& g, size_t r, const LineInk& ink, ImDrawList* dl) {
    const Step& s = g.t.steps[r - 1];
    const Row above = g.row_of(r - 1), here = g.row_of(r);
    const float bar_y = g.ry(r) - g.height_of(r) * 0.32f;
    for (const SumSpan& sp : block_sum_spans(s, here)) {
        const int64_t src = above.local(sp.s);
        const float xa = g.cx(here, sp.first), xb = g.cx(here, sp.last);
        if (src >= 0)
            dl->AddLine(ImVec2(g.cx(above, src), g.ry(r - 1)), ImVec2((xa + xb) * 0.5f, bar_y), ink.op,
                        r - 1 == g.current ? ink.thick * 1.8f : ink.thick);
        dl->AddLine(ImVec2(xa, bar_y), ImVec2(xb, bar_y), ink.op, ink.thick);
        for (int64_t i = sp.first; i <= sp.last; ++i)
            if (g.w >= 6) dl->AddLine(ImVec2(g.cx(here, i), bar_y), ImVec2(g.cx(here, i), g.ry(r)), ink.faint, 1.0f);
    }
}

// Row r's additions: a line from each element read (row r − 1) to the element written (row r),
// a curve for a stale read, and a ring where the race can strike.
void draw_step_row_lines(const DiagramLayout& g, size_t r, const LineInk& ink, ImDrawList* dl) {
    const Step& s = g.t.steps[r - 1];
    const Row above = g.row_of(r - 1), here = g.row_of(r);
    const bool from_above = !(s.phase == Phase::load && r - 1 > 0 && s.depth == 0 && s.kernel != Kernel::k2);
    const std::vector<int32_t> possible = possible_hazards(g.t, r - 1);
    for (const Access& a : s.accesses) {
        const int64_t src = above.local(a.src), dst = here.local(a.dst);
        if (!from_above || src < 0 || dst < 0) continue;
        const int64_t from_col = above.column + src, to_col = here.column + dst;
        if (std::max(from_col, to_col) + 1 < int64_t(g.c_lo) || std::min(from_col, to_col) > int64_t(g.c_hi)) continue;
        const ImVec2 from(g.cx(above, src), g.ry(r - 1)), to(g.cx(here, dst), g.ry(r));
        // A stale read: the thread took the element's new value, from its own row.
        if (a.applies_op && std::binary_search(s.hazards.begin(), s.hazards.end(), a.src)) {
            const ImVec2 new_value(g.cx(here, here.local(a.src)), g.ry(r));
            dl->AddBezierQuadratic(new_value, ImVec2((new_value.x + to.x) * 0.5f, g.ry(r) - g.height_of(r) * 0.6f), to, ink.hazard,
                                   ink.thick * 1.6f);
            continue;
        }
        dl->AddLine(from, to, a.applies_op ? ink.op : ink.faint, a.applies_op ? (r - 1 == g.current ? ink.thick * 1.8f : ink.thick) : 1.0f);
        const int64_t own = above.local(a.dst);
        if (a.applies_op && a.src != a.dst && own >= 0 && s.phase != Phase::block_sum_write && s.phase != Phase::add_block_sums)
            dl->AddLine(ImVec2(g.cx(above, own), g.ry(r - 1)), to, ink.faint, 1.0f);
    }
    // Where the race can strike in this step (a reader and a writer in different warps, no
    // barrier between): a ring round the element, drawn even when this schedule hid it.
    for (int32_t e : possible)
        if (const int64_t i = here.local(e); i >= 0)
            dl->AddCircle(ImVec2(g.cx(here, i), g.ry(r)), std::max(4.0f, std::min(g.w, g.height_of(r)) * 0.32f), ink.hazard, 16, 1.5f);
}

void draw_addition_lines(App& app, const DiagramLayout& g, ImDrawList* dl) {
    const Palette& p = app.palette();
    const LineInk ink{col(p.arrow_op, 230), col(p.arrow_copy, 90), col(p.cell_hazard, 235), std::clamp(g.w / 20.0f, 1.0f, 2.2f)};
    for (size_t r = std::max<size_t>(g.r_lo, g.first + 1); r < g.r_hi; ++r) {
        if (g.t.steps[r - 1].phase == Phase::add_block_sums)
            draw_block_sum_lines(g, r, ink, dl);
        else
            draw_step_row_lines(g, r, ink, dl);
    }
}

// One value in a small box on its node (yellow where this step wrote, ringed where the race can
// strike); false where the digits are too wide for the column (noted as a value left out).
bool draw_value_box(App& app, const DiagramLayout& g, const Row& row, size_t r, int64_t i, bool hit, float value_size,
                    const std::vector<int32_t>& ringed, ImDrawList* dl) {
    const Palette& p = app.palette();
    const std::string val = format_value(*row.values, row.first + size_t(i));
    const ImVec2 sz = ImGui::GetFont()->CalcTextSizeA(value_size, FLT_MAX, 0, val.c_str());
    // One width for every box, nearly the column's, so the row reads like the array's cells.
    // (A pixel apart, and a pixel of margin either side of the digits: two digits at the
    // legible size fit the columns of a projector's 16 elements.)
    const float hw = g.w * 0.5f - 1, hh = std::min(sz.y * 0.5f + 1, g.rh * 0.5f - 1);
    const ImVec2 c(g.cx(row, i), g.ry(r));
    if (sz.x + 2 > 2 * hw) {
        note_value_drawn({ImVec2(c.x - hw, c.y - hh), ImVec2(c.x + hw, c.y + hh), 0, val});
        return false;
    }
    const ImVec2 a(c.x - hw, c.y - hh), b(c.x + hw, c.y + hh);
    note_value_drawn({a, b, value_size, val});
    dl->AddRectFilled(a, b, hit ? col(p.thread_active) : col(p.cell_untouched), 3.0f);
    const int64_t e = row.offset + i;
    if (std::binary_search(ringed.begin(), ringed.end(), int32_t(e))) dl->AddRect(a, b, col(p.cell_hazard), 3.0f, 2.0f);
    dl->AddText(ImGui::GetFont(), value_size, ImVec2(c.x - sz.x * 0.5f, c.y - sz.y * 0.5f),
                hit ? IM_COL32(20, 20, 20, 255) : col(p.cell_text), val.c_str());
    return true;
}

// Every node in sight: a dot, larger and yellow where its step wrote. The current row's values
// sit in small boxes on its nodes instead, so the lines end at them and no line crosses a digit;
// a cell too narrow for its digits keeps the dot, and predict mode hides the values it asks for.
void draw_nodes(App& app, const ShownTrace& st, const DiagramLayout& g, ImDrawList* dl) {
    const Palette& p = app.palette();
    const Trace& t = g.t;
    const float dot = std::clamp(g.w * 0.16f, 1.5f, ImGui::GetFontSize() * 0.3f);
    // (Presenting, at the legible size, as the array's cells: the diagram's numbers are read too.)
    const float value_size = app.layout.presentation ? legible_value_size(app) : ImGui::GetFontSize();
    const bool values = g.w >= value_size * 1.2f && !app.predict.hides(&st, g.current);
    std::vector<int32_t> ringed;
    if (values && g.current < t.steps.size()) ringed = possible_hazards(t, g.current);
    for (size_t r = g.r_lo; r < g.r_hi; ++r) {
        const Row row = g.row_of(r);
        const bool cur_row = r == g.current + 1;
        const size_t n = row.count;
        std::vector<uint8_t> written;
        if (r > 0) {
            written.assign(n, 0);
            for (const Access& a : t.steps[r - 1].accesses)
                if (const int64_t i = row.local(a.dst); a.applies_op && i >= 0) written[size_t(i)] = 1;
        }
        const int64_t i_lo = std::clamp<int64_t>(int64_t(g.c_lo) - row.column, 0, int64_t(n));
        const int64_t i_hi = std::clamp<int64_t>(int64_t(g.c_hi) - row.column, i_lo, int64_t(n));
        for (int64_t i = i_lo; i < i_hi; ++i) {
            const bool hit = r > 0 && written[size_t(i)];
            if (cur_row && values && draw_value_box(app, g, row, r, i, hit, value_size, ringed, dl)) continue;
            const float d = std::min(dot, g.height_of(r) * 0.22f);
            dl->AddCircleFilled(ImVec2(g.cx(row, i), g.ry(r)), hit ? d * 1.5f : d,
                                hit ? col(p.thread_active) : ImGui::GetColorU32(ImGuiCol_Text), 12);
        }
    }
}

// A thin row's label shrinks with it, to no less than three quarters of the side labels' size.
float label_size(const DiagramLayout& g, float hh, float full) {
    return hh < g.rh ? std::min(full, std::max(hh * 1.6f, side_font_size() * 0.75f)) : full;
}

// Row labels, pinned to the left edge: the step number and the array (S rows say so).
void draw_row_numbers(App& app, const DiagramLayout& g, float lx, ImDrawList* dl) {
    const Palette& p = app.palette();
    for (size_t r = g.r_lo; r < g.r_hi; ++r) {
        const float yy = g.top_of(r), hh = g.height_of(r);
        dl->AddRectFilled(ImVec2(lx, yy), ImVec2(lx + g.label_w - 2, yy + hh),
                          r == g.current + 1 ? col(p.current_row) : ImGui::GetColorU32(ImGuiCol_ChildBg));
        std::string label = r == 0 ? std::string("X") : prefixed("#", static_cast<long long>(r - 1));
        if (r > 0 && g.t.steps[r - 1].array == ArrayKind::s) label += " S";
        const float fs = label_size(g, hh, ImGui::GetFontSize());
        if (g.labelled(r, fs))
            dl->AddText(ImGui::GetFont(), fs, ImVec2(lx + 4, yy + (hh - fs) * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), label.c_str());
    }
}

// Each row's step label in the right-hand column, the current one highlighted.
void draw_step_labels(App& app, const DiagramLayout& g, ImDrawList* dl) {
    const Palette& p = app.palette();
    for (size_t r = g.r_lo; r < g.r_hi; ++r) {
        const float yy = g.top_of(r), hh = g.height_of(r);
        dl->AddRectFilled(ImVec2(g.side_x, yy), ImVec2(g.wp.x + g.ws.x, yy + hh),
                          r == g.current + 1 ? col(p.current_row) : ImGui::GetColorU32(ImGuiCol_ChildBg));
        const std::string label = r == 0 ? std::string("input X") : step_label(g.t.steps[r - 1]);
        const float fs = label_size(g, hh, side_font_size());
        if (g.labelled(r, fs))
            dl->AddText(ImGui::GetFont(), fs, ImVec2(g.side_x + 8, yy + (hh - fs) * 0.5f),
                        r == g.current + 1 ? ImGui::GetColorU32(ImGuiCol_Text) : ImGui::GetColorU32(ImGuiCol_TextDisabled), label.c_str());
    }
}

// Hovering a row's number says its step; a click there goes to that step.
void row_number_hover(App& app, const ShownTrace& st, const DiagramLayout& g, float lx) {
    if (!ImGui::IsWindowHovered()) return;
    const ImVec2 m = ImGui::GetIO().MousePos;
    size_t hovered = g.first + g.shown;
    for (size_t r = g.first; r < g.first + g.shown; ++r)
        if (m.y >= g.top_of(r) && m.y < g.top_of(r) + g.height_of(r)) hovered = r;
    if (hovered >= g.first + g.shown || m.x >= lx + g.label_w) return;
    const size_t r = hovered;
    ImGui::SetTooltip("%s", r == 0 ? "the input X" : step_label(g.t.steps[r - 1]).c_str());
    if (r > 0 && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && &st == app.session.trace.get()) app.session.go_to(r - 1);
}

// Lays the diagram out in the child window just begun: reserves its content and finds what is in sight.
DiagramLayout lay_out_diagram(App& app, const Trace& t, size_t current, size_t compact_rows, float thin) {
    const bool compact = compact_rows > 0;
    DiagramLayout g{t};
    g.current = current;
    g.w = app.layout.cell_width;
    g.rh = row_height(compact);
    g.thin = thin;
    g.label_w = row_label_width();
    const size_t rows = t.steps.size() + 1;  // the input, then every step
    // The rows drawn: all of them, or (compact) the previous, current and next step's.
    g.shown = compact ? std::min(compact_rows, rows) : rows;
    app.step_view.diagram_rows_shown = g.shown;
    app.step_view.diagram_rows = rows;
    // The current step's row (current + 1) in the middle, the row it was drawn from above it.
    g.first = compact ? std::min(current + 1 - std::min(current + 1, g.shown / 2), rows - g.shown) : 0;
    return g;
}

// Where the columns and rows fall once the child window is begun, and which are in sight.
void place_in_window(App& app, DiagramLayout& g, bool compact) {
    const size_t cols = diagram_columns(g.t);
    g.origin = ImGui::GetCursorScreenPos();
    // The step labels stand at the right where the columns leave them room (the fitted zoom
    // leaves it where the cells stay wide enough), or pinned over a view zoomed by hand, which
    // scrolls; else they are left out (the row's number has its label on hover) rather than hide
    // the last columns.
    const float inner_w = ImGui::GetContentRegionAvail().x - (compact ? 0 : ImGui::GetStyle().ScrollbarSize);
    const float label_room = step_diagram_side_width(g.t, ImGui::GetWindowWidth());
    g.labels = app.step_view.zoom_fixed || g.label_w + float(cols) * g.w + 8 + label_room <= inner_w + 1;
    g.side_w = g.labels ? label_room : 0;
    ImGui::Dummy(ImVec2(g.label_w + float(cols) * g.w + 8 + g.side_w, g.top_of(g.first + g.shown) - g.origin.y + 4));
    g.x0 = g.origin.x + g.label_w;
    g.wp = ImGui::GetWindowPos();
    g.ws = ImGui::GetWindowSize();
    g.c_lo = size_t(std::clamp((g.wp.x - g.x0) / g.w - 1, 0.0f, float(cols)));
    g.c_hi = size_t(std::clamp((g.wp.x + g.ws.x - g.x0) / g.w + 1, 0.0f, float(cols)));
    g.r_lo = g.thin > 0 ? g.first : g.first + size_t(std::clamp((g.wp.y - g.origin.y) / g.rh - 1, 0.0f, float(g.shown)));
    g.r_hi = g.thin > 0 ? g.first + g.shown : g.first + size_t(std::clamp((g.wp.y + g.ws.y - g.origin.y) / g.rh + 1, 0.0f, float(g.shown)));
}

}  // namespace

void draw_step_diagram(App& app, const ShownTrace& st, size_t current, const char* id, int scroll_slot, float height, size_t compact_rows,
                       float thin) {
    const bool compact = compact_rows > 0;
    if (!compact) thin = 0;
    const Trace& t = st.trace;
    if (!st.book.full || t.steps.empty()) return;
    DiagramLayout g = lay_out_diagram(app, t, current, compact_rows, thin);

    ImGui::BeginChild(id, ImVec2(0, height), true,
                      compact ? ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse : ImGuiWindowFlags_HorizontalScrollbar);
    follow_shared_scroll(app, scroll_slot);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    place_in_window(app, g, compact);
    if (!compact) scroll_to_current_row(app, g);

    // Each step's label sits in a column pinned to the right edge, beside its row, never on cells.
    g.side_x = g.wp.x + g.ws.x - g.side_w - (ImGui::GetScrollMaxY() > 0 ? ImGui::GetStyle().ScrollbarSize : 0);
    dl->PushClipRect(ImVec2(std::max(g.wp.x, g.x0), g.wp.y), ImVec2(g.side_x, g.wp.y + g.ws.y), true);
    draw_current_band(app, st, g, dl);
    draw_addition_lines(app, g, dl);
    draw_nodes(app, st, g, dl);
    dl->PopClipRect();
    const float lx = std::max(g.origin.x, g.wp.x);
    draw_row_numbers(app, g, lx, dl);
    if (g.labels) draw_step_labels(app, g, dl);
    row_number_hover(app, st, g, lx);
    ImGui::EndChild();
}

}  // namespace scanlab::gui
