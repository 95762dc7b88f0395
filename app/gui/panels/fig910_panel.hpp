#pragma once
// The Figure 9.10 panel (fig910_panel.cpp).

namespace scanlab::gui {

struct App;
class Session;

void draw_fig910_panel(App& app);
// What the panel needs at this width (`least`: legible_value_size).
float fig910_panel_height(float width, bool presenting, float least);
// Whether the panel follows the main run (a four-block, 16-element hierarchical run: the figure);
// else it shows the figure's own run, which presenting leaves one tab away.
bool fig910_follows_main(const Session& s);

}  // namespace scanlab::gui
