#pragma once
// Held by App (app.hpp) beside the other panels' state; the panel reads and writes it.

namespace scanlab::gui {

// The Exercises panel's own state (exercises_panel.cpp).
struct ExercisesPanelState {
    bool shown = false;  // open last frame
    int in_view = 0;  // the exercise its list last scrolled to
    bool focused = false;  // it has focus: Up/Down/Enter are its
};

}  // namespace scanlab::gui
