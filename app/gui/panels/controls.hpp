#pragma once
// The controls: the run as the user states it (controls.cpp).

namespace scanlab::gui {

struct App;

void draw_controls(App& app);

}  // namespace scanlab::gui
