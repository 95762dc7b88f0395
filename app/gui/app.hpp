#pragma once
// The desktop app's UI state and its panels. Each panel is one function in its own file that
// reads the Session (the model) and issues its commands; none of them computes a scan.
#include <string>

#include <imgui.h>

#include "palette.hpp"
#include "session.hpp"
#include "settings.hpp"

struct GLFWwindow;

namespace scanlab::gui {

// Which part of the window `scanlab shot --view` renders.
enum class View { window, array, diagram, fig910, counts, source, compare, live };

struct Fonts {
    ImFont* ui = nullptr;
    ImFont* mono = nullptr;
    ImFont* ui_large = nullptr;
    ImFont* mono_large = nullptr;
    bool dejavu = false;  // false: ImGui's built-in font (fonts-dejavu-core missing)
};

struct App {
    Session session;
    Layout layout;
    Fonts fonts;
    std::string config_dir;  // empty: nothing is kept between runs (--shot, the smoke test)

    // Requests from panels, carried out by the frame loop.
    bool want_screenshot = false;
    bool want_quit = false;
    bool open_dialog = false;
    bool save_dialog = false;
    bool help_window = false;
    bool controls_in_presentation = false;  // Ctrl+B while presenting
    int tab_request = -1;  // select this centre tab on the next frame

    // Shared horizontal scroll of the array view and the step diagram.
    float shared_scroll_x = 0;
    float scroll_seen[2] = {0, 0};

    // The array width the zoom was last fitted to (a new width fits again).
    size_t fitted_width = 0;
    bool zoom_fixed = false;  // --zoom given: keep it

    // Figure 9.10 panel's own step when the main trace is another run.
    size_t fig910_step = 0;

    bool headless = false;  // --shot: no interaction, no settings
    View view = View::window;

    bool controls_shown() const { return layout.presentation ? controls_in_presentation : layout.show_controls; }
    const Palette& palette() const { return layout.presentation ? kPresentationPalette : kNormalPalette; }
    ImFont* mono() const { return layout.presentation ? fonts.mono_large : fonts.mono; }
};

ImU32 col(Rgb c, int alpha = 255);

// Fonts and themes (theme.cpp).
void load_fonts(App& app);
void apply_theme(App& app);

// The frame: menu bar, banner, columns, status bar (layout.cpp); keyboard shortcuts (keys.cpp).
void draw_frame(App& app);
void handle_shortcuts(App& app);
void install_key_capture(GLFWwindow* window);  // before ImGui's GLFW backend, which chains to it

// Panels.
void draw_menu_bar(App& app);
void draw_controls(App& app);
void draw_stepper(App& app);
void draw_step_view(App& app);  // the current step's header, array view and step diagram
void draw_array_view(App& app, const ShownTrace& t, size_t step, const char* id, float height, int scroll_slot);
float array_view_height(const Step& s);
void draw_step_diagram(App& app, const ShownTrace& t, size_t step, const char* id, int scroll_slot);
void draw_fig910_panel(App& app);
float fig910_panel_height(float width);  // what the panel needs at this width
void draw_counts_panel(App& app);
void draw_source_pane(App& app);
void draw_compare_view(App& app);
void draw_live_run_panel(App& app);
void draw_trace_file_dialogs(App& app);
void draw_help_window(App& app);

// Small shared widgets (widgets.cpp).
void spinner(float radius, ImU32 color);
void legend_swatch(Rgb c, const char* label);
bool vertical_splitter(const char* id, float* width, float min_width, float max_width, float height, bool grow_left);
// "t" + 3 -> "t3", written so that GCC 12 raises no false -Wrestrict warning about it.
std::string prefixed(const char* prefix, long long number);
// A cell's value, centred, shrunk to fit a narrow cell.
void cell_text(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, const std::string& text);
// The height of one array-view cell at the current font size.
float cell_height();

}  // namespace scanlab::gui
