#pragma once
// Held by App (app.hpp) beside the other panels' state; the panel reads and writes it.
#include <string>

namespace scanlab::gui {

// The Source panel's own state (source_pane.cpp).
struct SourcePaneState {
    // The panel's height that shows the longest block of lines one step executes, whole (measured
    // each frame; the layout keeps the panel that tall where the panels above it can spare the
    // room: a projector at 1280x720 otherwise shows three lines).
    float wants_height = 0;
    std::string scrolled_for;  // the step, size and height the code last scrolled for
};

}  // namespace scanlab::gui
