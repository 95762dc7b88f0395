#pragma once
// The stepper: first, back, play, forward, last, the step slider (stepper.cpp).

namespace scanlab::gui {

struct App;

void draw_stepper(App& app);

}  // namespace scanlab::gui
