#pragma once
// The colours every view draws with, in plain RGB so the smoke test can look for them in a
// screenshot. The "updated" cell colour is used by the array view's cells and nowhere else, and
// the Figure 9.10 panel's block-sum colour only by that panel's S cells: the test counts them.
#include <cstdint>
#include <iterator>
#include <optional>

#include "core/algorithms/table.hpp"

namespace scanlab::gui {

struct Rgb {
    uint8_t r, g, b;
};

struct Palette {
    Rgb cell_untouched;  // no thread wrote the element in this step
    Rgb cell_loaded;  // written by a load or a copy
    Rgb cell_updated;  // written by an operator application
    Rgb cell_final;  // holds its result value for good
    Rgb cell_hazard;  // racy kernel: the outline of an element read after another warp overwrote it
    Rgb cell_text;
    Rgb thread_active;
    Rgb thread_idle;
    Rgb arrow_op;  // the earlier operand flowing into an addition
    Rgb arrow_copy;  // a load, a copy, the element's own value
    Rgb block_line;  // block (section) boundaries
    Rgb warp_line;  // warp boundaries
    Rgb fig_block_sum;  // Figure 9.10 panel: S and scanned S cells
    Rgb fig_cell;  // Figure 9.10 panel: the other cells
    Rgb fig_pending;  // Figure 9.10 panel: a row the trace has not reached yet
    Rgb current_row;  // highlight of the current step (diagram, counts table, timeline)
    Rgb series_a;  // charts: the current algorithm
    Rgb series_b;  // charts: the comparison algorithm
    Rgb formula;  // charts: the chapter's formulas
    Rgb banner;  // the CPU-emulation banner's background
    Rgb error;  // inline refusal messages
    Rgb source_highlight;  // source pane: the lines the current step executes
    Rgb cell_wrong;  // racy kernel: a value a race-free run would not hold (never "final")
    Rgb expected_row;  // the row of values a race-free run holds, under a wrong one
    Rgb segment_flag;  // segmented scan: a flag of 1 (a segment starts at or before the cell)
};

// The classroom theme (dark) and the presentation theme (black, high contrast).
inline constexpr Palette kNormalPalette{
    {58, 62, 72}, {64, 112, 170}, {236, 138, 36},  {52, 158, 92},   {222, 48, 48},   {240, 240, 240}, {246, 204, 74},
    {84, 84, 92}, {250, 190, 90}, {150, 160, 175}, {235, 235, 235}, {120, 130, 150}, {150, 92, 210},  {78, 84, 98},
    {44, 46, 54}, {70, 90, 140},  {236, 150, 60},  {90, 170, 240},  {200, 200, 210}, {120, 84, 20},   {255, 110, 110},
    {90, 72, 24}, {176, 24, 120}, {46, 70, 58},    {40, 220, 220},
};
inline constexpr Palette kPresentationPalette{
    {30, 30, 30},    {0, 110, 255}, {255, 150, 0},   {0, 200, 70},    {255, 30, 30},   {255, 255, 255}, {255, 230, 0},
    {110, 110, 110}, {255, 210, 0}, {220, 220, 220}, {255, 255, 255}, {180, 180, 180}, {190, 110, 255}, {40, 40, 40},
    {15, 15, 15},    {0, 70, 160},  {255, 170, 0},   {0, 190, 255},   {255, 255, 255}, {140, 90, 0},    {255, 90, 90},
    {110, 90, 0},    {230, 0, 160}, {0, 90, 60},     {0, 255, 255},
};

// An algorithm's colour in the charts, the Counts summary and the comparison: its own, whichever
// run it is (Kogge-Stone the orange of series_a, Brent-Kung the blue of series_b, each other row
// of the algorithm table a colour of its own), so swapping the main and the second run swaps no
// colours. `beside`: the other run's algorithm; the same algorithm on both sides takes series_b
// (series_a beside Brent-Kung's own blue).
inline Rgb algorithm_colour(const Palette& p, Algorithm a, std::optional<Algorithm> beside = std::nullopt) {
    // By the row's place in the algorithm table: sequential, the three Kogge-Stones, the two
    // Brent-Kungs, Sklansky, Ladner-Fischer, three-phase, hierarchical, the slides, segmented,
    // domino, the decoupled look-back.
    const Rgb by_row[] = {p.formula,       p.series_a,     {255, 120, 60}, {230, 170, 40}, p.series_b,
                          {140, 200, 255}, {80, 200, 110}, {220, 90, 220}, {240, 220, 60}, {190, 140, 255},
                          {255, 130, 170}, {40, 170, 150}, {205, 165, 95}, {170, 220, 70}};
    const size_t row = size_t(&algorithm_info(a) - algorithm_table().data());
    const Rgb own = by_row[row % std::size(by_row)];
    if (!beside || *beside != a) return own;
    const bool blue = own.r == p.series_b.r && own.g == p.series_b.g && own.b == p.series_b.b;
    return blue ? p.series_a : p.series_b;
}

}  // namespace scanlab::gui
