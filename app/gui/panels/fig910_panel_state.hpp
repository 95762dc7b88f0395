#pragma once
// Held by App (app.hpp) beside the other panels' state; the panel reads and writes it.
#include <cstddef>

namespace scanlab::gui {

// The Figure 9.10 panel's own state (fig910_panel.cpp).
struct Fig910PanelState {
    size_t step = 0;  // its own step when the main trace is another run
    int scrolled_to = -1;  // the row a short panel last scrolled to
};

}  // namespace scanlab::gui
