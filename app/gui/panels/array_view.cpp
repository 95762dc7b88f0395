// The array view of one step: the array the step read ("before"), arrows from each element read
// to the element written, the array after the step coloured by what happened to each cell
// (updated / loaded / final / hazard), the writing thread's id under each cell, and a row of the
// launched threads (active or idle) with block and warp boundaries. Zoom: Ctrl+wheel or +/-;
// pan: drag or Shift+wheel. Only the visible columns are drawn, so 2048 elements stay smooth.
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/model/tiles.hpp"
#include "app/gui/panels/explain_pane.hpp"
#include "app/gui/panels/kernel_blocks_view.hpp"
#include "app/gui/panels/step_view.hpp"
#include "app/gui/panels/step_view_state.hpp"
#include "app/gui/panels/tiles_view.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {
namespace {

Rgb state_colour(const Palette& p, CellState s) {
    switch (s) {
        case CellState::untouched: return p.cell_untouched;
        case CellState::loaded: return p.cell_loaded;
        case CellState::final_value: return p.cell_final;
        case CellState::updated: return p.cell_updated;
        case CellState::hazard: return p.cell_updated;  // its own value is right: drawn with a hazard outline
        case CellState::wrong: return p.cell_wrong;
    }
    return p.cell_untouched;
}

// Keeps the array view and the step diagram scrolled together.
void sync_scroll(App& app, int slot) {
    float& seen = app.step_view.scroll_seen[slot];
    const float cur = ImGui::GetScrollX();
    if (std::fabs(cur - seen) > 0.5f)
        app.step_view.shared_scroll_x = cur;
    else if (std::fabs(cur - app.step_view.shared_scroll_x) > 0.5f)
        ImGui::SetScrollX(app.step_view.shared_scroll_x);
    seen = app.step_view.shared_scroll_x;
}

// Ctrl+wheel zooms about the mouse; a left drag on the background pans.
void zoom_and_pan(App& app, float label_w) {
    if (!ImGui::IsWindowHovered()) return;
    ImGuiIO& io = ImGui::GetIO();
    float& w = app.layout.cell_width;
    if (io.KeyCtrl && io.MouseWheel != 0) {
        const float mouse_x = io.MousePos.x - ImGui::GetWindowPos().x + ImGui::GetScrollX() - label_w;
        const float element = mouse_x / w;
        w = std::clamp(w * std::pow(1.15f, io.MouseWheel), 2.0f, 200.0f);
        app.step_view.zoom_fixed = true;
        app.step_view.shared_scroll_x = std::max(0.0f, element * w + label_w - (io.MousePos.x - ImGui::GetWindowPos().x));
        ImGui::SetScrollX(app.step_view.shared_scroll_x);
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left) && !ImGui::IsAnyItemActive()) {
        app.step_view.shared_scroll_x = std::max(0.0f, ImGui::GetScrollX() - io.MouseDelta.x);
        ImGui::SetScrollX(app.step_view.shared_scroll_x);
    }
}

void arrow(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 c, float thick) {
    const float dy = (to.y - from.y) * 0.5f;
    dl->AddBezierCubic(from, ImVec2(from.x, from.y + dy), ImVec2(to.x, to.y - dy), to, c, thick);
    const float s = std::max(3.0f, thick * 2.5f);
    dl->AddTriangleFilled(ImVec2(to.x, to.y), ImVec2(to.x - s, to.y - s * 1.6f), ImVec2(to.x + s, to.y - s * 1.6f), c);
}

// Which part of a sampled trace this step shows: the window of the input's scan, or S whole.
void sampled_window_note(const Trace& t, const Step& st) {
    const Row win = input_row(t);
    const int64_t last = t.sample.first_block + t.sample.blocks - 1;
    const std::string blocks = t.sample.blocks == 1 ? "block " + grouped(t.sample.first_block)
                                                    : "blocks " + grouped(t.sample.first_block) + " to " + grouped(last);
    std::string where = windowed(t, st) ? blocks + " of " + grouped(t.grid) + " (elements " + grouped(win.offset) + " to " +
                                              grouped(win.offset + int64_t(win.count) - 1) + ")"
                                        : "block sums S kept whole (" + grouped(int64_t(size_of(st.values))) + " elements)";
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("Sampled trace, %s; counts cover every block.", where.c_str());
    ImGui::PopTextWrapPos();
}

// The small font of the index rulers above the rows.
float ruler_font_size() { return std::round(ImGui::GetFontSize() * 0.78f); }
float ruler_height() { return ruler_font_size() + 3; }

// A row's height and the band of arrows under it, at a vertical scale (1: the full size; less
// where the array view is fitted to a short window). The digits follow the cell's height.
struct RowMetrics {
    float ch, band;
};
RowMetrics row_metrics(const App& app, float scale) {
    const float ch = std::round(cell_height() * scale);
    // Presenting, the arrows' band gives its height to the digits: a cell's height of arrows.
    if (app.layout.presentation) return {ch, std::round(ch * 1.05f)};
    return {ch, std::max(ch * 1.6f, ImGui::GetFontSize() * 2.6f * scale)};
}

// The values a race-free run holds under step k's array, where this run's differ: the race-free
// row of a single-section scan, or the correct scan under a wrong result. Null when none differ.
const ValueArray* expected_row(const ShownTrace& st, size_t k, int64_t* offset) {
    const TraceBook& b = st.book;
    const Trace& t = st.trace;
    *offset = 0;
    if (k < b.race_free.size()) {
        const std::vector<uint8_t> wrong = wrong_cells(t, b.race_free, k);
        return std::count(wrong.begin(), wrong.end(), 1) ? &b.race_free[k] : nullptr;
    }
    if (shows_result(t, k) && !b.verdict.correct()) {
        *offset = b.verdict.first;
        return &b.verdict.expected;
    }
    return nullptr;
}

// One step's array view as it is laid out: the rows, where each one sits, the cells' size and the
// visible columns. The parts below each draw one thing with it (imgui_demo's sections).
struct ArrayCanvas {
    const App& app;
    const ShownTrace& st;
    const Trace& t;
    const Step& s;
    size_t k;
    const Palette& p;
    StepRows rows;
    std::vector<CellState> states;
    std::vector<uint8_t> final_now;  // holds its result value from this step on
    ImDrawList* dl = nullptr;
    float font = 0, w = 0, ch = 0, band = 0, rh = 0, small = 0, label_w = 0;
    float x0 = 0, view_l = 0, view_r = 0;
    float y_sums_ruler = 0, y_sums = 0, y_before_ruler = 0, y_before = 0, y_after = 0, y_expected = 0, y_tid = 0, y_threads = 0;
    float thread_h = 0;
    const ValueArray* expected = nullptr;  // the race-free row under a wrong one
    int64_t expected_offset = 0;
    bool hidden = false;  // predict mode: the row this step writes stays hidden
    bool show_values = false;  // the cells are wide enough for digits
    float legible = 7;  // no value drawn smaller (legible_value_size)
    bool ids_in_bars = false;  // presenting: the thread ids inside the threads' bars
    std::vector<int32_t> possible;  // where the race can strike (racy kernel only; sorted)

    ArrayCanvas(const App& a, const ShownTrace& shown, size_t step)
        : app(a),
          st(shown),
          t(shown.trace),
          s(t.steps[step]),
          k(step),
          p(a.palette()),
          rows(step_rows(t, step)),
          states(cell_states(t, shown.book, step)),
          final_now(final_cells(t, shown.book, step)) {}

    // The visible part of a row, as positions in the row.
    std::pair<int64_t, int64_t> visible(const Row& r) const {
        const float c0 = std::floor((view_l - x0) / w) - 1, c1 = std::ceil((view_r - x0) / w) + 1;
        const int64_t lo = std::clamp<int64_t>(int64_t(c0) - r.column, std::max<int64_t>(0, -r.column), int64_t(r.count));
        const int64_t hi = std::clamp<int64_t>(int64_t(c1) - r.column, lo, int64_t(r.count));
        return {lo, hi};
    }
    float cell_x(const Row& r, int64_t i) const { return x0 + float(r.column + i) * w; }
    bool off_screen(float xa, float xb) const { return std::max(xa, xb) < view_l - w || std::min(xa, xb) > view_r + w; }
    // A stale read: the thread read the element's new value, written by another warp in this step.
    bool stale(const Access& a) const { return a.applies_op && std::binary_search(s.hazards.begin(), s.hazards.end(), a.src); }
};

// The rows top to bottom (S where kernel 3 adds it, the array read, the array written, the
// expected row under a wrong one, the thread ids, the launched threads); each element row read
// from has an index ruler above it. Returns the content's height.
float place_rows(ArrayCanvas& c, float top) {
    float y = top + 2;
    c.y_sums_ruler = y;
    if (c.rows.sums) y += c.rh;
    c.y_sums = y;
    if (c.rows.sums) y += c.ch + c.band * 0.8f;
    c.y_before_ruler = y;
    c.y_before = y + c.rh;
    c.y_after = c.y_before + c.ch + c.band;
    c.y_expected = c.y_after + c.ch + 3;
    c.y_tid = (c.expected ? c.y_expected : c.y_after) + c.ch + 2;
    // Thread ids and the "threads" label in the rulers' small font, which spares a short window.
    // Presenting, the ids stand in the threads' bars: the room goes to the values.
    c.y_threads = c.ids_in_bars ? c.y_tid + 2 : c.y_tid + c.small + 4;
    c.thread_h = c.ids_in_bars ? c.small + 4 : c.font * 0.8f;
    if (c.ids_in_bars) c.y_tid = c.y_threads + 2;
    return c.y_threads + std::max(c.thread_h + 4, c.small + 2) - top;
}

// Kernel 3, bundled per block as the step diagram draws it: one arrow from S[b − 1] to a bar over
// block b (above XY's ruler), and each element's own value straight down. Every other step: an
// arrow from each element read to the element written, and a line from the element's own value.
void draw_arrows(const ArrayCanvas& c) {
    const Row &before = c.rows.before, &after = c.rows.after, &sums = c.rows.sums;
    const ImU32 op_c = col(c.p.arrow_op, 220), copy_c = col(c.p.arrow_copy, 150);
    const float thick = std::clamp(c.w / 18.0f, 1.0f, 2.5f);
    if (c.s.phase == Phase::add_block_sums) {
        const float bar_y = c.y_before_ruler - 2;
        for (const SumSpan& sp : block_sum_spans(c.s, after)) {
            const int64_t src = sums.local(sp.s);
            const float xa = c.cell_x(after, sp.first) + 2, xb = c.cell_x(after, sp.last) + c.w - 2;
            if (c.off_screen(xa, xb) && (src < 0 || c.off_screen(c.cell_x(sums, src), c.cell_x(sums, src)))) continue;
            c.dl->AddLine(ImVec2(xa, bar_y), ImVec2(xb, bar_y), op_c, std::max(2.0f, thick));
            if (src >= 0) {
                // To the bar's middle, or to the visible part of it when the block is wider than the view.
                const float mid = std::clamp((xa + xb) * 0.5f, std::max(xa, c.view_l + c.w), std::min(xb, c.view_r - c.w));
                arrow(c.dl, ImVec2(c.cell_x(sums, src) + c.w * 0.5f, c.y_sums + c.ch), ImVec2(mid, bar_y - 1), op_c, thick);
            }
        }
        const auto [lo, hi] = c.visible(after);
        for (const Access& a : c.s.accesses) {
            const int64_t dst = after.local(a.dst);
            if (dst < lo || dst >= hi) continue;
            const float x = c.cell_x(after, dst) + c.w * 0.5f;
            c.dl->AddLine(ImVec2(x, c.y_before + c.ch), ImVec2(x, c.y_after - 2), copy_c, 1.0f);
        }
        return;
    }
    for (const Access& a : c.s.accesses) {
        const int64_t dst = after.local(a.dst);
        if (dst < 0) continue;
        const float to_x = c.cell_x(after, dst) + c.w * 0.5f;
        const int64_t src = before.local(a.src);
        if (src >= 0 && !c.stale(a)) {
            const float from_x = c.cell_x(before, src) + c.w * 0.5f;
            if (!c.off_screen(from_x, to_x))
                arrow(c.dl, ImVec2(from_x, c.y_before + c.ch), ImVec2(to_x, c.y_after - 1), a.applies_op ? op_c : copy_c,
                      a.applies_op ? thick : 1.0f);
        }
        // The element's own value, the other operand of an addition in place.
        const int64_t own = before.local(a.dst);
        if (a.applies_op && a.src != a.dst && own >= 0 && c.s.phase != Phase::block_sum_write) {
            const float own_x = c.cell_x(before, own) + c.w * 0.5f;
            if (!c.off_screen(own_x, to_x)) c.dl->AddLine(ImVec2(own_x, c.y_before + c.ch), ImVec2(to_x, c.y_after - 2), copy_c, 1.0f);
        }
    }
}

// A segmented scan's flag of 1: on the input, where a segment starts (a bar on the cell's left
// edge and a pennant); in a step's array, a pennant: a segment start lies within what the element
// has combined, so nothing earlier is added to it any more.
void flag_marker(const ArrayCanvas& c, ImVec2 a, ImVec2 b, bool head) {
    const ImU32 fc = col(c.p.segment_flag);
    const float s = std::clamp(std::min(c.w, c.ch) * 0.32f, 3.0f, 10.0f);
    if (head) c.dl->AddRectFilled(a, ImVec2(a.x + std::clamp(c.w / 8.0f, 2.0f, 4.0f), b.y), fc);
    c.dl->AddTriangleFilled(a, ImVec2(a.x + s, a.y), ImVec2(a.x, a.y + s), fc);
}

// One row of cells: coloured by what the step did to each (`states`, the row it wrote) or in one
// colour; predict mode shows the written row as question marks, the cells it asks for outlined.
void draw_row(const ArrayCanvas& c, const Row& r, float yy, const std::vector<CellState>* states, Rgb plain) {
    const auto [lo, hi] = c.visible(r);
    const bool hide = c.hidden && states;
    const ImU32 text = col(c.p.cell_text), border = ImGui::GetColorU32(ImGuiCol_WindowBg);
    const std::vector<int64_t>& asked = c.app.predict.cells;
    for (int64_t i = lo; i < hi; ++i) {
        const ImVec2 a(c.cell_x(r, i), yy), b(c.cell_x(r, i) + c.w, yy + c.ch);
        if (hide) {
            c.dl->AddRectFilled(a, b, col(c.p.cell_untouched));
            if (std::count(asked.begin(), asked.end(), r.offset + i) > 0)
                c.dl->AddRect(a, b, col(c.p.thread_active), 0, std::clamp(c.w / 8.0f, 2.0f, 4.0f));
            if (c.show_values) cell_text(c.dl, a, b, text, "?", c.legible);
            continue;
        }
        const CellState state = states ? (*states)[size_t(i)] : CellState::untouched;
        c.dl->AddRectFilled(a, b, col(states ? state_colour(c.p, state) : plain));
        // Written by this step into its result value: updated (the cell) and final (a band of the
        // final colour across its foot), never one hiding the other.
        if (states && state != CellState::final_value && state != CellState::wrong && size_t(i) < c.final_now.size() &&
            c.final_now[size_t(i)])
            c.dl->AddRectFilled(ImVec2(a.x, b.y - std::max(4.0f, c.ch * 0.25f)), b, col(c.p.cell_final));
        if (c.w >= 6) c.dl->AddRect(a, b, border, 0, c.w >= 20 ? 2.0f : 1.0f);
        // Where the race can strike though this schedule hid it: a thin outline.
        if (states && std::binary_search(c.possible.begin(), c.possible.end(), int32_t(r.offset + i)) && state != CellState::hazard)
            c.dl->AddRect(ImVec2(a.x + 1, a.y + 1), ImVec2(b.x - 1, b.y - 1), col(c.p.cell_hazard, 150), 0, 1.5f);
        // Read too late by another warp: the element's own value is right, its reader's is not.
        if (states && state == CellState::hazard)
            c.dl->AddRect(ImVec2(a.x + 1, a.y + 1), ImVec2(b.x - 1, b.y - 1), col(c.p.cell_hazard), 0, std::clamp(c.w / 10.0f, 1.5f, 4.0f));
        if (c.show_values) cell_text(c.dl, a, b, text, format_value(*r.values, r.first + size_t(i)), c.legible);
        if (r.flags && (*r.flags)[r.first + size_t(i)]) flag_marker(c, a, b, r.values == &c.t.input);
    }
}

// The Your kernel panel's selected finding, where this step's row shows its element: a thick
// outline in the error colour in a light ring, and a corner mark, so it reads on a projector
// beside a hazard's.
void draw_finding_mark(const ArrayCanvas& c) {
    const kernel_tracer::Finding* f = c.app.session.your_kernel.finding();
    if (!f || &c.st != c.app.session.trace.get() || c.t.kernel.empty()) return;
    const int64_t cell = finding_cell(c.t, c.k, *f);
    if (cell < 0) return;
    const Row& r = c.rows.after;
    const int64_t i = r.local(cell);
    if (i < 0) return;
    const ImVec2 a(c.cell_x(r, i), c.y_after), b(c.cell_x(r, i) + c.w, c.y_after + c.ch);
    // A light ring round the error colour's: it reads on a wrong (magenta) or updated cell alike.
    const float thick = std::clamp(c.w / 7.0f, 2.5f, 5.0f);
    c.dl->AddRect(ImVec2(a.x - thick * 1.5f, a.y - thick * 1.5f), ImVec2(b.x + thick * 1.5f, b.y + thick * 1.5f), col(c.p.cell_text), 0,
                  thick);
    c.dl->AddRect(ImVec2(a.x - thick * 0.5f, a.y - thick * 0.5f), ImVec2(b.x + thick * 0.5f, b.y + thick * 0.5f), col(c.p.error), 0, thick);
    const float s = std::clamp(std::min(c.w, c.ch) * 0.3f, 4.0f, 12.0f);
    c.dl->AddTriangleFilled(ImVec2(b.x - s, a.y), ImVec2(b.x, a.y), ImVec2(b.x, a.y + s), col(c.p.error));
}

// A lesson's slide that points at cells (::: view steps cells A-B): one outline round them in the
// step's row, in the error colour with a light ring, as the finding's mark, so it reads on a projector.
void draw_lesson_cells(const ArrayCanvas& c) {
    const std::optional<LessonPointer> ptr = c.app.lesson.pointer(c.app.session);
    if (!ptr || ptr->point != "cells" || ptr->view != "steps" || &c.st != c.app.session.trace.get()) return;
    const Row& r = c.rows.after;
    const auto [lo, hi] = c.visible(r);
    const int64_t from = std::max(r.local(ptr->from), lo), to = std::min(r.local(ptr->to), hi - 1);
    if (r.local(ptr->from) < 0 || from > to) return;
    const float thick = std::clamp(c.w / 9.0f, 2.0f, 4.0f);
    const ImVec2 a(c.cell_x(r, from) - thick, c.y_after - thick), b(c.cell_x(r, to) + c.w + thick, c.y_after + c.ch + thick);
    c.dl->AddRect(ImVec2(a.x - thick, a.y - thick), ImVec2(b.x + thick, b.y + thick), col(c.p.cell_text), 3, thick);
    c.dl->AddRect(a, b, col(c.p.error), 3, thick);
}

// The values a race-free run holds, under a wrong row ("want").
void draw_expected_row(const ArrayCanvas& c) {
    if (!c.expected) return;
    const Row want{c.expected, 0, size_of(*c.expected), c.expected_offset, "want", c.rows.after.column};
    const auto [lo, hi] = c.visible(want);
    const ImU32 text = col(c.p.cell_text), border = ImGui::GetColorU32(ImGuiCol_WindowBg);
    for (int64_t i = lo; i < hi; ++i) {
        const ImVec2 a(c.cell_x(want, i), c.y_expected), b(c.cell_x(want, i) + c.w, c.y_expected + c.ch);
        c.dl->AddRectFilled(a, b, col(c.p.expected_row));
        if (c.w >= 6) c.dl->AddRect(a, b, border, 0, 1.0f);
        if (c.show_values) cell_text(c.dl, a, b, text, format_value(*c.expected, size_t(i)), c.legible);
    }
}

// Section boundaries fall at global multiples of the section, wherever the row starts.
void block_lines(const ArrayCanvas& c, const Row& r, float ya, float yb) {
    const int64_t sec = c.t.section;
    if (sec <= 0 || c.s.blocks <= 1 || r.count <= size_t(sec)) return;
    const auto [lo, hi] = c.visible(r);
    for (int64_t i = lo + (sec - (r.offset + lo) % sec) % sec; i < hi; i += sec)
        if (i > 0) c.dl->AddLine(ImVec2(c.cell_x(r, i), ya), ImVec2(c.cell_x(r, i), yb), col(c.p.block_line), 3.0f);
}

// Global indices above a row, every L-th element (L a power of two wide enough for the labels),
// so a sampled block reads "40,960 ... 41,983" as the whole array numbers it.
void ruler(const ArrayCanvas& c, const Row& r, float yy) {
    if (r.count == 0) return;
    ImFont* f = ImGui::GetFont();
    const float fs = ruler_font_size();
    const float widest = f->CalcTextSizeA(fs, FLT_MAX, 0, grouped(r.offset + int64_t(r.count) - 1).c_str()).x;
    int64_t every = 1;
    while (float(every) * c.w < widest + fs * 0.8f && every < (int64_t(1) << 40)) every *= 2;
    const ImU32 colour = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const auto [lo, hi] = c.visible(r);
    for (int64_t i = lo + (every - (r.offset + lo) % every) % every; i < hi; i += every) {
        const std::string label = grouped(r.offset + i);
        const float x = c.cell_x(r, i);
        if (every == 1) {
            const float lw = f->CalcTextSizeA(fs, FLT_MAX, 0, label.c_str()).x;
            c.dl->AddText(f, fs, ImVec2(std::floor(x + (c.w - lw) * 0.5f), yy), colour, label.c_str());
        } else {
            c.dl->AddLine(ImVec2(x, yy + 1), ImVec2(x, yy + c.rh - 1), colour, 1.0f);
            c.dl->AddText(f, fs, ImVec2(x + 3, yy), colour, label.c_str());
        }
    }
}

// Each stale read, drawn from the value the thread actually read (the new one, in the row after
// the step) to the element it wrote, with what it read and what it needed. Labels go left to right
// (accesses are ordered by thread): one that would run into the label before it is left out, its
// arc still drawn (the cells say the values on hover).
void draw_stale_reads(const ArrayCanvas& c) {
    // A student's kernel's arrow starts at the partner its thread read, as the built-in traces'
    // does, so its stale reads are drawn as theirs are.
    if (c.hidden) return;
    const Row &before = c.rows.before, &after = c.rows.after;
    const float thick = std::clamp(c.w / 18.0f, 1.0f, 2.5f);
    float label_right = -FLT_MAX;
    for (const Access& a : c.s.accesses) {
        if (!c.stale(a)) continue;
        const int64_t src = after.local(a.src), dst = after.local(a.dst), old = before.local(a.src);
        if (src < 0 || dst < 0) continue;
        const float from_x = c.cell_x(after, src) + c.w * 0.5f, to_x = c.cell_x(after, dst) + c.w * 0.5f;
        if (c.off_screen(from_x, to_x)) continue;
        const ImU32 hc = col(c.p.cell_hazard);
        const float lift = c.band * 0.55f;
        const ImVec2 from(from_x, c.y_after - 1), to(to_x, c.y_after - 1);
        c.dl->AddBezierCubic(from, ImVec2(from_x, c.y_after - lift), ImVec2(to_x, c.y_after - lift), to, hc, thick + 0.5f);
        const float sz = std::max(3.0f, thick * 2.5f);
        c.dl->AddTriangleFilled(to, ImVec2(to.x - sz, to.y - sz * 1.6f), ImVec2(to.x + sz, to.y - sz * 1.6f), hc);
        if (old < 0 || !before.values) continue;
        // In the ruler's small font, over the arc, where it fits beside its neighbours.
        const std::string label = "read " + format_value(*after.values, after.first + size_t(src)) + ", needed " +
                                  format_value(*before.values, before.first + size_t(old));
        ImFont* f = ImGui::GetFont();
        const float fs = ruler_font_size();
        const ImVec2 sz_t = f->CalcTextSizeA(fs, FLT_MAX, 0, label.c_str());
        const ImVec2 at(std::floor((from_x + to_x - sz_t.x) * 0.5f), std::floor(c.y_after - lift * 0.75f - sz_t.y));
        if (sz_t.x <= c.w * 3.6f && at.x - 2 > label_right + fs * 0.5f) {
            label_right = at.x + sz_t.x + 2;
            c.dl->AddRectFilled(ImVec2(at.x - 2, at.y), ImVec2(at.x + sz_t.x + 2, at.y + sz_t.y), ImGui::GetColorU32(ImGuiCol_WindowBg));
            c.dl->AddText(f, fs, at, hc, label.c_str());
        }
    }
}

// Thread ids under the cells they wrote (block-local threadIdx.x, as the kernels see it).
void draw_thread_ids(const ArrayCanvas& c, const std::vector<int32_t>& writer) {
    if (c.w < c.small * 1.3f || c.hidden) return;
    const auto [lo, hi] = c.visible(c.rows.after);
    ImFont* f = ImGui::GetFont();
    // In the bars: dark on an active thread's light colour, light on an idle one's (a thread's id
    // stands under the element it wrote, which need not be over its own bar).
    const ThreadRow launched = c.ids_in_bars ? launched_threads(c.t, c.s) : ThreadRow{};
    const bool writes_s = c.s.phase == Phase::block_sum_write;
    const size_t span = writes_s ? c.rows.before.count : std::max(c.rows.before.count, c.rows.after.count);
    const float thread_w = launched.active.empty() ? c.w : c.w * float(std::max<size_t>(span, 1)) / float(launched.active.size());
    const float tx0 = c.x0 + float(writes_s ? c.rows.before.column : c.rows.after.column) * c.w;
    for (int64_t i = lo; i < hi; ++i) {
        if (writer[size_t(i)] < 0) continue;
        const std::string tid = prefixed("t", writer[size_t(i)]);
        const ImVec2 sz = f->CalcTextSizeA(c.small, FLT_MAX, 0, tid.c_str());
        // (In a bar, dark on the active thread's light colour.)
        ImU32 colour = ImGui::GetColorU32(ImGuiCol_TextDisabled);
        if (c.ids_in_bars) {
            const int64_t under = int64_t((c.cell_x(c.rows.after, i) + c.w * 0.5f - tx0) / thread_w);
            const bool active = under >= 0 && size_t(under) < launched.active.size() && launched.active[size_t(under)];
            colour = active ? IM_COL32(20, 20, 20, 255) : IM_COL32(255, 255, 255, 255);
        }
        if (sz.x < c.w) c.dl->AddText(f, c.small, ImVec2(c.cell_x(c.rows.after, i) + (c.w - sz.x) * 0.5f, c.y_tid), colour, tid.c_str());
    }
}

// The launched threads: active or idle, warps separated by thin lines, blocks by thick ones, under
// the elements they work on: XY's (the row read) when they write S.
void draw_launched_threads(const ArrayCanvas& c) {
    const ThreadRow launched = launched_threads(c.t, c.s);
    const size_t threads = launched.active.size();
    if (threads == 0) return;
    const bool writes_s = c.s.phase == Phase::block_sum_write;
    const size_t span = writes_s ? c.rows.before.count : std::max(c.rows.before.count, c.rows.after.count);
    const float thread_w = c.w * float(std::max<size_t>(span, 1)) / float(threads);
    const float tx0 = c.x0 + float(writes_s ? c.rows.before.column : c.rows.after.column) * c.w;
    // Never left of column 0 (under the row labels), where a moved row's threads would start.
    const float left = std::max(c.view_l, c.x0);
    const size_t t_lo = size_t(std::clamp(std::ceil((left - tx0) / thread_w - 0.01f), 0.0f, float(threads)));
    const size_t t_hi = size_t(std::clamp((c.view_r - tx0) / thread_w + 1, 0.0f, float(threads)));
    for (size_t i = t_lo; i < t_hi; ++i) {
        const float xa = tx0 + float(i) * thread_w, inset = thread_w > 4 ? 1.0f : 0.0f;
        c.dl->AddRectFilled(ImVec2(xa + inset, c.y_threads), ImVec2(xa + thread_w - inset, c.y_threads + c.thread_h),
                            col(launched.active[i] ? c.p.thread_active : c.p.thread_idle));
    }
    const int64_t tpb = std::max(1, c.s.threads_per_block);
    const int64_t ww = std::max(1, c.t.warp_width);
    for (size_t i = std::max<size_t>(t_lo, 1); i < t_hi; ++i) {
        const float x = tx0 + float(i) * thread_w;
        if (x < c.view_l || x > c.view_r) continue;
        const int64_t g = launched.first + int64_t(i);
        if (g % tpb == 0)
            c.dl->AddLine(ImVec2(x, c.y_threads - 4), ImVec2(x, c.y_threads + c.thread_h + 4), col(c.p.block_line), 3.0f);
        else if ((g % tpb) % ww == 0)
            c.dl->AddLine(ImVec2(x, c.y_threads - 3), ImVec2(x, c.y_threads + c.thread_h + 3), col(c.p.warp_line), 1.5f);
    }
}

// Row labels, pinned at the left edge while the cells scroll under them.
void draw_row_labels(const ArrayCanvas& c, float origin_x) {
    const float lx = std::max(origin_x, c.view_l) + 4;
    auto label = [&](float yy, const std::string& text) {
        c.dl->AddRectFilled(ImVec2(lx - 4, yy), ImVec2(lx - 4 + c.label_w - 4, yy + c.ch), ImGui::GetColorU32(ImGuiCol_ChildBg));
        c.dl->AddText(ImVec2(lx, yy + (c.ch - c.font) * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), text.c_str());
    };
    if (c.rows.sums) label(c.y_sums, "S");
    label(c.y_before, std::string(c.rows.before.name));
    label(c.y_after, std::string(c.rows.after.name));
    if (c.expected) label(c.y_expected, "want");
    c.dl->AddText(ImGui::GetFont(), c.small, ImVec2(lx, c.y_threads), ImGui::GetColorU32(ImGuiCol_Text), "threads");
}

// What a cell of the row written holds, on hover (global indices, as the accesses name them).
void cell_tooltip(const ArrayCanvas& c) {
    if (!ImGui::IsWindowHovered() || c.hidden) return;
    const Row& after = c.rows.after;
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int64_t i = m.x >= c.x0 ? int64_t((m.x - c.x0) / c.w) - after.column : -1;
    if (m.y < c.y_after || m.y >= c.y_after + c.ch || i < 0 || size_t(i) >= after.count) return;
    const Step& s = c.s;
    const int64_t g = after.offset + i;
    const std::string before(c.rows.before.name);
    std::string tip = shown_array(s) + "[" + std::to_string(g) + "] = " + format_value(*after.values, size_t(i));
    for (const Access& a : s.accesses)
        if (a.dst == g) {
            const int tpb = std::max(1, s.threads_per_block);
            tip += "\nwritten by thread " + std::to_string(a.thread % tpb) + " of block " + std::to_string(a.thread / tpb);
            if (!c.t.kernel.empty()) {
                // What the tracer saw of a student's store: the loads before it, the partner among them.
                if (a.applies_op) tip += ": a store after two or more loads";
                if (a.src >= 0)
                    tip += std::string(a.applies_op ? ", among them " : ": a store after reading ") + before + "[" + std::to_string(a.src) +
                           "]";
            } else if (s.phase == Phase::add_block_sums)
                tip += ": + S[" + std::to_string(a.src) + "]";
            else if (a.applies_op)
                tip += ": op(" + before + "[" + std::to_string(a.src) + "], " + before + "[" + std::to_string(a.dst) + "])";
            else if (a.src < 0)
                tip += ": the identity (padding)";
            else
                tip += ": a copy of " + before + "[" + std::to_string(a.src) + "]";
        }
    const CellState state = c.states[size_t(i)];
    if (state == CellState::hazard)
        tip += c.t.kernel.empty() ? "\nstale read: a thread of another warp read it after it was overwritten in this stride"
                                  : "\nstale read: a thread read it after another thread wrote it in the same barrier interval";
    if (state == CellState::wrong) {
        int64_t off = 0;
        if (const ValueArray* want = expected_row(c.st, c.k, &off); want && g - off >= 0 && size_t(g - off) < size_of(*want))
            tip += (c.k < c.st.book.race_free.size() ? "\nWRONG: a race-free run holds " : "\nWRONG: the correct scan holds ") +
                   format_value(*want, size_t(g - off)) + " here";
        else
            tip += "\nWRONG: a race-free run holds another value here";
    }
    if (state == CellState::final_value)
        tip += "\nfinal: this is its result value";
    else if (size_t(i) < c.final_now.size() && c.final_now[size_t(i)] && state != CellState::wrong)
        tip += "\nfinal: this step wrote its result value (the band at its foot)";
    ImGui::SetTooltip("%s", tip.c_str());
}

}  // namespace

void draw_array_view(App& app, const ShownTrace& st, size_t k, const char* id, float height, int scroll_slot, float row_scale) {
    const Trace& t = st.trace;
    if (!st.book.full) {
        ImGui::TextWrapped(
            "This trace holds counts only (recorded with `scanlab scan`): the array view needs a full trace "
            "(`scanlab trace --format json`).");
        return;
    }
    if (k >= t.steps.size()) return;
    ArrayCanvas c(app, st, k);
    const RowMetrics m = row_metrics(app, row_scale);
    c.font = ImGui::GetFontSize();
    c.w = app.layout.cell_width;
    c.ch = m.ch;
    c.band = m.band;
    c.rh = ruler_height();
    c.small = ruler_font_size();
    c.label_w = c.font * 4.2f;
    c.hidden = app.predict.hides(&st, k);
    c.expected = c.hidden ? nullptr : expected_row(st, k, &c.expected_offset);
    c.show_values = c.w >= 7;
    c.legible = legible_value_size(app);
    c.ids_in_bars = app.layout.presentation;
    c.possible = possible_hazards(t, k);
    // Columns: every row from its own column (block sums of a sampled trace sit beside the block).
    int64_t last_col = 1;
    for (const Row* r : {&c.rows.before, &c.rows.sums, &c.rows.after})
        if (*r) last_col = std::max(last_col, r->column + int64_t(r->count));

    ImGui::BeginChild(id, ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
    sync_scroll(app, scroll_slot);
    zoom_and_pan(app, c.label_w);
    c.dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float total_h = place_rows(c, origin.y);
    ImGui::Dummy(ImVec2(c.label_w + float(last_col) * c.w + 8, total_h));
    c.x0 = origin.x + c.label_w;
    c.view_l = ImGui::GetWindowPos().x;
    c.view_r = c.view_l + ImGui::GetWindowWidth();

    // Cells and arrows stay right of the row labels (a moved row starts left of column 0). The
    // arrows first, so the cells sit on top of their ends.
    c.dl->PushClipRect(ImVec2(std::max(c.view_l, c.x0), ImGui::GetWindowPos().y),
                       ImVec2(c.view_r, ImGui::GetWindowPos().y + ImGui::GetWindowHeight()), true);
    draw_arrows(c);
    draw_expected_row(c);
    if (c.rows.sums) {
        ruler(c, c.rows.sums, c.y_sums_ruler);
        draw_row(c, c.rows.sums, c.y_sums, nullptr, c.p.cell_loaded);
    }
    ruler(c, c.rows.before, c.y_before_ruler);
    draw_row(c, c.rows.before, c.y_before, nullptr, c.p.cell_untouched);
    draw_row(c, c.rows.after, c.y_after, &c.states, c.p.cell_untouched);
    draw_stale_reads(c);
    draw_finding_mark(c);
    draw_lesson_cells(c);
    block_lines(c, c.rows.before, c.y_before - 3, c.y_before + c.ch + 3);
    block_lines(c, c.rows.after, c.y_after - 3, c.y_tid + c.small);
    draw_launched_threads(c);
    draw_thread_ids(c, writers(c.s));
    c.dl->PopClipRect();

    draw_row_labels(c, origin.x);
    cell_tooltip(c);
    ImGui::EndChild();
}

float min_row_scale(const App& app) {
    // A value is drawn at 0.6 of its cell's height: a row no shorter than that needs.
    return std::min(1.0f, std::max(0.45f, std::ceil(legible_value_size(app) / kValueOfCell) / cell_height()));
}

float value_cell_width(const App& app, const Trace& t) {
    if (!app.layout.presentation) return 0;
    // The widest value of the input and of every step (at most the first 2,048 of each row, and
    // 64 steps: a small run's every value, a large run's likely widest ones).
    ImFont* f = ImGui::GetFont();
    const float size = legible_value_size(app);
    float widest = 0;
    auto measure = [&](const ValueArray& v) {
        for (size_t i = 0; i < std::min<size_t>(size_of(v), 2048); ++i)
            widest = std::max(widest, f->CalcTextSizeA(size, FLT_MAX, 0, format_value(v, i).c_str()).x);
    };
    measure(t.input);
    for (size_t k = 0; k < t.steps.size() && k < 64; ++k) measure(t.steps[t.steps.size() - 1 - k].values);
    // (A cell's 3 px margin, and the step diagram's box round its current row's values, 8 px.)
    return std::ceil(widest + 8);
}

float array_view_height(const App& app, const ShownTrace& st, size_t k, float row_scale, bool scrollbar) {
    // The rows draw_array_view lays out, plus the child's padding and its horizontal scrollbar
    // (none where the zoom fits the rows to the width).
    const Step& s = st.trace.steps[k];
    const auto [ch, band] = row_metrics(app, row_scale);
    const float font = ImGui::GetFontSize();
    const float small = ruler_font_size();
    // (Presenting, the thread ids in the threads' bars, as place_rows lays them.)
    float h = app.layout.presentation ? 2 + ruler_height() + ch + band + ch + 2 + 2 + small + 8
                                      : 2 + ruler_height() + ch + band + ch + 2 + small + 4 + std::max(font * 0.8f + 4, small + 2);
    if (s.phase == Phase::add_block_sums) h += ruler_height() + ch + band * 0.8f;
    int64_t offset = 0;
    if (expected_row(st, k, &offset)) h += ch + 3;
    const ImGuiStyle& style = ImGui::GetStyle();
    return h + 2 * style.WindowPadding.y + (scrollbar ? style.ScrollbarSize : 0) + 4;
}

namespace {

// An event-scheduled scan's steps: the header, the tiles view and the timeline of events (the
// rows of threads and the step diagram of the lock-step scans do not apply: blocks meet only
// through their flags).
void draw_event_step_view(App& app, float timeline_height) {
    Session& s = app.session;
    const Trace& t = s.trace->trace;
    const Step& st = t.steps[s.step];
    const StepCounts& c = st.counts;
    ImGui::Text("#%zu  %s", s.step, step_label(st).c_str());
    ImGui::SameLine(0, 16);
    ImGui::PushTextWrapPos(0);
    std::string counts = counted(c.additions, "addition", "additions") + " (" + grouped(s.trace->book.cumulative_additions[s.step]) +
                         " so far of " + grouped(t.counts.additions) + ") · " + counted(c.polls, "failed poll", "failed polls") + " (" +
                         grouped(t.counts.polls) + " in all) · " + counted(t.grid, "block", "blocks") + ", " + grouped(t.resident_blocks) +
                         " resident · block schedule " + t.block_schedule + (t.static_index ? ", static index" : "");
    // Who holds the SM slots where some block waits for one (a deadlock says it in red below).
    if (!(st.event && st.event->kind == EventKind::deadlock) && t.grid > t.resident_blocks) counts += " · " + sm_slots_note(t, s.step);
    if (app.layout.presentation) ImGui::PushFont(nullptr, ruler_font_size());
    ImGui::TextDisabled("%s", counts.c_str());
    if (app.layout.presentation) ImGui::PopFont();
    ImGui::PopTextWrapPos();
    if (app.layout.presentation) ImGui::PushFont(nullptr, ruler_font_size());
    // The legends in full where the window has room for them and the rows; a short one keeps
    // the rows and shows the legends on hover.
    const float line = ImGui::GetTextLineHeightWithSpacing();
    // (Presenting, the tiles at their full height: their values are read from the back.)
    const float rows_need = app.layout.presentation ? tiles_view_height(app, t) + event_timeline_height(t, true) + 6 * line
                                                    : 4.0f * ImGui::GetFontSize() + 21 + 2 * ImGui::GetStyle().WindowPadding.y +
                                                          event_timeline_height(t, true) + 6 * line;
    if (app.view != View::window || ImGui::GetContentRegionAvail().y > rows_need) {
        draw_tiles_legend(app, t);
    } else {
        ImGui::TextDisabled("Legend (hover)");
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
            draw_tiles_legend(app, t);
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    if (app.layout.presentation) ImGui::PopFont();
    draw_verdict_line(app, *s.trace);
    if (app.layout.presentation) ImGui::PushFont(nullptr, ruler_font_size());
    draw_tiles_notes(app, t, s.step);
    if (app.layout.presentation) ImGui::PopFont();
    // The tiles whole first; the timeline takes the rest, its lanes thinner on a short window.
    auto timeline_caption = [&] {
        if (app.layout.presentation) ImGui::PushFont(nullptr, ruler_font_size());
        draw_timeline_legend(app, t);
        if (app.layout.presentation) ImGui::PopFont();
    };
    const float caption = (app.layout.presentation ? ruler_font_size() / ImGui::GetFontSize() : 1.0f) *
                          ImGui::GetTextLineHeightWithSpacing() * (ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 36 ? 2 : 1);
    const float room = ImGui::GetContentRegionAvail().y - caption - 2 * ImGui::GetStyle().ItemSpacing.y;
    // (The explain view's lanes are each a line tall, each block named; the explanation takes the rest.)
    float timeline = timeline_height > 0 ? timeline_height : event_timeline_height(t, false, app.view == View::explain);
    // (On a tall window the timeline takes the rest: its lanes grow, each block's named.)
    if (timeline_height <= 0 && app.view == View::window)
        timeline = std::clamp(room - tiles_view_height(app, t), event_timeline_height(t, true), event_timeline_height(t, false, true));
    const float h = app.view == View::window ? std::max(tiles_view_min_height(app), std::min(tiles_view_height(app, t), room - timeline))
                                             : tiles_view_height(app, t);
    draw_tiles_view(app, *s.trace, s.step, h);
    if (app.view == View::array) return;
    timeline_caption();
    if (timeline_height <= 0 && app.view == View::window)  // the caption took what it took: the lanes take the rest
        timeline = std::max(event_timeline_height(t, true), std::min(timeline, ImGui::GetContentRegionAvail().y - 1));
    draw_event_timeline(app, *s.trace, s.step, timeline);
    if (app.view == View::explain) {
        // The explanation under them, as the lock-step scans' explain view has it.
        const float font = ImGui::GetFontSize();
        const float rest = ImGui::GetContentRegionAvail().y;
        if (ImGui::CollapsingHeader("Explain this step", ImGuiTreeNodeFlags_DefaultOpen))
            draw_explain_pane(app, std::max(font * 6, rest - font * 4.5f));
    }
}

// What gives the step diagram more rows, in words that work where the user is (and short enough
// to keep the caption one line): presenting on a projector the window is as tall as it gets, so
// the emulation banner's line and the text size are what can give.
std::string more_rows_advice(const App& app) {
    const bool banner = app.show_banner && app.session.trace && app.session.trace->trace.backend == "cpu";
    if (!app.layout.presentation) return "a taller window shows more";
    return banner ? "more without the banner" : "Ctrl+- for more";
}

// The step's name, its stale reads, and its counts beside them.
void draw_step_heading(App& app) {
    Session& s = app.session;
    const Trace& t = s.trace->trace;
    const Step& st = t.steps[s.step];
    const StepCounts& c = st.counts;
    ImGui::Text("#%zu  %s", s.step, step_label(st).c_str());
    // The hazards beside the step's name, before the counts that wrap: never cut at the edge.
    if (c.hazards > 0) {
        ImGui::SameLine(0, 16);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(app.palette().cell_hazard)), "%s stale %s", grouped(c.hazards).c_str(),
                           c.hazards == 1 ? "read" : "reads");
    }
    ImGui::SameLine(0, 16);
    ImGui::PushTextWrapPos(0);  // a narrow column (the live tab) wraps the counts rather than cutting them
    const std::string work = counted(c.additions, "addition", "additions") + " (" + grouped(s.trace->book.cumulative_additions[s.step]) +
                             " so far of " + grouped(t.counts.additions) + ") · " + grouped(c.active_threads) + " active / " +
                             grouped(c.idle_threads) + " idle threads";
    const std::string warps =
        counted(c.divergent_warps, "divergent warp", "divergent warps") + " · " + counted(c.barriers, "barrier", "barriers");
    // Presenting, the counts take the rulers' small font (the step's name is what the room reads),
    // and the warps and barriers are one hover away: the rows below keep the height.
    if (app.layout.presentation) {
        ImGui::PushFont(nullptr, ruler_font_size());
        ImGui::TextDisabled("%s", work.c_str());
        ImGui::PopFont();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", warps.c_str());
    } else {
        ImGui::TextDisabled("%s · %s", work.c_str(), warps.c_str());
    }
    ImGui::PopTextWrapPos();
}

// The cells' colours, only those this trace can show, flowing onto as many lines as they need.
void draw_cell_legend(App& app) {
    const Palette& p = app.palette();
    const Trace& t = app.session.trace->trace;
    // The outlines as the rows draw them (draw_array_view): a late read thick, a possible one thin.
    struct Swatch {
        Rgb colour;
        const char* label;
        bool shown = true;  // only what this trace can show: a short window needs the line
        float outline = 0;  // a mark drawn as an outline of this thickness; 0: a filled cell
        int alpha = 255;
    };
    const Verdict& v = app.session.trace->book.verdict;
    const bool racy = algorithm_info(t.algorithm).racy;
    const Swatch legend[] = {
        {p.cell_updated, "updated"},
        {p.cell_loaded, "loaded/copied"},
        {p.cell_final, "final"},
        {p.cell_untouched, "not written"},
        {p.cell_hazard, "read too late (thick outline)", v.hazards > 0, 3},  // the racy lesson's, or a student's kernel's
        {p.cell_hazard, "the race can strike here (thin outline)", racy && v.possible_hazards > v.hazards, 1.5f, 150},
        {p.cell_wrong, "wrong value", !v.correct()},
        {p.thread_active, "active thread"},
        {p.thread_idle, "idle thread"},
        {p.segment_flag, "flag 1 (bar: a segment starts)", !t.flags.empty()},
    };
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    bool first = true;
    for (const Swatch& sw : legend) {
        if (!sw.shown) continue;
        if (!first) {
            const float need = ImGui::GetFontSize() * 1.5f + ImGui::CalcTextSize(sw.label).x;
            ImGui::SameLine(0, 10);
            if (ImGui::GetCursorScreenPos().x + need > right) ImGui::NewLine();
        }
        first = false;
        if (sw.outline > 0)
            legend_outline(sw.colour, sw.alpha, sw.outline, sw.label);
        else
            legend_swatch(sw.colour, sw.label);
    }
}

// The zoom's buttons and value, on the legend's line where they fit (presenting, once the zoom
// was set by hand: + and - are the keys, and "fit" brings the fitted zoom back).
void draw_zoom_buttons(App& app) {
    const ImGuiStyle& style = ImGui::GetStyle();
    flow(24 + ImGui::CalcTextSize("-+fit zoom 000 px").x + 6 * style.FramePadding.x + 3 * style.ItemSpacing.x);
    if (ImGui::SmallButton("-")) zoom_by_hand(app, 1 / 1.25f);
    ImGui::SameLine();
    if (ImGui::SmallButton("+")) zoom_by_hand(app, 1.25f);
    ImGui::SameLine();
    if (ImGui::SmallButton("fit")) {
        app.step_view.zoom_fixed = false;  // and fitting again on resize, a new N or another layout
        app.step_view.fitted_width = 0;
    }
    ImGui::SameLine();
    ImGui::TextDisabled("zoom %.0f px", app.layout.cell_width);
}

// The cells' room: the child's inside less the row labels (draw_array_view's label_w) and its
// margin, so that fitted rows need no horizontal scrollbar. The step diagram under the rows
// shares their columns: the fit leaves its step labels a column of their own where the cells
// stay wide enough for digits (presenting: for every value whole at the legible size), else the
// diagram goes without them (step_diagram.cpp), never hiding a column under them.
float cells_room(App& app, const Trace& t, size_t widest) {
    const float font = ImGui::GetFontSize();
    const ImGuiStyle& style = ImGui::GetStyle();
    const bool with_diagram = app.view != View::array && app.view != View::explain;
    float room = ImGui::GetContentRegionAvail().x - font * 4.2f - 8 - 2 * (style.WindowPadding.x + style.ChildBorderSize) - 1;
    if (const float labels = step_diagram_side_width(t, ImGui::GetContentRegionAvail().x) + style.ScrollbarSize;
        with_diagram && (room - labels) / float(widest) >= std::max(font * 0.75f, value_cell_width(app, t)))
        room -= labels;
    return room;
}

// How the array view's rows and the compact diagram under them share a window's height.
struct RowsFit {
    float h = 0;  // the array view's height
    float row_scale = 1;  // its rows' height, as a share of a full row's
    size_t compact_rows = kCompactDiagramRows;  // the compact diagram's rows, where it is compact
};

// A short window: the fitted zoom first makes the rows shorter (down to digits still legible),
// so that every row shows with at least the compact step diagram under it; then the compact
// diagram gives up rows; only then does the array view scroll.
void fit_rows_to_window(App& app, RowsFit& f, bool scrollbar, float caption) {
    Session& s = app.session;
    const Trace& t = s.trace->trace;
    const ImGuiStyle& style = ImGui::GetStyle();
    // A run of up to 16 elements (the book's examples, Figure 9.10) asks for room for every row of
    // its diagram, as a map round the current row (thin rows), before it settles for three.
    bool map = t.n <= 16 && t.steps.size() + 1 > kCompactDiagramRows;
    auto compact = [&] {
        return (map ? step_diagram_height(t, t.steps.size() + 1, thinnest_diagram_row()) : step_diagram_height(t, f.compact_rows)) +
               style.ItemSpacing.y;
    };
    const float kMinRowScale = min_row_scale(app);  // a cell about one line of text tall, or legible digits
    const float avail_y = ImGui::GetContentRegionAvail().y - style.ItemSpacing.y - caption;
    auto fit_rows = [&] {
        float room_y = avail_y - compact();
        f.row_scale = 1;
        f.h = array_view_height(app, *s.trace, s.step, 1, scrollbar);
        while (!app.step_view.zoom_fixed && f.h > room_y && f.row_scale > kMinRowScale) {
            f.row_scale = std::max(kMinRowScale, f.row_scale - 0.05f);
            f.h = array_view_height(app, *s.trace, s.step, f.row_scale, scrollbar);
        }
        return room_y;
    };
    float room_y = fit_rows();
    if (f.h > room_y && map) map = false, room_y = fit_rows();
    while (f.h > room_y && f.compact_rows > 1) {
        --f.compact_rows;
        room_y = fit_rows();
    }
    f.h = std::max(std::min(f.h, room_y), ImGui::GetFontSize() * 3);
}

// A trace of another width arrives zoomed to fit (16 elements large, 2048 as thin columns). So
// does a resize, a new text size or another layout, until the user zooms by hand. Rows made
// shorter keep their cells no wider than 1.6 times their height.
void fit_zoom(App& app, size_t widest, float room, float row_scale) {
    StepViewState& sv = app.step_view;
    if ((widest == sv.fitted_width && room == sv.fitted_room && row_scale == sv.fitted_row_scale) || sv.zoom_fixed) return;
    sv.fitted_width = widest;
    sv.fitted_room = room;
    sv.fitted_row_scale = row_scale;
    const float font = ImGui::GetFontSize();
    const float tallest = row_scale < 1 ? std::round(cell_height() * row_scale) * 1.6f : 8.0f * font;
    app.layout.cell_width = std::clamp(std::min(room / float(widest), tallest), 2.0f, 8.0f * font);
    sv.shared_scroll_x = 0;
}

// The step diagram under the rows, with its caption: the whole diagram where its rows fit (or it
// has at least eight lines to scroll in); else the rows around the current step.
void draw_diagram_under_rows(App& app, float diagram_height, size_t compact_rows, float caption) {
    Session& s = app.session;
    const Trace& t = s.trace->trace;
    const float font = ImGui::GetFontSize();
    const float left = ImGui::GetContentRegionAvail().y - caption;
    // (Presenting, never a diagram that scrolls: the rows around the current step say how many there are.)
    const bool small =
        diagram_height <= 0 && left < (app.layout.presentation ? step_diagram_height(t, 0) : std::min(step_diagram_height(t, 0), font * 8));
    float thin = 0;
    if (small) {
        // As many rows around the current step as the rest of the window holds; where not every
        // row fits so, every row as a map of the figure, thinner, round the current row's values,
        // if they stay apart (a small run's, Figure 9.10's nine).
        const size_t rows = t.steps.size() + 1;
        compact_rows = 1;
        while (compact_rows < rows && step_diagram_height(t, compact_rows + 1) <= left) ++compact_rows;
        if (compact_rows < rows) {
            const float room = left - step_diagram_height(t, 1);
            const float fit = std::floor(room / float(rows - 1));
            if (fit >= thinnest_diagram_row()) thin = fit, compact_rows = rows;
        }
        ImGui::PushTextWrapPos(0);  // a narrow column wraps the note rather than cutting it
        if (thin > 0)
            ImGui::TextDisabled("Step diagram: every row, the current step's values large");
        else
            ImGui::TextDisabled("Step diagram, %zu of %zu rows (%s)", std::min(compact_rows, rows), rows, more_rows_advice(app).c_str());
        ImGui::PopTextWrapPos();
    } else {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("Step diagram (Figures 9.1 and 9.5): rows are steps, columns elements, lines the additions");
        ImGui::PopTextWrapPos();
    }
    draw_step_diagram(app, *s.trace, s.step, "diagram", 1, small ? step_diagram_height(t, compact_rows, thin) : diagram_height,
                      small ? compact_rows : 0, thin);
}

}  // namespace

void draw_step_view(App& app, float diagram_height) {
    Session& s = app.session;
    if (!s.trace) return;
    const Trace& t = s.trace->trace;
    if (t.steps.empty()) return;
    const Step& st = t.steps[s.step];
    if (is_event_trace(t)) {
        draw_event_step_view(app, diagram_height);
        return;
    }
    draw_step_heading(app);
    // Presenting, the legend and the zoom's buttons take the rulers' small font: the rows they
    // explain keep the height.
    const bool small_legend = app.layout.presentation;
    if (small_legend) ImGui::PushFont(nullptr, ruler_font_size());
    draw_cell_legend(app);
    if (app.view == View::window && (!app.layout.presentation || app.step_view.zoom_fixed)) draw_zoom_buttons(app);
    if (small_legend) ImGui::PopFont();
    const size_t widest = columns_to_fit(t);
    const float room = cells_room(app, t, widest);
    const bool fits_width = !app.step_view.zoom_fixed && room / float(widest) >= 2.0f;  // 2 px: the narrowest column
    // A sampled trace's S is kept whole, wider than the block the zoom fits: that row scrolls.
    int64_t step_cols = 0;
    const StepRows step_rows_now = step_rows(t, s.step);
    for (const Row* r : {&step_rows_now.before, &step_rows_now.sums, &step_rows_now.after})
        if (*r) step_cols = std::max(step_cols, r->column + int64_t(r->count));
    const bool scrollbar = !fits_width || step_cols > int64_t(widest);
    draw_verdict_line(app, *s.trace);
    // A student's kernel of several blocks: the order they ran in (presenting, in the legend's small
    // font, so the array keeps its rows).
    if (small_legend) ImGui::PushFont(nullptr, ruler_font_size());
    draw_kernel_blocks(app, *s.trace, s.step);
    if (small_legend) ImGui::PopFont();
    if (!t.sample.all()) {
        if (app.layout.presentation) ImGui::PushFont(nullptr, ruler_font_size());  // as the legend
        sampled_window_note(t, st);
        if (app.layout.presentation) ImGui::PopFont();
    }
    const float caption = ImGui::GetTextLineHeightWithSpacing();
    RowsFit f;
    f.h = array_view_height(app, *s.trace, s.step);
    if (app.view == View::window && diagram_height <= 0) fit_rows_to_window(app, f, scrollbar, caption);
    fit_zoom(app, widest, room, f.row_scale);
    draw_array_view(app, *s.trace, s.step, "array", f.h, 0, f.row_scale);
    if (app.view == View::array) return;
    if (app.view == View::explain) {
        const float font = ImGui::GetFontSize();
        const float rest = ImGui::GetContentRegionAvail().y;
        if (ImGui::CollapsingHeader("Explain this step", ImGuiTreeNodeFlags_DefaultOpen))
            draw_explain_pane(app, std::max(font * 6, rest - font * 4.5f));
        return;
    }
    draw_diagram_under_rows(app, diagram_height, f.compact_rows, caption);
}

}  // namespace scanlab::gui
