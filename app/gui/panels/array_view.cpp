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
    float& seen = app.scroll_seen[slot];
    const float cur = ImGui::GetScrollX();
    if (std::fabs(cur - seen) > 0.5f) app.shared_scroll_x = cur;
    else if (std::fabs(cur - app.shared_scroll_x) > 0.5f) ImGui::SetScrollX(app.shared_scroll_x);
    seen = app.shared_scroll_x;
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
        app.zoom_fixed = true;
        app.shared_scroll_x = std::max(0.0f, element * w + label_w - (io.MousePos.x - ImGui::GetWindowPos().x));
        ImGui::SetScrollX(app.shared_scroll_x);
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left) && !ImGui::IsAnyItemActive()) {
        app.shared_scroll_x = std::max(0.0f, ImGui::GetScrollX() - io.MouseDelta.x);
        ImGui::SetScrollX(app.shared_scroll_x);
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
RowMetrics row_metrics(float scale) {
    const float ch = std::round(cell_height() * scale);
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
    const Step& s = t.steps[k];
    if (k + 1 == t.steps.size() && !b.verdict.correct() && s.depth == 0 && s.array != ArrayKind::s) {
        *offset = b.verdict.first;
        return &b.verdict.expected;
    }
    return nullptr;
}

}  // namespace

void draw_array_view(App& app, const ShownTrace& st, size_t k, const char* id, float height, int scroll_slot, float row_scale) {
    const Trace& t = st.trace;
    if (!st.book.full) {
        ImGui::TextWrapped("This trace holds counts only (recorded with `scanlab scan`): the array view needs a full trace "
                           "(`scanlab trace --format json`).");
        return;
    }
    if (k >= t.steps.size()) return;
    const Step& s = t.steps[k];
    const Palette& p = app.palette();
    const StepRows rows = step_rows(t, k);
    const std::vector<CellState> states = cell_states(t, st.book, k);
    const std::vector<int32_t> writer = writers(s);
    const ThreadRow launched = launched_threads(t, s);
    const float font = ImGui::GetFontSize();
    const float w = app.layout.cell_width;
    const RowMetrics m = row_metrics(row_scale);
    const float ch = m.ch;
    const float label_w = font * 4.2f;
    const size_t n_before = rows.before.count, n_after = rows.after.count;
    // Columns: every row from its own column (block sums of a sampled trace sit beside the block).
    int64_t last_col = 1;
    for (const Row* r : {&rows.before, &rows.sums, &rows.after})
        if (*r) last_col = std::max(last_col, r->column + int64_t(r->count));
    const size_t cols = size_t(last_col);
    const ThreadRow& launched_ref = launched;
    const size_t threads = launched_ref.active.size();
    // The threads line up with the elements they work on: XY's (before) when they write S.
    const size_t thread_span = s.phase == Phase::block_sum_write ? n_before : std::max(n_before, n_after);
    const float thread_w = threads ? w * float(std::max<size_t>(thread_span, 1)) / float(threads) : w;
    const int64_t thread_col = s.phase == Phase::block_sum_write ? rows.before.column : rows.after.column;

    ImGui::BeginChild(id, ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
    sync_scroll(app, scroll_slot);
    zoom_and_pan(app, label_w);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float band = m.band;
    const float rh = ruler_height();
    // Rows, top to bottom; each element row read from has an index ruler above it.
    float y = origin.y + 2;
    const float y_sums_ruler = y;
    if (rows.sums) y += rh;
    const float y_sums = y;
    if (rows.sums) y += ch + band * 0.8f;
    const float y_before_ruler = y;
    const float y_before = y + rh;
    const float y_after = y_before + ch + band;
    int64_t expected_offset = 0;
    const ValueArray* expected = app.predict.hides(&st, k) ? nullptr : expected_row(st, k, &expected_offset);
    const float y_expected = y_after + ch + 3;
    const float y_tid = (expected ? y_expected : y_after) + ch + 2;
    // Thread ids and the "threads" label in the rulers' small font, which spares a short window.
    const float small = ruler_font_size();
    const float y_threads = y_tid + small + 4;
    const float thread_h = font * 0.8f;
    const float total_h = y_threads + std::max(thread_h + 4, small + 2) - origin.y;
    ImGui::Dummy(ImVec2(label_w + float(cols) * w + 8, total_h));

    const float x0 = origin.x + label_w;
    const float view_l = ImGui::GetWindowPos().x, view_r = view_l + ImGui::GetWindowWidth();
    // The visible part of a row, as positions in the row.
    auto visible = [&](const Row& r) {
        const float c0 = std::floor((view_l - x0) / w) - 1, c1 = std::ceil((view_r - x0) / w) + 1;
        const int64_t lo = std::clamp<int64_t>(int64_t(c0) - r.column, std::max<int64_t>(0, -r.column), int64_t(r.count));
        const int64_t hi = std::clamp<int64_t>(int64_t(c1) - r.column, lo, int64_t(r.count));
        return std::pair<int64_t, int64_t>{lo, hi};
    };
    auto cell_x = [&](const Row& r, int64_t i) { return x0 + float(r.column + i) * w; };
    const ImU32 text = col(p.cell_text);
    const ImU32 border = ImGui::GetColorU32(ImGuiCol_WindowBg);
    const bool show_values = w >= 7;

    const std::vector<int32_t> possible = possible_hazards(t, k);  // racy kernel only; sorted
    // Predict mode: the row this step writes stays hidden until the student reveals it.
    const bool hidden = app.predict.hides(&st, k);
    // A segmented scan's flag of 1: on the input, where a segment starts (a bar on the cell's
    // left edge and a pennant); in a step's array, a pennant: a segment start lies within what
    // the element has combined, so nothing earlier is added to it any more.
    auto flag_marker = [&](ImDrawList* d, ImVec2 a, ImVec2 b, bool head) {
        const ImU32 c = col(p.segment_flag);
        const float s = std::clamp(std::min(w, ch) * 0.32f, 3.0f, 10.0f);
        if (head) d->AddRectFilled(a, ImVec2(a.x + std::clamp(w / 8.0f, 2.0f, 4.0f), b.y), c);
        d->AddTriangleFilled(a, ImVec2(a.x + s, a.y), ImVec2(a.x, a.y + s), c);
    };
    auto draw_row = [&](const Row& r, float yy, const std::vector<CellState>* st_colours, Rgb plain) {
        const auto [lo, hi] = visible(r);
        const bool hide = hidden && st_colours;
        for (int64_t i = lo; i < hi; ++i) {
            const ImVec2 a(cell_x(r, i), yy), b(cell_x(r, i) + w, yy + ch);
            if (hide) {
                const bool asked = std::count(app.predict.cells.begin(), app.predict.cells.end(), r.offset + i) > 0;
                dl->AddRectFilled(a, b, col(p.cell_untouched));
                if (asked) dl->AddRect(a, b, col(p.thread_active), 0, std::clamp(w / 8.0f, 2.0f, 4.0f));
                if (show_values) cell_text(dl, a, b, text, "?");
                continue;
            }
            const Rgb c = st_colours ? state_colour(p, (*st_colours)[size_t(i)]) : plain;
            dl->AddRectFilled(a, b, col(c));
            if (w >= 6) dl->AddRect(a, b, border, 0, w >= 20 ? 2.0f : 1.0f);
            // Where the race can strike though this schedule hid it: a thin outline.
            if (st_colours && std::binary_search(possible.begin(), possible.end(), int32_t(r.offset + i)) &&
                (*st_colours)[size_t(i)] != CellState::hazard)
                dl->AddRect(ImVec2(a.x + 1, a.y + 1), ImVec2(b.x - 1, b.y - 1), col(p.cell_hazard, 150), 0, 1.5f);
            // Read too late by another warp: the element's own value is right, its reader's is not.
            if (st_colours && (*st_colours)[size_t(i)] == CellState::hazard)
                dl->AddRect(ImVec2(a.x + 1, a.y + 1), ImVec2(b.x - 1, b.y - 1), col(p.cell_hazard), 0, std::clamp(w / 10.0f, 1.5f, 4.0f));
            if (show_values) cell_text(dl, a, b, text, format_value(*r.values, r.first + size_t(i)));
            if (r.flags && (*r.flags)[r.first + size_t(i)]) flag_marker(dl, a, b, r.values == &t.input);
        }
    };
    // Section boundaries fall at global multiples of the section, wherever the row starts.
    auto block_lines = [&](const Row& r, float ya, float yb) {
        const int64_t sec = t.section;
        if (sec <= 0 || s.blocks <= 1 || r.count <= size_t(sec)) return;
        const auto [lo, hi] = visible(r);
        for (int64_t i = lo + (sec - (r.offset + lo) % sec) % sec; i < hi; i += sec)
            if (i > 0) dl->AddLine(ImVec2(cell_x(r, i), ya), ImVec2(cell_x(r, i), yb), col(p.block_line), 3.0f);
    };
    // Global indices above a row, every L-th element (L a power of two wide enough for the
    // labels), so a sampled block reads "40,960 ... 41,983" as the whole array numbers it.
    auto ruler = [&](const Row& r, float yy) {
        if (r.count == 0) return;
        ImFont* f = ImGui::GetFont();
        const float fs = ruler_font_size();
        const float widest = f->CalcTextSizeA(fs, FLT_MAX, 0, grouped(r.offset + int64_t(r.count) - 1).c_str()).x;
        int64_t every = 1;
        while (float(every) * w < widest + fs * 0.8f && every < (int64_t(1) << 40)) every *= 2;
        const ImU32 c = ImGui::GetColorU32(ImGuiCol_TextDisabled);
        const auto [lo, hi] = visible(r);
        for (int64_t i = lo + (every - (r.offset + lo) % every) % every; i < hi; i += every) {
            const std::string label = grouped(r.offset + i);
            const float x = cell_x(r, i);
            if (every == 1) {
                const float lw = f->CalcTextSizeA(fs, FLT_MAX, 0, label.c_str()).x;
                dl->AddText(f, fs, ImVec2(std::floor(x + (w - lw) * 0.5f), yy), c, label.c_str());
            } else {
                dl->AddLine(ImVec2(x, yy + 1), ImVec2(x, yy + rh - 1), c, 1.0f);
                dl->AddText(f, fs, ImVec2(x + 3, yy), c, label.c_str());
            }
        }
    };

    // Row labels stay pinned at the left edge while the cells scroll under them.
    const float lx = std::max(origin.x, view_l) + 4;
    auto row_label = [&](float yy, const std::string& s1) {
        dl->AddRectFilled(ImVec2(lx - 4, yy), ImVec2(lx - 4 + label_w - 4, yy + ch), ImGui::GetColorU32(ImGuiCol_ChildBg));
        dl->AddText(ImVec2(lx, yy + (ch - font) * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), s1.c_str());
    };

    // The arrows first, so the cells sit on top of their ends. Accesses name global indices;
    // each end is placed through the row it belongs to.
    const ImU32 op_c = col(p.arrow_op, 220), copy_c = col(p.arrow_copy, 150);
    const float thick = std::clamp(w / 18.0f, 1.0f, 2.5f);
    // Cells and arrows stay right of the row labels (a moved row starts left of column 0).
    dl->PushClipRect(ImVec2(std::max(view_l, x0), ImGui::GetWindowPos().y), ImVec2(view_r, ImGui::GetWindowPos().y + ImGui::GetWindowHeight()), true);
    auto off_screen = [&](float xa, float xb) { return std::max(xa, xb) < view_l - w || std::min(xa, xb) > view_r + w; };
    // A stale read: the thread read the element's new value, written by another warp in this step.
    auto stale = [&](const Access& a) { return a.applies_op && std::binary_search(s.hazards.begin(), s.hazards.end(), a.src); };
    if (s.phase == Phase::add_block_sums) {
        // Kernel 3, bundled per block as the step diagram draws it: one arrow from S[b − 1] to a
        // bar over block b (above XY's ruler), and each element's own value straight down.
        const float bar_y = y_before_ruler - 2;
        for (const SumSpan& sp : block_sum_spans(s, rows.after)) {
            const int64_t src = rows.sums.local(sp.s);
            const float xa = cell_x(rows.after, sp.first) + 2, xb = cell_x(rows.after, sp.last) + w - 2;
            if (off_screen(xa, xb) && (src < 0 || off_screen(cell_x(rows.sums, src), cell_x(rows.sums, src)))) continue;
            dl->AddLine(ImVec2(xa, bar_y), ImVec2(xb, bar_y), op_c, std::max(2.0f, thick));
            if (src >= 0) {
                // To the bar's middle, or to the visible part of it when the block is wider than the view.
                const float mid = std::clamp((xa + xb) * 0.5f, std::max(xa, view_l + w), std::min(xb, view_r - w));
                arrow(dl, ImVec2(cell_x(rows.sums, src) + w * 0.5f, y_sums + ch), ImVec2(mid, bar_y - 1), op_c, thick);
            }
        }
        const auto [lo, hi] = visible(rows.after);
        for (const Access& a : s.accesses) {
            const int64_t dst = rows.after.local(a.dst);
            if (dst < lo || dst >= hi) continue;
            const float x = cell_x(rows.after, dst) + w * 0.5f;
            dl->AddLine(ImVec2(x, y_before + ch), ImVec2(x, y_after - 2), copy_c, 1.0f);
        }
    }
    for (const Access& a : s.accesses) {
        if (s.phase == Phase::add_block_sums) break;
        const int64_t dst = rows.after.local(a.dst);
        if (dst < 0) continue;
        const float to_x = cell_x(rows.after, dst) + w * 0.5f;
        const int64_t src = rows.before.local(a.src);
        if (src >= 0 && !stale(a)) {
            const float from_x = cell_x(rows.before, src) + w * 0.5f;
            if (!off_screen(from_x, to_x))
                arrow(dl, ImVec2(from_x, y_before + ch), ImVec2(to_x, y_after - 1), a.applies_op ? op_c : copy_c, a.applies_op ? thick : 1.0f);
        }
        // The element's own value, the other operand of an addition in place.
        const int64_t own = rows.before.local(a.dst);
        if (a.applies_op && a.src != a.dst && own >= 0 && s.phase != Phase::block_sum_write) {
            const float own_x = cell_x(rows.before, own) + w * 0.5f;
            if (!off_screen(own_x, to_x)) dl->AddLine(ImVec2(own_x, y_before + ch), ImVec2(to_x, y_after - 2), copy_c, 1.0f);
        }
    }

    if (expected) {
        const Row want{expected, 0, size_of(*expected), expected_offset, "want", rows.after.column};
        const auto [lo, hi] = visible(want);
        for (int64_t i = lo; i < hi; ++i) {
            const ImVec2 a(cell_x(want, i), y_expected), b(cell_x(want, i) + w, y_expected + ch);
            dl->AddRectFilled(a, b, col(p.expected_row));
            if (w >= 6) dl->AddRect(a, b, border, 0, 1.0f);
            if (show_values) cell_text(dl, a, b, text, format_value(*expected, size_t(i)));
        }
    }
    if (rows.sums) {
        ruler(rows.sums, y_sums_ruler);
        draw_row(rows.sums, y_sums, nullptr, p.cell_loaded);
    }
    ruler(rows.before, y_before_ruler);
    draw_row(rows.before, y_before, nullptr, p.cell_untouched);
    draw_row(rows.after, y_after, &states, p.cell_untouched);
    // Each stale read, drawn from the value the thread actually read (the new one, in the row
    // after the step) to the element it wrote, with what it read and what it needed.
    const ValueArray* before_values = rows.before.values;
    // Labels go left to right (accesses are ordered by thread): one that would run into the
    // label before it is left out, its arc still drawn (the cells say the values on hover).
    float label_right = -FLT_MAX;
    for (const Access& a : s.accesses) {
        if (!stale(a) || hidden) continue;
        const int64_t src = rows.after.local(a.src), dst = rows.after.local(a.dst), old = rows.before.local(a.src);
        if (src < 0 || dst < 0) continue;
        const float from_x = cell_x(rows.after, src) + w * 0.5f, to_x = cell_x(rows.after, dst) + w * 0.5f;
        if (off_screen(from_x, to_x)) continue;
        const ImU32 c = col(p.cell_hazard);
        const float lift = band * 0.55f;
        const ImVec2 from(from_x, y_after - 1), to(to_x, y_after - 1);
        dl->AddBezierCubic(from, ImVec2(from_x, y_after - lift), ImVec2(to_x, y_after - lift), to, c, thick + 0.5f);
        const float sz = std::max(3.0f, thick * 2.5f);
        dl->AddTriangleFilled(to, ImVec2(to.x - sz, to.y - sz * 1.6f), ImVec2(to.x + sz, to.y - sz * 1.6f), c);
        if (old >= 0 && before_values) {
            // In the ruler's small font, over the arc, where it fits beside its neighbours.
            const std::string label = "read " + format_value(*rows.after.values, rows.after.first + size_t(src)) + ", needed " +
                                      format_value(*before_values, rows.before.first + size_t(old));
            ImFont* f = ImGui::GetFont();
            const float fs = ruler_font_size();
            const ImVec2 sz_t = f->CalcTextSizeA(fs, FLT_MAX, 0, label.c_str());
            const ImVec2 at(std::floor((from_x + to_x - sz_t.x) * 0.5f), std::floor(y_after - lift * 0.75f - sz_t.y));
            if (sz_t.x <= w * 3.6f && at.x - 2 > label_right + fs * 0.5f) {
                label_right = at.x + sz_t.x + 2;
                dl->AddRectFilled(ImVec2(at.x - 2, at.y), ImVec2(at.x + sz_t.x + 2, at.y + sz_t.y), ImGui::GetColorU32(ImGuiCol_WindowBg));
                dl->AddText(f, fs, at, c, label.c_str());
            }
        }
    }
    block_lines(rows.before, y_before - 3, y_before + ch + 3);
    block_lines(rows.after, y_after - 3, y_tid + small);

    // Thread ids under the cells they wrote (block-local threadIdx.x, as the kernels see it).
    if (w >= small * 1.3f) {
        const auto [lo, hi] = visible(rows.after);
        ImFont* f = ImGui::GetFont();
        for (int64_t i = lo; i < hi; ++i)
            if (writer[size_t(i)] >= 0 && !hidden) {
                const std::string tid = prefixed("t", writer[size_t(i)]);
                const ImVec2 sz = f->CalcTextSizeA(small, FLT_MAX, 0, tid.c_str());
                if (sz.x < w)
                    dl->AddText(f, small, ImVec2(cell_x(rows.after, i) + (w - sz.x) * 0.5f, y_tid), ImGui::GetColorU32(ImGuiCol_TextDisabled), tid.c_str());
            }
    }

    // The launched threads: active or idle, warps separated by thin lines, blocks by thick ones.
    if (threads > 0) {
        const float tx0 = x0 + float(thread_col) * w;  // under the row they work on
        // Never left of column 0 (under the row labels), where a moved row's threads would start.
        const float left = std::max(view_l, x0);
        const size_t t_lo = size_t(std::clamp(std::ceil((left - tx0) / thread_w - 0.01f), 0.0f, float(threads)));
        const size_t t_hi = size_t(std::clamp((view_r - tx0) / thread_w + 1, 0.0f, float(threads)));
        for (size_t i = t_lo; i < t_hi; ++i) {
            const float xa = tx0 + float(i) * thread_w;
            const ImVec2 a(xa + (thread_w > 4 ? 1.0f : 0.0f), y_threads), b(xa + thread_w - (thread_w > 4 ? 1.0f : 0.0f), y_threads + thread_h);
            dl->AddRectFilled(a, b, col(launched_ref.active[i] ? p.thread_active : p.thread_idle));
        }
        const int64_t tpb = std::max(1, s.threads_per_block);
        const int64_t ww = std::max(1, t.warp_width);
        for (size_t i = std::max<size_t>(t_lo, 1); i < t_hi; ++i) {
            const float x = tx0 + float(i) * thread_w;
            if (x < view_l || x > view_r) continue;
            const int64_t g = launched.first + int64_t(i);
            if (g % tpb == 0) dl->AddLine(ImVec2(x, y_threads - 4), ImVec2(x, y_threads + thread_h + 4), col(p.block_line), 3.0f);
            else if ((g % tpb) % ww == 0)
                dl->AddLine(ImVec2(x, y_threads - 3), ImVec2(x, y_threads + thread_h + 3), col(p.warp_line), 1.5f);
        }
    }

    dl->PopClipRect();

    if (rows.sums) row_label(y_sums, "S");
    row_label(y_before, std::string(rows.before.name));
    row_label(y_after, std::string(rows.after.name));
    if (expected) row_label(y_expected, "want");
    dl->AddText(ImGui::GetFont(), small, ImVec2(lx, y_threads), ImGui::GetColorU32(ImGuiCol_Text), "threads");

    // What a cell holds, on hover (global indices, as the accesses name them).
    if (ImGui::IsWindowHovered()) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int64_t i = m.x >= x0 ? int64_t((m.x - x0) / w) - rows.after.column : -1;
        if (m.y >= y_after && m.y < y_after + ch && !hidden) {
            if (i >= 0 && size_t(i) < n_after) {
                const int64_t g = rows.after.offset + int64_t(i);
                const std::string before(rows.before.name);
                std::string tip = std::string(name(s.array)) + "[" + std::to_string(g) + "] = " + format_value(*rows.after.values, size_t(i));
                for (const Access& a : s.accesses)
                    if (a.dst == g) {
                        const int tpb = std::max(1, s.threads_per_block);
                        tip += "\nwritten by thread " + std::to_string(a.thread % tpb) + " of block " + std::to_string(a.thread / tpb);
                        if (s.phase == Phase::add_block_sums) tip += ": + S[" + std::to_string(a.src) + "]";
                        else if (a.applies_op) tip += ": op(" + before + "[" + std::to_string(a.src) + "], " + before + "[" + std::to_string(a.dst) + "])";
                        else if (a.src < 0) tip += ": the identity (padding)";
                        else tip += ": a copy of " + before + "[" + std::to_string(a.src) + "]";
                    }
                if (states[size_t(i)] == CellState::hazard) tip += "\nstale read: a thread of another warp read it after it was overwritten in this stride";
                if (states[size_t(i)] == CellState::wrong) {
                    int64_t off = 0;
                    if (const ValueArray* want = expected_row(st, k, &off); want && g - off >= 0 && size_t(g - off) < size_of(*want))
                        tip += "\nWRONG: a race-free run holds " + format_value(*want, size_t(g - off)) + " here";
                    else
                        tip += "\nWRONG: a race-free run holds another value here";
                }
                if (states[size_t(i)] == CellState::final_value) tip += "\nfinal: this is its result value";
                ImGui::SetTooltip("%s", tip.c_str());
            }
        }
    }
    ImGui::EndChild();
}

float array_view_height(const ShownTrace& st, size_t k, float row_scale, bool scrollbar) {
    // The rows draw_array_view lays out, plus the child's padding and its horizontal scrollbar
    // (none where the zoom fits the rows to the width).
    const Step& s = st.trace.steps[k];
    const auto [ch, band] = row_metrics(row_scale);
    const float font = ImGui::GetFontSize();
    const float small = ruler_font_size();
    float h = 2 + ruler_height() + ch + band + ch + 2 + small + 4 + std::max(font * 0.8f + 4, small + 2);
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
                         " resident · block schedule " + t.block_schedule +
                         (t.static_index ? ", static index" : "");
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
    const float rows_need = 4.0f * ImGui::GetFontSize() + 21 + 2 * ImGui::GetStyle().WindowPadding.y + event_timeline_height(t, true) + 6 * line;
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
    const float caption = (app.layout.presentation ? ruler_font_size() / ImGui::GetFontSize() : 1.0f) * ImGui::GetTextLineHeightWithSpacing() *
                          (ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 36 ? 2 : 1);
    const float room = ImGui::GetContentRegionAvail().y - caption - 2 * ImGui::GetStyle().ItemSpacing.y;
    // (The explain view's lanes are each a line tall, each block named; the explanation takes the rest.)
    float timeline = timeline_height > 0 ? timeline_height : event_timeline_height(t, false, app.view == View::explain);
    // (On a tall window the timeline takes the rest: its lanes grow, each block's named.)
    if (timeline_height <= 0 && app.view == View::window) timeline = std::clamp(room - tiles_view_height(t), event_timeline_height(t, true), event_timeline_height(t, false, true));
    const float h = app.view == View::window ? std::max(tiles_view_min_height(), std::min(tiles_view_height(t), room - timeline)) : tiles_view_height(t);
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
        if (ImGui::CollapsingHeader("Explain this step", ImGuiTreeNodeFlags_DefaultOpen)) draw_explain_pane(app, std::max(font * 6, rest - font * 4.5f));
    }
}

}  // namespace

void draw_step_view(App& app, float diagram_height) {
    Session& s = app.session;
    if (!s.trace) return;
    const Trace& t = s.trace->trace;
    if (t.steps.empty()) return;
    const Step& st = t.steps[s.step];
    const Palette& p = app.palette();
    const StepCounts& c = st.counts;
    if (is_event_trace(t)) {
        draw_event_step_view(app, diagram_height);
        return;
    }
    ImGui::Text("#%zu  %s", s.step, step_label(st).c_str());
    // The hazards beside the step's name, before the counts that wrap: never cut at the edge.
    if (c.hazards > 0) {
        ImGui::SameLine(0, 16);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(p.cell_hazard)), "%s stale %s", grouped(c.hazards).c_str(), c.hazards == 1 ? "read" : "reads");
    }
    ImGui::SameLine(0, 16);
    ImGui::PushTextWrapPos(0);  // a narrow column (the live tab) wraps the counts rather than cutting them
    const std::string counts = counted(c.additions, "addition", "additions") + " (" + grouped(s.trace->book.cumulative_additions[s.step]) +
                               " so far of " + grouped(t.counts.additions) + ") · " + grouped(c.active_threads) + " active / " +
                               grouped(c.idle_threads) + " idle threads · " + counted(c.divergent_warps, "divergent warp", "divergent warps") +
                               " · " + counted(c.barriers, "barrier", "barriers");
    // Presenting, the counts take the rulers' small font: the step's name is what the room reads.
    if (app.layout.presentation) ImGui::PushFont(nullptr, ruler_font_size());
    ImGui::TextDisabled("%s", counts.c_str());
    if (app.layout.presentation) ImGui::PopFont();
    ImGui::PopTextWrapPos();
    // The outlines as the rows draw them (draw_array_view): a late read thick, a possible one thin.
    struct Swatch {
        Rgb colour;
        const char* label;
        bool shown = true;     // only what this trace can show: a short window needs the line
        float outline = 0;     // a mark drawn as an outline of this thickness; 0: a filled cell
        int alpha = 255;
    };
    const Verdict& v = s.trace->book.verdict;
    const bool racy = t.algorithm == Algorithm::kogge_stone_racy;
    const Swatch legend[] = {
        {p.cell_updated, "updated"},
        {p.cell_loaded, "loaded/copied"},
        {p.cell_final, "final"},
        {p.cell_untouched, "not written"},
        {p.cell_hazard, "read too late (thick outline)", racy && v.hazards > 0, 3},
        {p.cell_hazard, "the race can strike here (thin outline)", racy && v.possible_hazards > v.hazards, 1.5f, 150},
        {p.cell_wrong, "wrong value", !v.correct()},
        {p.thread_active, "active thread"},
        {p.thread_idle, "idle thread"},
        {p.segment_flag, "flag 1 (bar: a segment starts)", !t.flags.empty()},
    };
    // Presenting, the legend and the zoom's buttons take the rulers' small font: the rows they
    // explain keep the height.
    const bool small_legend = app.layout.presentation;
    if (small_legend) ImGui::PushFont(nullptr, ruler_font_size());
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
        if (sw.outline > 0) legend_outline(sw.colour, sw.alpha, sw.outline, sw.label);
        else legend_swatch(sw.colour, sw.label);
    }
    if (app.view == View::window) {
        // The zoom's buttons and value, on the legend's line where they fit.
        const ImGuiStyle& style = ImGui::GetStyle();
        flow(24 + ImGui::CalcTextSize("-+fit zoom 000 px").x + 6 * style.FramePadding.x + 3 * style.ItemSpacing.x);
        if (ImGui::SmallButton("-")) zoom_by_hand(app, 1 / 1.25f);
        ImGui::SameLine();
        if (ImGui::SmallButton("+")) zoom_by_hand(app, 1.25f);
        ImGui::SameLine();
        if (ImGui::SmallButton("fit")) {
            app.zoom_fixed = false;  // and fitting again on resize, a new N or another layout
            app.fitted_width = 0;
        }
        ImGui::SameLine();
        ImGui::TextDisabled("zoom %.0f px", app.layout.cell_width);
    }
    if (small_legend) ImGui::PopFont();
    const float font = ImGui::GetFontSize();
    const ImGuiStyle& style = ImGui::GetStyle();
    // The cells' room: the child's inside less the row labels (draw_array_view's label_w) and
    // its margin, so that fitted rows need no horizontal scrollbar.
    const size_t widest = columns_to_fit(t);
    // The step diagram under the rows shares their columns: the fit leaves its step labels a
    // column of their own where the cells stay wide enough for digits, else the diagram goes
    // without them (step_diagram.cpp), never hiding a column under them.
    const bool with_diagram = app.view != View::array && app.view != View::explain;
    float room = ImGui::GetContentRegionAvail().x - font * 4.2f - 8 - 2 * (style.WindowPadding.x + style.ChildBorderSize) - 1;
    if (const float labels = step_diagram_side_width(t, ImGui::GetContentRegionAvail().x) + style.ScrollbarSize;
        with_diagram && (room - labels) / float(widest) >= font * 0.75f)
        room -= labels;
    const bool fits_width = !app.zoom_fixed && room / float(widest) >= 2.0f;  // 2 px: the narrowest column
    // A sampled trace's S is kept whole, wider than the block the zoom fits: that row scrolls.
    int64_t step_cols = 0;
    const StepRows step_rows_now = step_rows(t, s.step);
    for (const Row* r : {&step_rows_now.before, &step_rows_now.sums, &step_rows_now.after})
        if (*r) step_cols = std::max(step_cols, r->column + int64_t(r->count));
    const bool scrollbar = !fits_width || step_cols > int64_t(widest);
    draw_verdict_line(app, *s.trace);
    if (!t.sample.all()) {
        if (app.layout.presentation) ImGui::PushFont(nullptr, ruler_font_size());  // as the legend
        sampled_window_note(t, st);
        if (app.layout.presentation) ImGui::PopFont();
    }
    const float caption = ImGui::GetTextLineHeightWithSpacing();
    // The compact diagram's rows: three where they fit, else two, else the current step's alone.
    size_t compact_rows = kCompactDiagramRows;
    auto compact = [&] { return step_diagram_height(t, compact_rows) + style.ItemSpacing.y; };
    float h = array_view_height(*s.trace, s.step);
    float row_scale = 1;
    if (app.view == View::window && diagram_height <= 0) {
        // A short window: the fitted zoom first makes the rows shorter (down to digits still
        // legible), so that every row shows with at least the compact step diagram under it; then
        // the compact diagram gives up rows; only then does the array view scroll.
        constexpr float kMinRowScale = 0.45f;  // a cell about one line of text tall
        const float avail_y = ImGui::GetContentRegionAvail().y - style.ItemSpacing.y - caption;
        auto fit_rows = [&] {
            float room_y = avail_y - compact();
            row_scale = 1;
            h = array_view_height(*s.trace, s.step, 1, scrollbar);
            while (!app.zoom_fixed && h > room_y && row_scale > kMinRowScale) {
                row_scale = std::max(kMinRowScale, row_scale - 0.05f);
                h = array_view_height(*s.trace, s.step, row_scale, scrollbar);
            }
            return room_y;
        };
        float room_y = fit_rows();
        while (h > room_y && compact_rows > 1) {
            --compact_rows;
            room_y = fit_rows();
        }
        h = std::max(std::min(h, room_y), font * 3);
    }
    // A trace of another width arrives zoomed to fit (16 elements large, 2048 as thin columns).
    // So does a resize, a new text size or another layout, until the user zooms by hand. Rows
    // made shorter keep their cells no wider than 1.6 times their height.
    if ((widest != app.fitted_width || room != app.fitted_room || row_scale != app.fitted_row_scale) && !app.zoom_fixed) {
        app.fitted_width = widest;
        app.fitted_room = room;
        app.fitted_row_scale = row_scale;
        const float tallest = row_scale < 1 ? std::round(cell_height() * row_scale) * 1.6f : 8.0f * font;
        app.layout.cell_width = std::clamp(std::min(room / float(widest), tallest), 2.0f, 8.0f * font);
        app.shared_scroll_x = 0;
    }
    draw_array_view(app, *s.trace, s.step, "array", h, 0, row_scale);
    if (app.view == View::array) return;
    if (app.view == View::explain) {
        const float rest = ImGui::GetContentRegionAvail().y;
        if (ImGui::CollapsingHeader("Explain this step", ImGuiTreeNodeFlags_DefaultOpen)) draw_explain_pane(app, std::max(font * 6, rest - font * 4.5f));
        return;
    }
    // The whole diagram where its rows fit (or it has at least eight lines to scroll in); else the
    // rows around the current step.
    const float left = ImGui::GetContentRegionAvail().y - caption;
    const bool small = diagram_height <= 0 && left < std::min(step_diagram_height(t, 0), font * 8);
    if (small) {
        // As many rows around the current step as the rest of the window holds.
        const size_t rows = t.steps.size() + 1;
        compact_rows = 1;
        while (compact_rows < rows && step_diagram_height(t, compact_rows + 1) <= left) ++compact_rows;
        ImGui::PushTextWrapPos(0);  // a narrow column wraps the note rather than cutting it
        ImGui::TextDisabled("Step diagram, %zu of %zu rows (a taller window shows all)", std::min(compact_rows, rows), rows);
        ImGui::PopTextWrapPos();
    } else {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("Step diagram (Figures 9.1 and 9.5): rows are steps, columns elements, lines the additions");
        ImGui::PopTextWrapPos();
    }
    draw_step_diagram(app, *s.trace, s.step, "diagram", 1, small ? step_diagram_height(t, compact_rows) : diagram_height, small ? compact_rows : 0);
}

}  // namespace scanlab::gui
