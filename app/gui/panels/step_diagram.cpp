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

void draw_step_diagram(App& app, const ShownTrace& st, size_t current, const char* id, int scroll_slot, float height, size_t compact_rows,
                       float thin) {
    const bool compact = compact_rows > 0;
    if (!compact) thin = 0;
    const Trace& t = st.trace;
    if (!st.book.full || t.steps.empty()) return;
    const Palette& p = app.palette();
    const float font = ImGui::GetFontSize();
    const float w = app.layout.cell_width;
    const float rh = row_height(compact);
    const float label_w = row_label_width();
    // Each row in its own index space: a sampled trace's window of the input's scan and S whole.
    auto row_of = [&](size_t r) { return r == 0 ? input_row(t) : step_row(t, r - 1); };
    int64_t last_col = int64_t(input_row(t).count);
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const Row r = step_row(t, k);
        last_col = std::max(last_col, r.column + int64_t(r.count));
    }
    const size_t cols = size_t(std::max<int64_t>(last_col, 1));
    const size_t rows = t.steps.size() + 1;  // the input, then every step
    // The rows drawn: all of them, or (compact) the previous, current and next step's.
    const size_t shown = compact ? std::min(compact_rows, rows) : rows;
    app.step_view.diagram_rows_shown = shown;
    app.step_view.diagram_rows = rows;
    // The current step's row (current + 1) in the middle, the row it was drawn from above it.
    const size_t first = compact ? std::min(current + 1 - std::min(current + 1, shown / 2), rows - shown) : 0;

    ImGui::BeginChild(id, ImVec2(0, height), true,
                      compact ? ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse : ImGuiWindowFlags_HorizontalScrollbar);
    {
        float& seen = app.step_view.scroll_seen[scroll_slot];
        const float cur = ImGui::GetScrollX();
        if (std::fabs(cur - seen) > 0.5f) app.step_view.shared_scroll_x = cur;
        else if (std::fabs(cur - app.step_view.shared_scroll_x) > 0.5f) ImGui::SetScrollX(app.step_view.shared_scroll_x);
        seen = app.step_view.shared_scroll_x;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    // Each step's label sits in a column pinned to the right edge, beside its row, never on cells.
    // The step labels stand at the right where the columns leave them room (the fitted zoom
    // leaves it where the cells stay wide enough), or pinned over a view zoomed by hand, which
    // scrolls; else they are left out (the row's number has its label on hover) rather than hide
    // the last columns.
    const float inner_w = ImGui::GetContentRegionAvail().x - (compact ? 0 : ImGui::GetStyle().ScrollbarSize);
    const float label_room = step_diagram_side_width(t, ImGui::GetWindowWidth());
    const bool labels = app.step_view.zoom_fixed || label_w + float(cols) * w + 8 + label_room <= inner_w + 1;
    const float side_w = labels ? label_room : 0;
    // Each row's height: rh, or (thin) rh for the current step's row and `thin` for the others.
    auto height_of = [&](size_t r) { return thin > 0 && r != current + 1 ? thin : rh; };
    auto top_of = [&](size_t r) {
        if (thin <= 0) return origin.y + float(r - first) * rh;
        float y = origin.y;
        for (size_t q = first; q < r; ++q) y += height_of(q);
        return y;
    };
    ImGui::Dummy(ImVec2(label_w + float(cols) * w + 8 + side_w, top_of(first + shown) - origin.y + 4));
    const float x0 = origin.x + label_w;
    const ImVec2 wp = ImGui::GetWindowPos(), ws = ImGui::GetWindowSize();
    const size_t c_lo = size_t(std::clamp((wp.x - x0) / w - 1, 0.0f, float(cols)));
    const size_t c_hi = size_t(std::clamp((wp.x + ws.x - x0) / w + 1, 0.0f, float(cols)));
    const size_t r_lo = thin > 0 ? first : first + size_t(std::clamp((wp.y - origin.y) / rh - 1, 0.0f, float(shown)));
    const size_t r_hi = thin > 0 ? first + shown : first + size_t(std::clamp((wp.y + ws.y - origin.y) / rh + 1, 0.0f, float(shown)));
    // An element's centre, in its row's columns.
    auto cx = [&](const Row& row, int64_t i) { return x0 + (float(row.column + i) + 0.5f) * w; };
    auto ry = [&](size_t r) { return top_of(r) + height_of(r) * 0.5f; };

    // Keep the current step in view when it changes.
    size_t& scrolled_to = app.step_view.diagram_scrolled_to;
    if (!compact && scrolled_to != current) {
        const float y = float(current + 1) * rh;
        if (y < ImGui::GetScrollY() || y + rh > ImGui::GetScrollY() + ws.y - rh) ImGui::SetScrollY(std::max(0.0f, y - ws.y * 0.4f));
        scrolled_to = current;
    }

    const float side_x = wp.x + ws.x - side_w - (ImGui::GetScrollMaxY() > 0 ? ImGui::GetStyle().ScrollbarSize : 0);
    dl->PushClipRect(ImVec2(std::max(wp.x, x0), wp.y), ImVec2(side_x, wp.y + ws.y), true);
    // The current step's band.
    const float band_top = top_of(current + 1);
    dl->AddRectFilled(ImVec2(wp.x, band_top), ImVec2(wp.x + ws.x, band_top + rh), col(p.current_row, 160));
    // A lesson's slide that points at a row (::: view steps row K): outlined in the error colour.
    if (const std::optional<LessonPointer> ptr = app.lesson.pointer(app.session);
        ptr && ptr->point == "row" && ptr->view == "steps" && &st == app.session.trace.get() && size_t(ptr->from) < t.steps.size()) {
        const size_t r = size_t(ptr->from) + 1;
        if (r >= first && r < first + shown)
            dl->AddRect(ImVec2(wp.x + 2, top_of(r)), ImVec2(side_x - 2, top_of(r) + height_of(r)), col(p.error), 3, 2.5f);
    }

    const ImU32 op_c = col(p.arrow_op, 230), faint = col(p.arrow_copy, 90), hazard_c = col(p.cell_hazard, 235);
    const float thick = std::clamp(w / 20.0f, 1.0f, 2.2f);
    for (size_t r = std::max<size_t>(r_lo, first + 1); r < r_hi; ++r) {
        const Step& s = t.steps[r - 1];
        const Row above = row_of(r - 1), here = row_of(r);
        const bool from_above = !(s.phase == Phase::load && r - 1 > 0 && s.depth == 0 && s.kernel != Kernel::k2);
        if (s.phase == Phase::add_block_sums) {
            // Kernel 3, bundled per block: one line from S[b − 1] to a bar over block b's elements.
            const float bar_y = ry(r) - height_of(r) * 0.32f;
            for (const SumSpan& sp : block_sum_spans(s, here)) {
                const int64_t src = above.local(sp.s);
                const float xa = cx(here, sp.first), xb = cx(here, sp.last);
                if (src >= 0) dl->AddLine(ImVec2(cx(above, src), ry(r - 1)), ImVec2((xa + xb) * 0.5f, bar_y), op_c, r - 1 == current ? thick * 1.8f : thick);
                dl->AddLine(ImVec2(xa, bar_y), ImVec2(xb, bar_y), op_c, thick);
                for (int64_t i = sp.first; i <= sp.last; ++i)
                    if (w >= 6) dl->AddLine(ImVec2(cx(here, i), bar_y), ImVec2(cx(here, i), ry(r)), faint, 1.0f);
            }
            continue;
        }
        const std::vector<int32_t> possible = possible_hazards(t, r - 1);
        for (const Access& a : s.accesses) {
            const int64_t src = above.local(a.src), dst = here.local(a.dst);
            if (!from_above || src < 0 || dst < 0) continue;
            const int64_t from_col = above.column + src, to_col = here.column + dst;
            if (std::max(from_col, to_col) + 1 < int64_t(c_lo) || std::min(from_col, to_col) > int64_t(c_hi)) continue;
            const ImVec2 from(cx(above, src), ry(r - 1)), to(cx(here, dst), ry(r));
            // A stale read: the thread took the element's new value, from its own row.
            if (a.applies_op && std::binary_search(s.hazards.begin(), s.hazards.end(), a.src)) {
                const ImVec2 new_value(cx(here, here.local(a.src)), ry(r));
                dl->AddBezierQuadratic(new_value, ImVec2((new_value.x + to.x) * 0.5f, ry(r) - height_of(r) * 0.6f), to, hazard_c, thick * 1.6f);
                continue;
            }
            dl->AddLine(from, to, a.applies_op ? op_c : faint, a.applies_op ? (r - 1 == current ? thick * 1.8f : thick) : 1.0f);
            const int64_t own = above.local(a.dst);
            if (a.applies_op && a.src != a.dst && own >= 0 && s.phase != Phase::block_sum_write && s.phase != Phase::add_block_sums)
                dl->AddLine(ImVec2(cx(above, own), ry(r - 1)), to, faint, 1.0f);
        }
        // Where the race can strike in this step (a reader and a writer in different warps, no
        // barrier between): a ring round the element, drawn even when this schedule hid it.
        for (int32_t e : possible)
            if (const int64_t i = here.local(e); i >= 0) dl->AddCircle(ImVec2(cx(here, i), ry(r)), std::max(4.0f, std::min(w, height_of(r)) * 0.32f), hazard_c, 16, 1.5f);
    }
    const float dot = std::clamp(w * 0.16f, 1.5f, font * 0.3f);
    // The current row's values sit in small boxes on its nodes (yellow where this step wrote), so
    // the lines end at them and no line crosses a digit; a cell too narrow for its digits keeps
    // the dot, and predict mode hides the values it asks for.
    // (Presenting, at the legible size, as the array's cells: the diagram's numbers are read too.)
    const float value_size = app.layout.presentation ? legible_value_size(app) : font;
    const bool values = w >= value_size * 1.2f && !app.predict.hides(&st, current);
    std::vector<int32_t> ringed;
    if (values && current < t.steps.size()) ringed = possible_hazards(t, current);
    for (size_t r = r_lo; r < r_hi; ++r) {
        const Row row = row_of(r);
        const bool cur_row = r == current + 1;
        const size_t n = row.count;
        std::vector<uint8_t> written;
        if (r > 0) {
            written.assign(n, 0);
            for (const Access& a : t.steps[r - 1].accesses)
                if (const int64_t i = row.local(a.dst); a.applies_op && i >= 0) written[size_t(i)] = 1;
        }
        const int64_t i_lo = std::clamp<int64_t>(int64_t(c_lo) - row.column, 0, int64_t(n));
        const int64_t i_hi = std::clamp<int64_t>(int64_t(c_hi) - row.column, i_lo, int64_t(n));
        for (int64_t i = i_lo; i < i_hi; ++i) {
            const bool hit = r > 0 && written[size_t(i)];
            if (cur_row && values) {
                const std::string val = format_value(*row.values, row.first + size_t(i));
                const ImVec2 sz = ImGui::GetFont()->CalcTextSizeA(value_size, FLT_MAX, 0, val.c_str());
                // One width for every box, nearly the column's, so the row reads like the array's cells.
                // (A pixel apart, and a pixel of margin either side of the digits: two digits at the
                // legible size fit the columns of a projector's 16 elements.)
                const float hw = w * 0.5f - 1, hh = std::min(sz.y * 0.5f + 1, rh * 0.5f - 1);
                if (sz.x + 2 <= 2 * hw) {
                    const ImVec2 c(cx(row, i), ry(r)), a(c.x - hw, c.y - hh), b(c.x + hw, c.y + hh);
                    note_value_drawn({a, b, value_size, val});
                    dl->AddRectFilled(a, b, hit ? col(p.thread_active) : col(p.cell_untouched), 3.0f);
                    const int64_t e = row.offset + i;
                    if (std::binary_search(ringed.begin(), ringed.end(), int32_t(e))) dl->AddRect(a, b, col(p.cell_hazard), 3.0f, 2.0f);
                    dl->AddText(ImGui::GetFont(), value_size, ImVec2(c.x - sz.x * 0.5f, c.y - sz.y * 0.5f), hit ? IM_COL32(20, 20, 20, 255) : col(p.cell_text),
                                val.c_str());
                    continue;
                }
                // Too wide for its column: a dot, and noted as a value left out.
                const ImVec2 c(cx(row, i), ry(r));
                note_value_drawn({ImVec2(c.x - hw, c.y - hh), ImVec2(c.x + hw, c.y + hh), 0, val});
            }
            const float d = std::min(dot, height_of(r) * 0.22f);
            dl->AddCircleFilled(ImVec2(cx(row, i), ry(r)), hit ? d * 1.5f : d,
                                hit ? col(p.thread_active) : ImGui::GetColorU32(ImGuiCol_Text), 12);
        }
    }
    dl->PopClipRect();
    // Row labels, pinned to the left edge: the step number and the array (S rows say so).
    const float lx = std::max(origin.x, wp.x);
    // (Thin rows are labelled where their label's text fits them, every other row where it does
    // not: the map's rows stay countable, and each says its step on hover.)
    auto labelled = [&](size_t r, float fs) { return height_of(r) >= fs * 0.95f || r == current + 1 || (r % 2 == 0 && height_of(r) * 2 >= fs); };
    for (size_t r = r_lo; r < r_hi; ++r) {
        const float yy = top_of(r), hh = height_of(r);
        dl->AddRectFilled(ImVec2(lx, yy), ImVec2(lx + label_w - 2, yy + hh),
                          r == current + 1 ? col(p.current_row) : ImGui::GetColorU32(ImGuiCol_ChildBg));
        std::string label = r == 0 ? std::string("X") : prefixed("#", static_cast<long long>(r - 1));
        if (r > 0 && t.steps[r - 1].array == ArrayKind::s) label += " S";
        const float fs = hh < rh ? std::min(font, std::max(hh * 1.6f, side_font_size() * 0.75f)) : font;
        if (labelled(r, fs)) dl->AddText(ImGui::GetFont(), fs, ImVec2(lx + 4, yy + (hh - fs) * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), label.c_str());
    }
    // Each row's step label in the right-hand column, the current one highlighted.
    for (size_t r = r_lo; r < r_hi && labels; ++r) {
        const float yy = top_of(r), hh = height_of(r);
        dl->AddRectFilled(ImVec2(side_x, yy), ImVec2(wp.x + ws.x, yy + hh), r == current + 1 ? col(p.current_row) : ImGui::GetColorU32(ImGuiCol_ChildBg));
        const std::string label = r == 0 ? std::string("input X") : step_label(t.steps[r - 1]);
        const float fs = hh < rh ? std::min(side_font_size(), std::max(hh * 1.6f, side_font_size() * 0.75f)) : side_font_size();
        if (labelled(r, fs))
            dl->AddText(ImGui::GetFont(), fs, ImVec2(side_x + 8, yy + (hh - fs) * 0.5f),
                        r == current + 1 ? ImGui::GetColorU32(ImGuiCol_Text) : ImGui::GetColorU32(ImGuiCol_TextDisabled), label.c_str());
    }
    if (ImGui::IsWindowHovered()) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        size_t hovered = first + shown;
        for (size_t r = first; r < first + shown; ++r)
            if (m.y >= top_of(r) && m.y < top_of(r) + height_of(r)) hovered = r;
        if (hovered < first + shown) {
            const size_t r = hovered;
            if (m.x < lx + label_w) {
                ImGui::SetTooltip("%s", r == 0 ? "the input X" : step_label(t.steps[r - 1]).c_str());
                if (r > 0 && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && &st == app.session.trace.get()) app.session.go_to(r - 1);
            }
        }
    }
    ImGui::EndChild();
}

}  // namespace scanlab::gui
