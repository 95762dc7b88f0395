#pragma once
// Held by App (app.hpp) beside the other panels' state; the panel reads and writes it.
#include <cstddef>
#include <cstdint>

#include <imgui.h>

namespace scanlab::gui {

// The step view's own state (array_view.cpp, step_diagram.cpp): the horizontal scroll the array
// view and the step diagram share, and what the zoom was last fitted to: the trace's widest row and
// the room for it. A new N, a resize, a new font or another layout fits again, unless the user
// zoomed by hand this run.
struct StepViewState {
    float shared_scroll_x = 0;
    float scroll_seen[2] = {0, 0};
    size_t fitted_width = 0;
    float fitted_room = 0;
    float fitted_row_scale = 1;  // the rows' height it was fitted to (less than 1: a short window)
    bool zoom_fixed = false;  // zoomed by hand (+/-, Ctrl+wheel) or --zoom given: keep it
    size_t diagram_scrolled_to = size_t(-1);  // the step the full diagram last scrolled into sight
    // What the last frame showed (the layout check reads it): the step diagram's rows in sight of
    // its rows, and the events timeline's lanes named of its lanes.
    size_t diagram_rows_shown = 0, diagram_rows = 0;
    int timeline_lanes_named = 0, timeline_lanes = 0;
    // A student's kernel's tiles (kernel_blocks_view.cpp): the turn in its block order that is
    // marked as running (0: its first block), and the trace it was chosen on (a new run starts over).
    int64_t block_turn = 0;
    const void* block_turn_of = nullptr;
    ImVec2 block_tiles_min{0, 0}, block_tiles_max{0, 0};  // where the last frame drew them (the smoke test clicks them)
};

}  // namespace scanlab::gui
