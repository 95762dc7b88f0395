#pragma once
// The Source panel (source_pane.cpp).

namespace scanlab::gui {

struct App;

void draw_source_pane(App& app);

}  // namespace scanlab::gui
