#pragma once
// The verdict line and the explanation pane (explain_pane.cpp).
#include "app/gui/model/session.hpp"

namespace scanlab::gui {

struct App;

// The verdict over the step view and the explanation pane with its predict mode (explain_pane.cpp).
void draw_verdict_line(App& app, const ShownTrace& st);
// The pane fills its panel, or takes `height` (the explain shot's view under the array view).
void draw_explain_pane(App& app, float height = 0);

}  // namespace scanlab::gui
