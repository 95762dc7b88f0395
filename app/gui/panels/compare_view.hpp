#pragma once
// The Compare tab (compare_view.cpp).

namespace scanlab::gui {

struct App;

void draw_compare_view(App& app);

}  // namespace scanlab::gui
