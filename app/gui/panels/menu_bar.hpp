#pragma once
// The menu bar and the help window (menu_bar.cpp).

namespace scanlab::gui {

struct App;

void draw_menu_bar(App& app);
void draw_help_window(App& app);

}  // namespace scanlab::gui
