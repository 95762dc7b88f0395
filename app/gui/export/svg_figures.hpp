#pragma once
// A run's figures as SVG, drawn as vectors from the trace with every value as real text, in the
// app's colours: the step diagram (Figures 9.1 and 9.5: a row per step, a line per addition), the
// array view of one step (the array before and after it, each addition's arrow, each cell coloured
// as the app colours it) and Figure 9.10 (the hierarchical scan's five rows). No GL: `scanlab export
// --format svg` draws them without a display, the app on a worker thread.
#include <cstddef>
#include <optional>
#include <string>

#include "core/trace.hpp"

namespace scanlab::gui {

enum class SvgFigure { step_diagram, array_view, fig910 };
const char* figure_name(SvgFigure f);  // "the step diagram", ...

struct SvgRequest {
    SvgFigure figure = SvgFigure::step_diagram;
    std::optional<size_t> step;  // the step highlighted (diagram) or shown (array view, Figure 9.10); default: none / the last
    bool presenting = false;  // the presentation palette (black, high contrast) and larger text
};

// The figure's SVG document. Throws ScanError with the sentence where the trace cannot give it
// (counts only, an event-scheduled scan's diagram, Figure 9.10 of another algorithm, a step past the last).
std::string svg_figure(const Trace& t, const SvgRequest& r);

// The largest figure drawn: a step diagram of this many cells (rows times columns) is refused,
// the range of its elements being more than a slide can show.
inline constexpr size_t kMaxSvgCells = 200000;

}  // namespace scanlab::gui
