#pragma once
// The desktop app's UI state: the Session (the model), the layout, the fonts, the requests panels
// make of the frame loop, and each panel's own state (a struct in a header beside its panel). Each
// panel is one function in its own file, declared in a header beside it, that reads the Session
// and issues its commands; none of them computes a scan.
#include <optional>
#include <string>

#include <imgui.h>

#include "app/gui/model/lesson_player.hpp"
#include "app/gui/model/palette.hpp"
#include "app/gui/model/predict.hpp"
#include "app/gui/model/session.hpp"
#include "app/gui/model/settings.hpp"
#include "app/gui/panels/counts_panel_state.hpp"
#include "app/gui/panels/exercises_panel_state.hpp"
#include "app/gui/panels/fig910_panel_state.hpp"
#include "app/gui/panels/live_run_panel_state.hpp"
#include "app/gui/panels/source_pane_state.hpp"
#include "app/gui/panels/step_view_state.hpp"
#include "app/gui/panels/your_kernel_panel_state.hpp"

namespace scanlab::gui {

// Which part of the window `scanlab shot --view` renders.
enum class View { window, array, explain, diagram, fig910, counts, source, compare, live };

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
    bool keep_panel_layout = false;  // imgui.ini could not be read: never written over

    // Requests from panels, carried out by the frame loop.
    bool want_screenshot = false;
    bool want_quit = false;
    bool open_dialog = false;
    bool save_dialog = false;
    bool help_window = false;
    bool controls_in_presentation = false;  // Ctrl+B while presenting
    bool reset_layout = false;  // View > Reset layout: the first layout again
    bool saved_layout_checked = false;  // whether imgui.ini's layout knows every panel
    int layout_settling = 0;  // frames left in which the first layout may still fit the source
    bool layout_before_first_run = false;  // the first layout was made with no run on screen yet (layout.cpp)
    ImVec2 presentation_built_for{0, 0};  // the dock space's size the presentation layout was built for
    // What else the presentation layout was built for: the figure beside the trace (the main run
    // is Figure 9.10's), the controls or exercises column shown (Ctrl+B, Ctrl+E), and the figure in
    // the trace's place (a lesson's slide shows it beside the lesson).
    bool presented_figure = false, presented_left = false, presented_figure_in_centre = false;
    int explain_to_front = 0;  // frames left to bring the explanation's tab in front of the source's
    std::string panel_to_front;  // a panel whose tab comes in front next frame (a lesson's slide: "Figure 9.10", "Source")
    int panel_to_front_frames = 0;  // further frames to wait for that panel's tab bar (a window docked again)
    bool show_banner = true;  // the CPU-emulation line (its x hides it for this run)
    bool first_run_hint = false;  // the first start: the status bar says how to step and present, until a key is pressed
    bool shot_banner = false;  // `scanlab shot --banner`: the line on a single view too
    std::optional<Tab> tab_request;  // select this centre tab on the next frame
    // Enter or Escape pressed since the last frame (without Ctrl), as the key capture saw them
    // (every press, wherever the focus is): a dialog's Enter is never lost.
    bool enter_pressed = false;
    bool escape_pressed = false;

    // The text size in pixels now (font_size_for: the window and the user's Ctrl +/-), and the size
    // the theme's spacing was last scaled for.
    float font_size = 16;
    float themed_font_size = 0;

    // Each panel's own state (the structs above, one a panel).
    StepViewState step_view;
    Fig910PanelState fig910_panel;
    SourcePaneState source_pane;
    CountsPanelState counts_panel;
    ExercisesPanelState exercises_panel;
    YourKernelPanelState your_kernel_panel;
    LiveTabState live;
    Prediction predict;  // predict mode of the explanation pane
    LessonPlayer lesson;  // the Lesson panel's lesson and the student's way through it
    bool show_lesson = false;  // the Lesson panel (File > Open lesson, View > Lesson)
    bool lesson_dialog = false;  // File > Open lesson
    bool lesson_shown = false;  // the Lesson panel was open last frame

    bool headless = false;  // --shot: no interaction, no settings
    View view = View::window;

    bool controls_shown() const { return layout.presentation ? controls_in_presentation : layout.show_controls; }
    const Palette& palette() const { return layout.presentation ? kPresentationPalette : kNormalPalette; }
    ImFont* mono() const { return layout.presentation ? fonts.mono_large : fonts.mono; }
};

}  // namespace scanlab::gui
