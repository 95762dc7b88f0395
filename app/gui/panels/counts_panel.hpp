#pragma once
// The Counts tab (counts_panel.cpp).

namespace scanlab::gui {

struct App;

void draw_counts_panel(App& app);

}  // namespace scanlab::gui
