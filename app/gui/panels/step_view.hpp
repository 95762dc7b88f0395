#pragma once
// The step view: the current step's header, array view (array_view.cpp) and step diagram
// (step_diagram.cpp).
#include <cstddef>

#include "app/gui/model/session.hpp"

namespace scanlab::gui {

struct App;

// The current step's header, array view and step diagram; the diagram fills the rest of the
// window, or takes `diagram_height` (the live tab, a page that scrolls).
void draw_step_view(App& app, float diagram_height = 0);
// row_scale < 1: shorter rows and arrows, so that the whole view fits a short window.
void draw_array_view(App& app, const ShownTrace& t, size_t step, const char* id, float height, int scroll_slot, float row_scale = 1);
float array_view_height(const App& app, const ShownTrace& st, size_t k, float row_scale = 1, bool scrollbar = true);
// The shortest rows a short window may make (row_scale): digits still legible_value_size().
float min_row_scale(const App& app);
// The narrowest cell the values of trace `t` fit whole at legible_value_size() (0: not presenting).
float value_cell_width(const App& app, const Trace& t);
// `compact_rows` > 0: only that many rows around the current step (kCompactDiagramRows where
// they fit, down to the current step's alone), smaller, with no scrollbar (it scrolls with the
// array view).
// `thin` > 0 (compact): the rows other than the current step's are that tall, a map of the whole
// figure around the current row's values (every row of a small run where the full rows do not fit).
inline constexpr size_t kCompactDiagramRows = 3;
void draw_step_diagram(App& app, const ShownTrace& t, size_t step, const char* id, int scroll_slot, float height = 0,
                       size_t compact_rows = 0, float thin = 0);
float step_diagram_height(const Trace& t, size_t compact_rows, float thin = 0);
// The thinnest rows the map of every row may have (thin above): the lines of each addition still
// apart, the dots still seen.
float thinnest_diagram_row();
// The column of step labels at the diagram's right edge in a child of this width: the array view's
// fitted zoom leaves it free, so that no column of the diagram hides under a label.
float step_diagram_side_width(const Trace& t, float width);  // what the diagram's rows need, padding included

}  // namespace scanlab::gui
