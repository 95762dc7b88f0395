#pragma once
// The desktop app's UI state and its panels. Each panel is one function in its own file that
// reads the Session (the model) and issues its commands; none of them computes a scan.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/model/lesson_player.hpp"
#include "app/gui/model/predict.hpp"
#include "app/gui/model/session.hpp"
#include "app/gui/model/settings.hpp"
#include "app/gui/shell/palette.hpp"

struct GLFWwindow;

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

// The Counts tab's own state (counts_panel.cpp): presenting, it shows one chart at a time.
struct CountsPanelState {
    int chart = 0;  // which one (the tab's buttons choose)
    float chart_height = 0;  // the height the last frame drew it at
};

// The Figure 9.10 panel's own state (fig910_panel.cpp).
struct Fig910PanelState {
    size_t step = 0;  // its own step when the main trace is another run
    int scrolled_to = -1;  // the row a short panel last scrolled to
};

// The Source panel's own state (source_pane.cpp).
struct SourcePaneState {
    // The panel's height that shows the longest block of lines one step executes, whole (measured
    // each frame; the layout keeps the panel that tall where the panels above it can spare the
    // room: a projector at 1280x720 otherwise shows three lines).
    float wants_height = 0;
    std::string scrolled_for;  // the step, size and height the code last scrolled for
};

// The Exercises panel's own state (exercises_panel.cpp).
struct ExercisesPanelState {
    bool shown = false;  // open last frame
    int in_view = 0;  // the exercise its list last scrolled to
    bool focused = false;  // it has focus: Up/Down/Enter are its
};

// The Your kernel panel's own state (your_kernel_panel.cpp; the editor itself lives there). The
// document and its run are the model's (session.your_kernel).
struct YourKernelPanelState {
    bool shown = false;  // open last frame
    bool focused = false;  // it has focus: Ctrl+Enter runs the kernel, Ctrl+S and Ctrl+O are its files'
    bool open_dialog = false;  // requests for its Open and Save dialogs
    bool save_dialog = false;
    bool presented = false;  // the presentation layout was built with the panel open
    // Normal mode: whether the layout on screen was built with the panel open (unset: the saved
    // layout, as the user left it). Closing the panel builds the first layout again.
    std::optional<bool> laid_out;
    const KernelStarter* pending_starter = nullptr;  // picked over unsaved edits: asked about first
};

// The state of a path dialog (trace_files.cpp): the path typed, the folder listed.
struct FileDialogState {
    std::string path;
    std::string folder;
    std::vector<std::string> entries;  // sub-folders end with '/'
    std::string listed;
    double listed_at = 0;  // ImGui time of the listing: files written since show up
    bool asked = false;  // an open or save of `path` was started from this dialog
    bool failure_seen = false;  // its failure was shown (the path field took the focus for it)
    bool enter_waiting = false;  // Enter was pressed; the characters typed before it are still arriving
};

// The Live run tab's own view state (the model is session.bench and session.sampled_*).
struct LiveTabState {
    bool defaults_applied = false;  // N lowered to the emulation's cap where there is no GPU
    bool chart_time = false;  // the chart shows median time instead of GB/s
    const void* scrolled_to = nullptr;  // the sampled trace the tab last scrolled down to
    std::string save_path = "scanlab-bench.json";
    std::string save_status, save_error;
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
    ImVec2 presentation_built_for{0, 0};  // the dock space's size the presentation layout was built for
    // What else the presentation layout was built for: the figure beside the trace (the main run
    // is Figure 9.10's), the controls or exercises column shown (Ctrl+B, Ctrl+E).
    bool presented_figure = false, presented_left = false;
    int explain_to_front = 0;  // frames left to bring the explanation's tab in front of the source's
    std::string panel_to_front;  // a panel whose tab comes in front next frame (a lesson's slide: "Figure 9.10", "Source")
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

ImU32 col(Rgb c, int alpha = 255);
// Text that reads on a fill: dark on the light ones (yellow, orange), white on the others.
ImU32 text_on(Rgb bg);

// Fonts and themes (theme.cpp).
void load_fonts(App& app);
void apply_theme(App& app);
// The text size for a display of this size: 16 px times the user's scale; presenting, scaled to
// the window (22 px at 1280x720) times the presentation scale.
float font_size_for(const Layout& layout, float display_w, float display_h);
void change_font_scale(App& app, float factor);  // Ctrl +/- (factor 0: back to 1)

// The frame: menu bar, banner, columns, status bar (layout.cpp); keyboard shortcuts (keys.cpp).
void draw_frame(App& app);
void handle_shortcuts(App& app);
void install_key_capture(GLFWwindow* window);  // before ImGui's GLFW backend, which chains to it
void capture_key_press(int glfw_key, int mods);  // a press with no window (the smoke tests on EGL)

// Panels.
void draw_menu_bar(App& app);
void draw_controls(App& app);
void draw_stepper(App& app);
// The current step's header, array view and step diagram; the diagram fills the rest of the
// window, or takes `diagram_height` (the live tab, a page that scrolls).
void draw_step_view(App& app, float diagram_height = 0);
// row_scale < 1: shorter rows and arrows, so that the whole view fits a short window.
void draw_array_view(App& app, const ShownTrace& t, size_t step, const char* id, float height, int scroll_slot, float row_scale = 1);
float array_view_height(const App& app, const ShownTrace& st, size_t k, float row_scale = 1, bool scrollbar = true);
// The shortest rows a short window may make (row_scale): digits still legible_value_size().
float min_row_scale(const App& app);
// The narrowest cell the values of trace `t` fit whole at legible_value_size() (0: not presenting).
float value_cell_width(const App& app, const Trace& t);
// `compact_rows` > 0: only that many rows around the current step (kCompactDiagramRows where
// they fit, down to the current step's alone), smaller, with no scrollbar (it scrolls with the
// array view).
// `thin` > 0 (compact): the rows other than the current step's are that tall, a map of the whole
// figure around the current row's values (every row of a small run where the full rows do not fit).
inline constexpr size_t kCompactDiagramRows = 3;
void draw_step_diagram(App& app, const ShownTrace& t, size_t step, const char* id, int scroll_slot, float height = 0,
                       size_t compact_rows = 0, float thin = 0);
float step_diagram_height(const Trace& t, size_t compact_rows, float thin = 0);
// The thinnest rows the map of every row may have (thin above): the lines of each addition still
// apart, the dots still seen.
float thinnest_diagram_row();
// The column of step labels at the diagram's right edge in a child of this width: the array view's
// fitted zoom leaves it free, so that no column of the diagram hides under a label.
float step_diagram_side_width(const Trace& t, float width);  // what the diagram's rows need, padding included
// An event-scheduled scan's step view (tiles_view.cpp): the flags or status words, the sections
// with the blocks that drew them, Y filling in, the event's reads; the timeline of every event.
float tiles_view_height(const App& app, const Trace& t);
float tiles_view_min_height(const App& app);  // its rows a line of text tall (presenting: its values legible)
void draw_tiles_view(App& app, const ShownTrace& st, size_t step, float height);
// smallest: two pixels a lane; largest: a lane a line and a half high, each block named
float event_timeline_height(const Trace& t, bool smallest = false, bool largest = false);
void draw_event_timeline(App& app, const ShownTrace& st, size_t step, float height);
void draw_tiles_legend(App& app, const Trace& t);
void draw_timeline_legend(App& app, const Trace& t);
// "SM slots: blocks 2, 0 · not started: blocks 1, 3" after a step of an event trace.
std::string sm_slots_note(const Trace& t, size_t step);
// Over the tiles view: the SM slots at a deadlock, what the current look-back window combined.
void draw_tiles_notes(App& app, const Trace& t, size_t step);
// A student's kernel with more than one block (kernel_blocks_view.cpp): its blocks as tiles over
// their sections, in the order they ran, a turn at a time; nothing for any other trace.
void draw_kernel_blocks(App& app, const ShownTrace& st, size_t step);
// The verdict over the step view and the explanation pane with its predict mode (explain_pane.cpp).
void draw_verdict_line(App& app, const ShownTrace& st);
// The pane fills its panel, or takes `height` (the explain shot's view under the array view).
void draw_explain_pane(App& app, float height = 0);
void draw_fig910_panel(App& app);
// What the panel needs at this width (`least`: legible_value_size).
float fig910_panel_height(float width, bool presenting, float least);
// Whether the panel follows the main run (a four-block, 16-element hierarchical run: the figure);
// else it shows the figure's own run, which presenting leaves one tab away.
bool fig910_follows_main(const Session& s);
void draw_counts_panel(App& app);
void draw_exercises_panel(App& app);
// The Exercises panel's keys while it has focus: Up/Down (delta -1/+1), Enter.
void select_next_exercise(App& app, int delta);
void open_selected_exercise_run(App& app);
void draw_source_pane(App& app);
void draw_compare_view(App& app);
void draw_live_run_panel(App& app);
void draw_bench_results(App& app);  // the live tab's table, chart and save (bench_results.cpp)
void draw_bench_chart(App& app, const bench::BenchResult& r, bool time, ImVec2 size);  // log-log, bench_chart.cpp
void draw_sampled_trace_section(App& app);  // the live tab's sampled trace (sampled_trace_panel.cpp)
void draw_trace_file_dialogs(App& app);
// The Your kernel panel (your_kernel_panel.cpp; the web edition's says in one line that it needs
// the desktop app).
void draw_your_kernel_panel(App& app);
// The last Grade's report (the Your kernel panel's, shown in the Exercises tab too): its progress
// and Cancel while it runs, then each check passed or failed, a failed one with its smallest
// failing input and a button that opens it as a run.
void draw_grade_report(App& app);
// The file dialogs' look for another kind of file (the Your kernel panel's .cu files): the folder's
// files ending in `extension` listed, `hint` over the path, `suggested` the path it opens with
// (else the last one). `start` opens or saves; the task says how that went.
void file_dialog(App& app, const char* title, const char* action, FileDialogState& d, bool* open, const Session::FileTask& task,
                 const std::function<void(const std::string&)>& start, const char* extension, const char* hint,
                 const std::string& suggested);
void draw_help_window(App& app);
// File > Export animation... and Export figure (SVG) (export/export_dialog.cpp; the web edition's
// figure only, as a download: export/export_dialog_web.cpp).
void open_export_dialog(bool figure);
void open_offline_page_dialog();  // the desktop's File > Export offline page (HTML)...
void draw_export_dialogs(App& app);
bool export_running();  // an export is under way: the frame loop keeps drawing its progress
// The smoke test's hand on the animation dialog: its Export button pressed with these choices
// (a size of the dialog's list, presenting); "" or why it did not start. And how it is going.
std::string press_export(App& app, int size_choice, bool presenting);
void cancel_export();  // its Cancel button (and quitting): the child ends, writing nothing
struct ExportProgress {
    bool running = false;
    int frames_done = 0, frames_total = 0;
    std::string result, error;
};
ExportProgress export_progress();
// The Lesson panel (lesson_panel.cpp), its Open dialog, and B's black screen over everything.
void draw_lesson_panel(App& app);
void draw_lesson_dialog(App& app);
// Opens the lesson at `path` on its first slide, the panel shown (or says why in the panel).
void open_lesson(App& app, const std::string& path);
// A lesson file opened as File > Open lesson opens it: the panel shown at its first slide. False,
// with app.lesson.error, where it could not be read.
bool open_lesson_file(App& app, const std::string& path);
void draw_black_screen(const App& app);
void end_lesson_markdown();  // the Markdown renderer's contexts freed, while the GL backend still lives

// Small shared widgets (widgets.cpp).
void spinner(float radius, ImU32 color);
void legend_swatch(Rgb c, const char* label);
// A legend entry for a mark drawn as an outline: an empty square with that outline.
void legend_outline(Rgb c, int alpha, float thickness, const char* label);
bool vertical_splitter(const char* id, float* width, float min_width, float max_width, float height, bool grow_left);
// "t" + 3 -> "t3", written so that GCC 12 raises no false -Wrestrict warning about it.
std::string prefixed(const char* prefix, long long number);
// A cell's value is drawn at this fraction of the cell's height (its digits' ink then about 0.43 of
// it): cells only as tall as legible digits need, so a projector's rows keep room for the rest.
inline constexpr float kValueOfCell = 0.68f;
// A cell's value, centred, at kValueOfCell of the cell's height, shrunk to fit a narrow cell; a value that
// would be smaller than `legible` pixels is left out (the cell's tooltip has it). Noted in
// values_drawn().
void cell_text(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, const std::string& text, float legible = 7);
// The smallest size a value is drawn at: presenting, the size whose digits are 14 px tall at the
// 22 px text of 1280x720 and in proportion at other sizes (20 px at 1920x1080), so the numbers are
// read from the back of the room, else 7 px.
float legible_value_size(const App& app);
// legible_value_size while presenting with text of `text_size` px (the window's, before Ctrl+=).
float presenting_value_size(float text_size);
// How tall a digit of the current font is, as a fraction of the font's size.
float digit_height_ratio();
// The height of one array-view cell at the current font size.
float cell_height();
// Every value a view laid out this frame: its cell, the size its digits were drawn at (0: left
// out for want of room), and the text. The layout check measures the digits drawn inside each.
struct DrawnValue {
    ImVec2 a, b;
    float size = 0;
    std::string text;
};
std::vector<DrawnValue>& values_drawn();  // cleared as each frame starts (draw_frame)
// Notes a value in values_drawn(), while the layout check has asked for them
// (note_values_drawn(true)): the app's own frames copy no cell's text.
void note_value_drawn(DrawnValue v);
void note_values_drawn(bool on);
// ImPlot's tick labels as the app writes numbers: 4,194,304.
int grouped_tick(double value, char* buffer, int size, void*);
// +/- and Ctrl+wheel: the array view's zoom, kept from now on (no more fitting) until "fit".
void zoom_by_hand(App& app, float factor);
// N as an exact number (1 .. max_n), with halve / double buttons and its power of two beside it.
void n_input(const char* id, int64_t* n, int64_t max_n);
// Lays the next item beside the last, or on a new line when its `width` would not fit.
void flow(float width);
// The width of a widget of `item_width` with its label (the part before "##").
float labelled_width(float item_width, const char* label);
// Words for the element types and operators, as the controls and the live tab show them.
const char* type_text(ElementType t);
const char* op_text(OpKind o);
// Whether a combo of the current item width cuts its longest choice (a narrow column).
bool combo_cuts(const std::vector<const char*>& choices);
// Draws the visible part of a label (before "##") on its own line and makes the next item the
// column's full width, under an id of the label's own; returns that id.
std::string label_above(const char* label);
// A combo over `choices` of an enum; true when the user picked another one. In a column too
// narrow for its longest choice beside its label, the label goes above and the combo takes the
// whole width, so a choice is never cut.
template <class E>
bool enum_combo(const char* label, E* value, const std::vector<E>& choices, const char* (*text)(E), const char* (*tip)(E) = nullptr) {
    bool changed = false;
    std::vector<const char*> texts;
    for (E e : choices) texts.push_back(text(e));
    const std::string id = combo_cuts(texts) ? label_above(label) : std::string(label);
    if (ImGui::BeginCombo(id.c_str(), text(*value))) {
        for (E e : choices) {
            if (ImGui::Selectable(text(e), e == *value)) {
                *value = e;
                changed = true;
            }
            if (tip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip(e));
        }
        ImGui::EndCombo();
    }
    return changed;
}

}  // namespace scanlab::gui
