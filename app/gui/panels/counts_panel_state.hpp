#pragma once
// Held by App (app.hpp) beside the other panels' state; the panel reads and writes it.

namespace scanlab::gui {

// The Counts tab's own state (counts_panel.cpp): presenting, it shows one chart at a time.
struct CountsPanelState {
    int chart = 0;  // which one (the tab's buttons choose)
    float chart_height = 0;  // the height the last frame drew it at
};

}  // namespace scanlab::gui
