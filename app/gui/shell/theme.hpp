#pragma once
// Fonts and themes (theme.cpp).

namespace scanlab::gui {

struct App;
struct Layout;

void load_fonts(App& app);
void apply_theme(App& app);
// The text size for a display of this size: 16 px times the user's scale; presenting, scaled to
// the window (22 px at 1280x720) times the presentation scale.
float font_size_for(const Layout& layout, float display_w, float display_h);
void change_font_scale(App& app, float factor);  // Ctrl +/- (factor 0: back to 1)

}  // namespace scanlab::gui
