#include "app/gui/export/svg_figures.hpp"

#include <algorithm>
#include <cmath>

#include "app/gui/model/palette.hpp"
#include "app/gui/model/session.hpp"
#include "app/gui/model/tiles.hpp"
#include "app/gui/model/trace_book.hpp"
#include "core/algorithms/table.hpp"
#include "core/error.hpp"
#include "core/svg/svg_document.hpp"

namespace scanlab::gui {
namespace {

SvgColour c(Rgb x) { return {x.r, x.g, x.b}; }

// The figure's sizes: the text, a cell (as wide as the widest value), the gap a row's lines cross.
struct Metrics {
    double font, cell_w, cell_h, pitch, label_w, margin;
    SvgColour background, text, faint;
    const Palette* p;
};

size_t widest_value(const Trace& t) {
    size_t w = 1;
    for (size_t i = 0; i < size_of(t.input); ++i) w = std::max(w, format_value(t.input, i).size());
    for (const Step& s : t.steps)
        for (size_t i = 0; i < size_of(s.values); ++i) w = std::max(w, format_value(s.values, i).size());
    return w;
}

Metrics metrics(const Trace& t, bool presenting) {
    Metrics m;
    m.p = presenting ? &kPresentationPalette : &kNormalPalette;
    m.font = presenting ? 20 : 14;
    m.cell_w = std::max(m.font * 2.2, double(widest_value(t)) * m.font * 0.62 + m.font * 0.9);
    m.cell_h = m.font * 1.8;
    m.pitch = m.cell_h + m.font * 2.2;
    m.label_w = m.font * 4;
    m.margin = m.font;
    m.background = presenting ? SvgColour{0, 0, 0} : SvgColour{36, 38, 44};
    m.text = c(m.p->cell_text);
    m.faint = c(m.p->arrow_copy);
    return m;
}

// The width a line of text takes, near enough for a layout (DejaVu Sans averages 0.6 em a character).
double text_width(const Metrics& m, std::string_view text, double scale = 0.9) { return double(text.size()) * m.font * scale * 0.6; }

SvgText value_text(const Metrics& m, SvgColour fill) { return {m.font, fill, "middle", false, true}; }
SvgText label_text(const Metrics& m, const char* anchor = "start", bool bold = false) {
    return {m.font * 0.9, m.text, anchor, bold, false};
}

// One row of cells with their values; `fill` per cell.
template <class Fill>
void draw_cells(SvgDocument& d, const Metrics& m, const Row& row, double x0, double y, Fill fill) {
    for (size_t i = 0; i < row.count; ++i) {
        const double x = x0 + double(row.column + int64_t(i)) * m.cell_w;
        const Rgb f = fill(i);
        d.rect(x + 1, y, m.cell_w - 2, m.cell_h, c(f), 3);
        // Dark digits on the bright cells (updated, final), as the app draws them.
        const bool bright = int(f.r) + int(f.g) + int(f.b) > 380;
        d.text(x + m.cell_w / 2, y + m.cell_h / 2 + m.font * 0.36, format_value(*row.values, row.first + i),
               value_text(m, bright ? SvgColour{20, 20, 20} : m.text));
    }
}

double centre_x(const Metrics& m, const Row& row, int64_t i, double x0) { return x0 + (double(row.column + i) + 0.5) * m.cell_w; }

size_t columns(const Trace& t) {
    int64_t last = int64_t(input_row(t).count);
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const Row r = step_row(t, k);
        last = std::max(last, r.column + int64_t(r.count));
    }
    return size_t(std::max<int64_t>(last, 1));
}

// The lines of step k, between the row above (y_above) and its own (y).
void draw_step_lines(SvgDocument& d, const Metrics& m, const Trace& t, size_t k, const Row& above, const Row& here, double x0,
                     double y_above, double y, bool current) {
    const Step& s = t.steps[k];
    const SvgColour op = c(m.p->arrow_op);
    const double thick = current ? 2.4 : 1.4, bottom = y_above + m.cell_h, top = y;
    if (s.phase == Phase::add_block_sums) {
        // Kernel 3, per block: S[b - 1] to a bar over block b's elements.
        const double bar = top - m.font * 0.5;
        for (const SumSpan& sp : block_sum_spans(s, here)) {
            const int64_t src = above.local(sp.s);
            const double xa = centre_x(m, here, sp.first, x0), xb = centre_x(m, here, sp.last, x0);
            if (src >= 0) d.line(centre_x(m, above, src, x0), bottom, (xa + xb) / 2, bar, op, thick);
            d.line(xa, bar, xb, bar, op, thick);
            for (int64_t i = sp.first; i <= sp.last; ++i) d.arrow(centre_x(m, here, i, x0), bar, centre_x(m, here, i, x0), top, op, 1, 0.8);
        }
        return;
    }
    const bool from_above = !(s.phase == Phase::load && k > 0 && s.depth == 0 && s.kernel != Kernel::k2);
    if (!from_above) return;
    for (const Access& a : s.accesses) {
        const int64_t src = above.local(a.src), dst = here.local(a.dst);
        if (src < 0 || dst < 0) continue;
        const double xs = centre_x(m, above, src, x0), xd = centre_x(m, here, dst, x0);
        if (!a.applies_op) {
            d.arrow(xs, bottom, xd, top, m.faint, 1, 0.6);
            continue;
        }
        d.arrow(xs, bottom, xd, top, op, thick);
        // The element's own value flows into the addition too, as in the book's figures.
        if (const int64_t own = above.local(a.dst); own >= 0 && a.src != a.dst && s.phase != Phase::block_sum_write)
            d.line(centre_x(m, above, own, x0), bottom, xd, top, m.faint, 1, 0.6);
    }
}

std::string step_diagram(const Trace& t, const SvgRequest& r) {
    if (is_event_trace(t))
        throw ScanError(
            "the step diagram is of a scan whose blocks step together; a single-pass scan's run is its tiles and timeline "
            "(scanlab shot --view window draws them)");
    const Metrics m = metrics(t, r.presenting);
    const size_t cols = columns(t), rows = t.steps.size() + 1;
    if (cols * rows > kMaxSvgCells)
        throw ScanError("a step diagram of " + std::to_string(rows) + " rows of " + std::to_string(cols) + " elements is past the " +
                        std::to_string(kMaxSvgCells) + " cells an SVG figure draws; choose a smaller N");
    double side_w = m.font * 8;
    for (const Step& s : t.steps) side_w = std::max(side_w, text_width(m, step_label(s)) + m.font);
    const double x0 = m.margin + m.label_w, top = m.margin + m.font * 2.2;
    const std::string title = run_name(t) + " on N = " + std::to_string(t.n) + ": one row per step, a line per addition";
    const double width = std::max(x0 + double(cols) * m.cell_w + side_w, m.margin + text_width(m, title)) + m.margin;
    const double height = top + double(rows) * m.pitch;
    SvgDocument d(width, height, "Step diagram: " + run_name(t) + " on N = " + std::to_string(t.n), m.background);
    d.text(m.margin, m.margin + m.font, title, label_text(m, "start", true));
    auto y_of = [&](size_t row) { return top + double(row) * m.pitch; };
    auto row_of = [&](size_t row) { return row == 0 ? input_row(t) : step_row(t, row - 1); };
    if (r.step) d.rect(0, y_of(*r.step + 1) - m.font * 0.3, width, m.cell_h + m.font * 0.6, c(m.p->current_row));
    d.begin_group("lines");
    for (size_t k = 0; k < t.steps.size(); ++k)
        draw_step_lines(d, m, t, k, row_of(k), row_of(k + 1), x0, y_of(k), y_of(k + 1), r.step && *r.step == k);
    d.end_group();
    d.begin_group("rows");
    for (size_t row = 0; row < rows; ++row) {
        const Row here = row_of(row);
        std::vector<uint8_t> written(here.count, 0);
        if (row > 0)
            for (const Access& a : t.steps[row - 1].accesses)
                if (const int64_t i = here.local(a.dst); a.applies_op && i >= 0) written[size_t(i)] = 1;
        draw_cells(d, m, here, x0, y_of(row), [&](size_t i) { return written[i] ? m.p->cell_updated : m.p->cell_untouched; });
        std::string label = row == 0 ? std::string("X") : std::string("#").append(std::to_string(row - 1));
        if (row > 0 && t.steps[row - 1].array == ArrayKind::s) label += " S";
        d.text(m.margin, y_of(row) + m.cell_h / 2 + m.font * 0.33, label, label_text(m, "start", true));
        d.text(x0 + double(cols) * m.cell_w + m.font * 0.6, y_of(row) + m.cell_h / 2 + m.font * 0.33,
               row == 0 ? "input X" : step_label(t.steps[row - 1]), label_text(m));
    }
    d.end_group();
    return d.str();
}

std::string array_view(const Trace& t, const SvgRequest& r) {
    const size_t k = r.step.value_or(t.steps.size() - 1);
    const Metrics m = metrics(t, r.presenting);
    const StepRows rows = step_rows(t, k);
    const TraceBook book = make_book(t);
    const std::vector<CellState> states = cell_states(t, book, k);
    const size_t cols = std::max<size_t>({size_t(rows.before.column) + rows.before.count, size_t(rows.after.column) + rows.after.count,
                                          rows.sums ? size_t(rows.sums.column) + rows.sums.count : 0});
    if (cols * 3 > kMaxSvgCells)
        throw ScanError("an array view of " + std::to_string(cols) + " elements is past what an SVG figure draws; choose a smaller N");
    const double x0 = m.margin + m.label_w, top = m.margin + m.font * 3.4;
    const double y_before = top, y_after = top + m.pitch * (rows.sums ? 2 : 1), y_sums = top + m.pitch;
    const char* const legend[] = {"updated by an addition", "loaded or copied", "final value", "untouched"};
    double legend_w = 0;
    for (const char* what : legend) legend_w += m.font * 2.6 + text_width(m, what);
    const double width = std::max(x0 + double(cols) * m.cell_w, m.margin + legend_w) + m.margin, height = y_after + m.cell_h + m.font * 3.6;
    SvgDocument d(width, height, "Array view: " + run_name(t) + ", step #" + std::to_string(k), m.background);
    d.text(m.margin, m.margin + m.font,
           std::string("#").append(std::to_string(k)) + " " + step_label(t.steps[k]) + " (" + run_name(t) + ", N = " + std::to_string(t.n) +
               ")",
           label_text(m, "start", true));
    // Element numbers over the columns of the step's own array.
    for (size_t i = 0; i < rows.after.count; ++i)
        d.text(centre_x(m, rows.after, int64_t(i), x0), top - m.font * 0.5, std::to_string(rows.after.offset + int64_t(i)),
               {m.font * 0.7, m.faint, "middle", false, false});
    const Row above = rows.sums ? rows.sums : rows.before;
    d.begin_group("lines");
    draw_step_lines(d, m, t, k, above, rows.after, x0, rows.sums ? y_sums : y_before, y_after, true);
    d.end_group();
    d.begin_group("rows");
    draw_cells(d, m, rows.before, x0, y_before, [&](size_t) { return m.p->cell_untouched; });
    d.text(m.margin, y_before + m.cell_h / 2 + m.font * 0.33, "before", label_text(m));
    if (rows.sums) {
        draw_cells(d, m, rows.sums, x0, y_sums, [&](size_t) { return m.p->fig_block_sum; });
        d.text(m.margin, y_sums + m.cell_h / 2 + m.font * 0.33, "S", label_text(m));
    }
    auto fill = [&](size_t i) {
        switch (i < states.size() ? states[i] : CellState::untouched) {
            case CellState::loaded: return m.p->cell_loaded;
            case CellState::final_value: return m.p->cell_final;
            case CellState::updated: return m.p->cell_updated;
            case CellState::hazard: return m.p->cell_hazard;
            case CellState::wrong: return m.p->cell_wrong;
            default: return m.p->cell_untouched;
        }
    };
    draw_cells(d, m, rows.after, x0, y_after, fill);
    d.text(m.margin, y_after + m.cell_h / 2 + m.font * 0.33, std::string(rows.after.name), label_text(m, "start", true));
    d.end_group();
    // The legend of the cells' colours.
    double lx = m.margin;
    const double ly = y_after + m.cell_h + m.font * 1.6;
    for (const auto& [colour, what] :
         {std::pair{m.p->cell_updated, "updated by an addition"}, std::pair{m.p->cell_loaded, "loaded or copied"},
          std::pair{m.p->cell_final, "final value"}, std::pair{m.p->cell_untouched, "untouched"}}) {
        d.rect(lx, ly, m.font, m.font, c(colour), 2);
        d.text(lx + m.font * 1.4, ly + m.font * 0.85, what, label_text(m));
        lx += m.font * 2.6 + text_width(m, what);
    }
    return d.str();
}

std::string fig910(const Trace& t, const SvgRequest& r) {
    if (!algorithm_info(t.algorithm).figure_9_10 || t.section <= 0 || t.grid < 1 || !t.kernel.empty())
        throw ScanError("Figure 9.10 is the hierarchical scan's: give --algo hierarchical (its own figure: --preset fig9.10)");
    const size_t n = size_of(t.input), section = size_t(t.section), blocks = size_t(t.grid);
    if (n > 256)
        throw ScanError("Figure 9.10 is drawn for up to 256 elements, and this run has " + std::to_string(n) +
                        "; the step diagram draws more");
    const size_t k = r.step.value_or(t.steps.size() - 1);
    const Metrics m = metrics(t, r.presenting);
    auto latest = [&](auto pred) -> const ValueArray* {
        for (size_t j = std::min(k + 1, t.steps.size()); j-- > 0;)
            if (pred(t.steps[j])) return &t.steps[j].values;
        return nullptr;
    };
    const auto k1 = [](const Step& x) { return x.kernel == Kernel::k1 && x.depth == 0 && x.phase != Phase::block_sum_write; };
    const auto sw = [](const Step& x) { return x.kernel == Kernel::k1 && x.depth == 0 && x.phase == Phase::block_sum_write; };
    const auto k2 = [](const Step& x) { return x.kernel == Kernel::k2; };
    const auto k3 = [](const Step& x) { return x.kernel == Kernel::k3 && x.depth == 0; };
    struct FigRow {
        const char* caption;
        const ValueArray* values;
        bool sums;
    };
    const FigRow rows[] = {{"initial array X", &t.input, false},
                           {"kernel 1: scan each block", latest(k1), false},
                           {"kernel 1: block sums S", latest(sw), true},
                           {"kernel 2: scan S", latest(k2), true},
                           {"kernel 3: add S[i] to block i+1: final Y", latest(k3), false}};
    const double gap = m.font * 0.8, x0 = m.margin, row_h = m.font * 1.3 + m.cell_h, arrows = m.font * 2.6;
    auto x_of = [&](size_t i) { return x0 + double(i) * m.cell_w + double(i / section) * gap; };
    const std::string title =
        "Figure 9.10: the hierarchical scan of " + std::to_string(n) + " elements in " + std::to_string(blocks) + " blocks";
    const double width = std::max(x_of(n), m.margin + text_width(m, title)) + m.margin, top = m.margin + m.font * 2.4;
    const double height = top + 5 * row_h + 3 * m.font * 0.8 + arrows + m.margin;
    SvgDocument d(width, height, title, m.background);
    d.text(x0, m.margin + m.font, title, label_text(m, "start", true));
    double y = top;
    for (size_t ri = 0; ri < 5; ++ri) {
        const FigRow& row = rows[ri];
        d.text(x0, y + m.font, row.caption, label_text(m));
        y += m.font * 1.3;
        const size_t cells = row.sums ? blocks : n;
        for (size_t i = 0; i < cells; ++i) {
            const size_t at = row.sums ? std::min(n - 1, section * i + section - 1) : i;  // S[b] under block b's last element
            const bool have = row.values && i < size_of(*row.values);
            d.rect(x_of(at) + 1, y, m.cell_w - 2, m.cell_h, c(have ? (row.sums ? m.p->fig_block_sum : m.p->fig_cell) : m.p->fig_pending),
                   3);
            if (have)
                d.text(x_of(at) + m.cell_w / 2, y + m.cell_h / 2 + m.font * 0.36, format_value(*row.values, i), value_text(m, m.text));
        }
        if (ri == 3 && rows[3].values) {
            // S[i] flows into every element of block i + 1 (kernel 3).
            for (size_t i = 0; i + 1 < blocks; ++i) {
                const double fx = x_of(section * i + section - 1) + m.cell_w / 2, tx = x_of(section * (i + 1)) + m.cell_w * 1.5;
                d.arrow(fx, y + m.cell_h, tx, y + m.cell_h + arrows - m.font * 0.1, c(m.p->arrow_op), 1.6);  // to the caption's top
                d.text((fx + tx) / 2 + m.font * 0.4, y + m.cell_h + arrows * 0.55, std::string("S[").append(std::to_string(i)).append("]"),
                       {m.font * 0.8, c(m.p->arrow_op), "start", false, false});
            }
        }
        y += m.cell_h + (ri == 3 ? arrows : m.font * 0.8);
    }
    return d.str();
}

}  // namespace

const char* figure_name(SvgFigure f) {
    switch (f) {
        case SvgFigure::step_diagram: return "the step diagram";
        case SvgFigure::array_view: return "the array view";
        case SvgFigure::fig910: return "Figure 9.10";
    }
    return "";
}

std::string svg_figure(const Trace& t, const SvgRequest& r) {
    if (t.detail != Detail::full || t.steps.empty())
        throw ScanError("this trace holds counts only; a figure needs every step's values (a full trace)");
    if (r.step && *r.step >= t.steps.size())
        throw ScanError("--step " + std::to_string(*r.step) + " is past the last step of this trace (#" +
                        std::to_string(t.steps.size() - 1) + ")");
    switch (r.figure) {
        case SvgFigure::step_diagram: return step_diagram(t, r);
        case SvgFigure::array_view: return array_view(t, r);
        case SvgFigure::fig910: return fig910(t, r);
    }
    return "";
}

}  // namespace scanlab::gui
