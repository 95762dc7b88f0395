#pragma once
// The Exercises panel (exercises_panel.cpp).

namespace scanlab::gui {

struct App;

void draw_exercises_panel(App& app);
// The Exercises panel's keys while it has focus: Up/Down (delta -1/+1), Enter.
void select_next_exercise(App& app, int delta);
void open_selected_exercise_run(App& app);

}  // namespace scanlab::gui
