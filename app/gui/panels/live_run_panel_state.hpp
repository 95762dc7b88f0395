#pragma once
// Held by App (app.hpp) beside the other panels' state; the panel reads and writes it.
#include <string>

namespace scanlab::gui {

// The Live run tab's own view state (the model is session.bench and session.sampled_*).
struct LiveTabState {
    bool defaults_applied = false;  // N lowered to the emulation's cap where there is no GPU
    bool chart_time = false;  // the chart shows median time instead of GB/s
    const void* scrolled_to = nullptr;  // the sampled trace the tab last scrolled down to
    std::string save_path = "scanlab-bench.json";
    std::string save_status, save_error;
};

}  // namespace scanlab::gui
