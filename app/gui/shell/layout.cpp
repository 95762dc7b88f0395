// The window: menu bar, the CPU-emulation banner, the refusal line, a dock space of four panels
// (controls | stepper and tabs | Figure 9.10 over the source, by default) that the user can hide,
// resize and rearrange, and a status bar. Headless shots draw one view.
#include <algorithm>
#include <cmath>

#include <imgui_internal.h>  // DockBuilder: the first layout

#include "app/gui/app.hpp"
#include "app/gui/export/export_dialog.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/panels/compare_view.hpp"
#include "app/gui/panels/controls.hpp"
#include "app/gui/panels/counts_panel.hpp"
#include "app/gui/panels/exercises_panel.hpp"
#include "app/gui/panels/explain_pane.hpp"
#include "app/gui/panels/fig910_panel.hpp"
#include "app/gui/panels/lesson_panel.hpp"
#include "app/gui/panels/live_run_panel.hpp"
#include "app/gui/panels/menu_bar.hpp"
#include "app/gui/panels/source_pane.hpp"
#include "app/gui/panels/step_view.hpp"
#include "app/gui/panels/stepper.hpp"
#include "app/gui/panels/trace_files.hpp"
#include "app/gui/panels/widgets.hpp"
#include "app/gui/panels/your_kernel_panel.hpp"
#include "app/gui/shell/frame.hpp"

namespace scanlab::gui {
namespace {

constexpr ImGuiWindowFlags kFullWindow =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

void banner_and_error(App& app) {
    Session& s = app.session;
    const Palette& p = app.palette();
    const bool emulated = s.trace && s.trace->trace.backend == "cpu";
    if (emulated && app.show_banner) {
        const std::string& why = s.emulation_reason;
        std::string text = "CPU emulation: the kernels' steps are replayed on the CPU, not run on a GPU";
        text += why.empty() ? std::string(" (chosen in the controls).") : ": " + why + ".";
        if (s.trace->origin.rfind("file ", 0) == 0) text = "Replaying " + s.trace->origin + ", recorded by the CPU emulation.";
        // A student's kernel is no emulation of a built-in one: the tracer ran its own code.
        if (!s.trace->trace.kernel.empty())
            text = "Your kernel " + s.trace->trace.kernel +
                   " ran on the CPU: compiled by clang++ and traced thread by thread, not run on a GPU.";
        // One line: what does not fit ends in an ellipsis, the whole sentence is in its tooltip.
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const ImVec2 a = ImGui::GetCursorScreenPos();
        const float w = ImGui::GetContentRegionAvail().x;
        const float h = ImGui::GetFrameHeight();
        const bool can_hide = !app.headless;
        const float button = can_hide ? h : 0;
        dl->AddRectFilled(a, ImVec2(a.x + w, a.y + h), col(p.banner));
        const float pad = ImGui::GetStyle().FramePadding.x;
        const ImVec2 text_at(a.x + pad, a.y + (h - ImGui::GetTextLineHeight()) * 0.5f);
        ImGui::RenderTextEllipsis(dl, text_at, ImVec2(a.x + w - button - pad, a.y + h), a.x + w - button - pad, text.c_str(), nullptr,
                                  nullptr);
        ImGui::Dummy(ImVec2(w - button, h));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
        if (can_hide) {
            ImGui::SameLine(0, 0);
            if (ImGui::Button("x##banner", ImVec2(button, h))) app.show_banner = false;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("hide this line (View > Emulation banner shows it again)");
        }
    } else if (s.trace && !emulated) {
        ImGui::Text("Backend: %s", s.backend_description.empty() ? s.trace->trace.backend.c_str() : s.backend_description.c_str());
    }
    // The controls column shows a refusal next to the input; without it, it shows here.
    if (!s.error.empty() && !app.controls_shown()) {
        ImGui::PushStyleColor(ImGuiCol_Text, col(p.error));
        ImGui::PushTextWrapPos(0);
        ImGui::Text("\xE2\x9C\x97 %s", s.error.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
        if (s.trace) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextDisabled("The last good trace stays on screen.");
            ImGui::PopTextWrapPos();
        }
    }
}

void status_bar(App& app) {
    Session& s = app.session;
    ImGui::Separator();
    const float done = s.job_progress();
    if (s.busy() && done < 0) {
        spinner(ImGui::GetFontSize() * 0.5f, ImGui::GetColorU32(ImGuiCol_Text));
        ImGui::SameLine();
        ImGui::Text("%s ... (the window stays live)", s.busy_what().c_str());
        ImGui::SameLine();
        // A run of the student's kernel (the panel's Run, or a control changed while it is on
        // screen) stops here too, as in the panel, which may be closed.
        if (s.your_kernel.running) {
            if (ImGui::SmallButton("Cancel##kernel")) s.your_kernel.cancel_run(s);
            ImGui::SameLine();
        }
    }
    if (done >= 0) {
        // A job done in slices (opening or saving a trace file): how far it has come, and its Cancel.
        spinner(ImGui::GetFontSize() * 0.5f, ImGui::GetColorU32(ImGuiCol_Text));
        ImGui::SameLine();
        ImGui::TextUnformatted(s.job_what().c_str());
        ImGui::SameLine();
        ImGui::ProgressBar(done, ImVec2(ImGui::GetFontSize() * 8, 0));
        ImGui::SameLine();
        if (ImGui::SmallButton("Cancel##job")) s.cancel_job();
        ImGui::SameLine();
    }
    if (s.trace) {
        const Trace& t = s.trace->trace;
        // A student's kernel: its file, the algorithm it is launched as, and the tracer that ran it.
        const std::string run = t.kernel.empty() ? std::string(name(t.algorithm)) + " · " + s.trace->origin
                                                 : s.trace->origin + " (launched as " + std::string(name(t.algorithm)) + ")";
        ImGui::Text("%s · N = %s · %s · %s · %s", run.c_str(), grouped(t.n).c_str(),
                    counted(int64_t(t.steps.size()), "step", "steps").c_str(), counted(t.counts.additions, "addition", "additions").c_str(),
                    !t.kernel.empty()    ? "traced on the CPU"
                    : t.backend == "cpu" ? "CPU emulation"
                                         : "GPU");
    }
    if (app.first_run_hint && s.status.empty() && s.trace) {
        // The first start, until a key is pressed: the two keys a lecture needs, where the eye
        // goes for the run's summary.
        ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(app.palette().series_a)),
                           "\xE2\x86\x92 or Space steps, F5 presents, F1 lists every key");
    }
    if (!s.status.empty()) {
        // What is left of the line (a long path ends in an ellipsis, whole on hover).
        ImGui::SameLine(0, ImGui::GetFontSize());
        const ImVec2 a = ImGui::GetCursorScreenPos();
        const float w = std::max(ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x);
        // A failed open or save in the error colour, marked as the input's refusals are.
        const std::string text = s.status_failed ? "\xE2\x9C\x97 " + s.status : s.status;
        if (s.status_failed)
            ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
        else
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), a, ImVec2(a.x + w, a.y + ImGui::GetTextLineHeight()), a.x + w, text.c_str(),
                                  nullptr, nullptr);
        ImGui::PopStyleColor();
        ImGui::Dummy(ImVec2(w, ImGui::GetTextLineHeight()));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
    }
}

void centre(App& app) {
    draw_stepper(app);
    if (ImGui::BeginTabBar("views")) {
        for (const TabInfo& tab : kTabs) {
            // A shortcut (1..4) or the remembered tab selects a tab once; clicks do the rest.
            const ImGuiTabItemFlags flags = app.tab_request == tab.tab ? ImGuiTabItemFlags_SetSelected : 0;
            if (ImGui::BeginTabItem(tab.name, nullptr, flags)) {
                app.layout.tab = tab.tab;
                // Compare steps both runs to the end of the longer one; every other tab, the main run.
                app.session.stepping_both = tab.tab == Tab::compare;
                if (!app.session.stepping_both) app.session.compare_extra = 0;
                switch (tab.tab) {
                    case Tab::steps: draw_step_view(app); break;
                    case Tab::compare: draw_compare_view(app); break;
                    case Tab::counts: draw_counts_panel(app); break;
                    case Tab::live: draw_live_run_panel(app); break;
                }
                ImGui::EndTabItem();
            }
        }
        app.tab_request.reset();
        ImGui::EndTabBar();
    }
}

void single_view(App& app) {
    switch (app.view) {
        case View::array:
        case View::explain: draw_step_view(app); break;
        case View::diagram:
            if (app.session.trace) draw_step_diagram(app, *app.session.trace, app.session.step, "diagram", 1);
            break;
        case View::fig910: draw_fig910_panel(app); break;
        case View::counts: draw_counts_panel(app); break;
        case View::source: draw_source_pane(app); break;
        case View::compare: draw_compare_view(app); break;
        case View::live:  // the tab as the window shows it, with the stepper above it
            draw_stepper(app);
            draw_live_run_panel(app);
            break;
        case View::window: break;
    }
}

}  // namespace

namespace {

constexpr const char* kControls = "Controls";
constexpr const char* kTrace = "Trace";
constexpr const char* kFig910 = "Figure 9.10";
constexpr const char* kSource = "Source";
constexpr const char* kExplain = "Explain this step";
constexpr const char* kExercises = "Exercises";
constexpr const char* kYourKernel = "Your kernel";
constexpr const char* kLesson = "Lesson";

// Presenting, every panel is a window of its own ("Trace##presenting", its tab still says
// "Trace") in a dock space of its own: F5 lays the lesson out without touching the layout the
// user made, and Esc brings that one back as it was.
constexpr const char* kPresentingSuffix = "##presenting";
std::string panel_name(const App& app, const char* name) { return app.layout.presentation ? std::string(name) + kPresentingSuffix : name; }

// The presentation layout: the lesson takes the screen. The trace (no tab bar: its own tabs are
// under the stepper) takes 53 % of the width beside Figure 9.10 over the explanation (the source a
// tab beside it), the figure as tall as its five rows need at this text size; where the main run is
// not the figure's (it has nothing of that run to show), the figure is a tab behind the explanation
// and the trace takes 66 %. The controls and exercises, when Ctrl+B or Ctrl+E shows them, take a
// column on the left from the right-hand column, never from the trace below 54 %: the explanation
// alone is then drawn on the right (draw_frame; the figure, whose values could not be read in what
// is left, and the source are back when the column closes), except where a lesson's slide shows
// the figure: then the figure takes the trace's place, in front of it (the trace a tab behind), so
// that its sixteen cells have the room the right-hand column would have without the lesson. Built with
// fixed proportions whenever presenting starts, the window changes size or one of those changes,
// never moved by a run or a text size: a panel never grows at the others' cost.
constexpr float kPresentingRight = 0.47f;  // Figure 9.10's sixteen cells with two legible digits each
constexpr float kPresentingExplainOnly = 0.34f, kPresentingLeft = 0.24f, kPresentingNarrowRight = 0.22f;
void build_presentation_layout(const App& app, ImGuiID dock, ImVec2 size, bool figure, bool left_shown, bool figure_in_centre) {
    ImGui::DockBuilderRemoveNode(dock);
    ImGui::DockBuilderAddNode(dock, ImGuiDockNodeFlags_DockSpace);
    ImGui::DockBuilderSetNodeSize(dock, size);
    ImGuiID rest = dock;
    const float right_w = left_shown ? kPresentingNarrowRight : figure ? kPresentingRight : kPresentingExplainOnly;
    const bool figure_row = figure && !left_shown;
    ImGuiID left = 0;
    if (left_shown) left = ImGui::DockBuilderSplitNode(rest, ImGuiDir_Left, kPresentingLeft, nullptr, &rest);
    const ImGuiID right =
        ImGui::DockBuilderSplitNode(rest, ImGuiDir_Right, right_w / (left_shown ? 1 - kPresentingLeft : 1.0f), nullptr, &rest);
    ImGuiID bottom_right = right, top_right = right;
    const float figure_h = fig910_panel_height(size.x * right_w, true, legible_value_size(app)) + ImGui::GetFrameHeight();
    // With the Your kernel panel open, it takes the top (a tab beside the figure): its editor and findings.
    if (app.layout.show_your_kernel || figure_row) {
        const float top = app.layout.show_your_kernel ? 0.7f : std::clamp(figure_h / size.y, 0.4f, 0.66f);
        top_right = ImGui::DockBuilderSplitNode(bottom_right, ImGuiDir_Up, top, nullptr, &bottom_right);
    }
    if (left_shown) {
        ImGui::DockBuilderDockWindow(panel_name(app, kControls).c_str(), left);
        ImGui::DockBuilderDockWindow(panel_name(app, kExercises).c_str(), left);
        ImGui::DockBuilderDockWindow(panel_name(app, kLesson).c_str(), left);
    }
    ImGui::DockBuilderDockWindow(panel_name(app, kTrace).c_str(), rest);
    ImGui::DockBuilderDockWindow(panel_name(app, kFig910).c_str(), figure_in_centre ? rest : figure_row ? top_right : bottom_right);
    ImGui::DockBuilderDockWindow(panel_name(app, kExplain).c_str(), bottom_right);  // in front: drawn after the source (draw_frame)
    ImGui::DockBuilderDockWindow(panel_name(app, kYourKernel).c_str(), top_right);  // in front of the figure: drawn after it
    ImGui::DockBuilderDockWindow(panel_name(app, kSource).c_str(), bottom_right);
    if (ImGuiDockNode* trace = ImGui::DockBuilderGetNode(rest)) trace->LocalFlags |= ImGuiDockNodeFlags_AutoHideTabBar;
    if (ImGuiDockNode* node = ImGui::DockBuilderGetNode(bottom_right); node && left_shown)
        node->LocalFlags |= ImGuiDockNodeFlags_AutoHideTabBar;
    ImGui::DockBuilderFinish(dock);
}

// The first layout (and View > Reset layout): controls left, the trace in the middle, Figure 9.10
// over the explanation over the source on the right. After that imgui.ini keeps what the user
// made of it. The explanation has a panel of its own so that a short window (a projector at
// 1280x720) still shows a few of its lines: under the array view it got only what the step
// diagram could spare.
// With the Your kernel panel open (`kernel`), it takes the right column's upper two thirds, the editor
// beside the trace its findings show, and the figure, the explanation and the source share the
// rest as tabs.
// Returns whether the explanation shares its place with the source (and is to be put in front).
bool build_default_layout(const App& app, ImGuiID dock, ImVec2 size, bool kernel) {
    ImGui::DockBuilderRemoveNode(dock);
    ImGui::DockBuilderAddNode(dock, ImGuiDockNodeFlags_DockSpace);
    ImGui::DockBuilderSetNodeSize(dock, size);
    ImGuiID rest = dock;
    const ImGuiID left = ImGui::DockBuilderSplitNode(rest, ImGuiDir_Left, 0.22f, nullptr, &rest);
    // (The editor's column a little wider: a line of code is longer than a line of the figure.)
    const ImGuiID right = ImGui::DockBuilderSplitNode(rest, ImGuiDir_Right, (kernel ? 0.40f : 0.34f) / 0.78f, nullptr, &rest);
    ImGuiID bottom_right = right;
    if (kernel) {
        const ImGuiID top_right = ImGui::DockBuilderSplitNode(bottom_right, ImGuiDir_Up, 0.66f, nullptr, &bottom_right);
        ImGui::DockBuilderDockWindow(kControls, left);
        ImGui::DockBuilderDockWindow(kTrace, rest);
        ImGui::DockBuilderDockWindow(kYourKernel, top_right);
        for (const char* name : {kFig910, kSource, kExplain}) ImGui::DockBuilderDockWindow(name, bottom_right);
        ImGui::DockBuilderDockWindow(kExercises, left);
        ImGui::DockBuilderFinish(dock);
        return true;
    }
    // Figure 9.10 as tall as its rows need at this width (at 1280x720 0.42 of the height showed
    // one row of it), up to 70 % of the column: the explanation and the source share the rest.
    const float figure_w = size.x * 0.34f - 2 * ImGui::GetStyle().WindowPadding.x;
    const float figure_h = fig910_panel_height(figure_w, false, legible_value_size(app)) + ImGui::GetFrameHeight();
    const float top = std::clamp(figure_h / size.y, 0.42f, 0.7f);
    const ImGuiID top_right = ImGui::DockBuilderSplitNode(bottom_right, ImGuiDir_Up, top, nullptr, &bottom_right);
    // Under a tall figure (a short window) the source is a tab behind the explanation, which
    // keeps lines enough to read; else each has a third of its own.
    const bool source_tabbed = top > 0.55f;
    const ImGuiID middle_right =
        source_tabbed ? bottom_right : ImGui::DockBuilderSplitNode(bottom_right, ImGuiDir_Up, 0.5f, nullptr, &bottom_right);
    ImGui::DockBuilderDockWindow(kControls, left);
    ImGui::DockBuilderDockWindow(kTrace, rest);
    ImGui::DockBuilderDockWindow(kFig910, top_right);
    ImGui::DockBuilderDockWindow(kExplain, middle_right);
    ImGui::DockBuilderDockWindow(kSource, bottom_right);
    ImGui::DockBuilderDockWindow(kExercises, left);  // a tab beside the controls, when opened: the whole height
    ImGui::DockBuilderDockWindow(kLesson, left);
    ImGui::DockBuilderDockWindow(kYourKernel, top_right);  // opened later: the layout is made again with room for it
    ImGui::DockBuilderFinish(dock);
    return source_tabbed;
}

// Whether `window` is docked in `node` or in a node under it.
bool holds(const ImGuiDockNode* node, const ImGuiWindow* window) {
    for (const ImGuiDockNode* n = window->DockNode; n; n = n->ParentNode)
        if (n == node) return true;
    return false;
}

// Keeps the Source panel tall enough for the lines a step executes (app.source_pane.wants_height),
// taking the room from the panels stacked with it (the explanation, then Figure 9.10 by default)
// down to a few lines of theirs. Whatever layout the user made: each split above the panel that
// stacks panels gives what its other side can spare. Runs before the dock space lays out.
void keep_source_tall_enough(App& app) {
    ImGuiWindow* w = ImGui::FindWindowByName(panel_name(app, kSource).c_str());
    if (!app.layout.show_source || !w || !w->DockNode || !w->DockNode->IsVisible) return;
    ImGuiDockNode* const source = w->DockNode;
    float short_by = std::min(app.source_pane.wants_height, ImGui::GetMainViewport()->WorkSize.y * 0.6f) - source->Size.y;
    if (short_by < 1) return;
    // What the panels keep: a tab and six lines next to the source (the explanation, by default),
    // four further up (Figure 9.10, which scrolls to the step's rows).
    const float tab = ImGui::GetFrameHeight(), line = ImGui::GetTextLineHeightWithSpacing();
    // Bottom up: at each split that stacks panels, what the other side can spare goes to the side
    // that holds the source; every split between that one and the source's node passes it down.
    struct Level {
        ImGuiDockNode *mine, *other;
        float take;
    };
    std::vector<Level> levels;
    // Figure 9.10 keeps its rows whole: scrolled to one row it shows none of the figure.
    const ImGuiWindow* figure = app.layout.show_fig910 ? ImGui::FindWindowByName(panel_name(app, kFig910).c_str()) : nullptr;
    const float figure_h = figure ? tab + fig910_panel_height(figure->Size.x, false, legible_value_size(app)) : 0;
    for (ImGuiDockNode* c = source; c->ParentNode && short_by >= 1; c = c->ParentNode) {
        ImGuiDockNode* parent = c->ParentNode;
        if (parent->SplitAxis != ImGuiAxis_Y) continue;
        ImGuiDockNode* other = parent->ChildNodes[0] == c ? parent->ChildNodes[1] : parent->ChildNodes[0];
        if (!other || !other->IsVisible || other->IsCentralNode() || other->HasCentralNodeChild) continue;
        float keep = tab + line * (levels.empty() ? 6 : 4);
        if (figure && holds(other, figure)) keep = std::max(keep, std::min(figure_h, ImGui::GetMainViewport()->WorkSize.y * 0.7f));
        const float take = std::max(0.0f, std::min(short_by, other->Size.y - keep));
        levels.push_back({c, other, take});
        short_by -= take;
    }
    float from_above = 0;  // what the levels above pass down
    for (auto l = levels.rbegin(); l != levels.rend(); ++l) {
        from_above += l->take;
        l->mine->SizeRef.y = l->mine->Size.y + from_above;
        l->other->SizeRef.y = l->other->Size.y - l->take;
    }
}

// A panel of the dock space; false when the user closed it (the View menu opens it again).
template <class Draw>
void panel(const App& app, const char* name, bool* open, Draw draw) {
    if (open && !*open) return;
    if (ImGui::Begin(panel_name(app, name).c_str(), open)) draw();
    ImGui::End();
}

// The view the open lesson's slide shows ("fig9.10", "source", ...), while its run is on screen; "" otherwise.
std::string lesson_slide_view(const App& app) {
    const LessonPlayer& lp = app.lesson;
    return app.show_lesson && lp.is_open() && lp.run_on_screen(app.session) ? lp.slides[lp.slide].view : "";
}

// Presenting: the projector's layout, built again whenever what it holds or the window's size
// changes (the figure beside the trace, a left-hand column, the Your kernel panel, a lesson's slide
// that shows the figure).
void dock_presentation_layout(App& app, ImGuiID normal, ImGuiID presenting, ImVec2 dock_size) {
    const bool figure = fig910_follows_main(app.session) && app.layout.show_fig910;
    const bool left_shown = app.controls_in_presentation || app.layout.show_exercises || app.show_lesson;
    const bool figure_in_centre = figure && left_shown && lesson_slide_view(app) == "fig9.10";
    if (app.reset_layout || !ImGui::DockBuilderGetNode(presenting) || app.presentation_built_for.x != dock_size.x ||
        app.your_kernel_panel.presented != app.layout.show_your_kernel || app.presented_figure != figure ||
        app.presented_left != left_shown || app.presented_figure_in_centre != figure_in_centre ||
        app.presentation_built_for.y != dock_size.y) {
        build_presentation_layout(app, presenting, dock_size, figure, left_shown, figure_in_centre);
        app.presented_figure = figure;
        app.presented_left = left_shown;
        app.presented_figure_in_centre = figure_in_centre;
        // In front of the trace it shares the centre with, once its window is docked there.
        if (figure_in_centre) app.panel_to_front = kFig910, app.panel_to_front_frames = 3;
        app.your_kernel_panel.presented = app.layout.show_your_kernel;
        app.presentation_built_for = dock_size;
        app.explain_to_front = 2;  // once its window is docked
        app.reset_layout = false;
    }
    ImGui::DockSpace(normal, ImVec2(0, 0), ImGuiDockNodeFlags_KeepAliveOnly);
    ImGui::DockSpace(presenting, dock_size);
}

// The window's own layout: the user's (saved), built only when asked for, when a saved one lacks
// a panel, or when the Your kernel panel needs its room.
void dock_window_layout(App& app, ImGuiID normal, ImGuiID presenting, ImVec2 dock_size) {
    app.presentation_built_for = ImVec2(0, 0);  // presenting again builds it again
    // A layout saved before the explanation had its panel would leave that panel floating.
    const bool saved_without_explain = !app.saved_layout_checked && !ImGui::FindWindowSettingsByID(ImHashStr(kExplain));
    app.saved_layout_checked = true;
    // The Your kernel panel opened: the layout with room for it (the editor beside the trace);
    // closed again: the first layout back, as it was before, rather than the figure, the
    // explanation and the source left as tabs in a third of the column.
    std::optional<bool>& laid_out = app.your_kernel_panel.laid_out;
#if defined(__EMSCRIPTEN__)
    const bool kernel_moved = false;  // the page's panel is one line: it needs no room
#else
    const bool kernel_first_time = app.layout.show_your_kernel && !app.layout.your_kernel_room;
    const bool kernel_moved = kernel_first_time || (laid_out && *laid_out != app.layout.show_your_kernel);
#endif
    if (!laid_out) laid_out = app.layout.show_your_kernel;
    // A first layout made before the first run came is made again when it comes: the run's banner,
    // a line over the panels, changes the room the layout shares out and which panels share a
    // place, and the layout a student first sees must not depend on which came first.
    const bool first_run_came = app.layout_before_first_run && app.session.trace;
    if (app.reset_layout || saved_without_explain || kernel_moved || first_run_came || !ImGui::DockBuilderGetNode(normal)) {
        app.layout_before_first_run = !app.session.trace;
        const bool explain_shares = build_default_layout(app, normal, dock_size, app.layout.show_your_kernel);
        app.layout.your_kernel_room |= app.layout.show_your_kernel;
        laid_out = app.layout.show_your_kernel;
        app.reset_layout = false;
        app.layout_settling = 4;
        if (explain_shares) app.explain_to_front = 2;
        if (app.layout.show_your_kernel) {
            app.explain_to_front = 2;  // in front of the figure and the source it shares a place with
            app.layout_settling = 0;  // the source is a tab there: the editor keeps its room
        }
    }
    // The first layout makes the source tall enough for its lines over its first frames;
    // after that no run and no text size moves a panel.
    if (app.layout_settling > 0) {
        --app.layout_settling;
        keep_source_tall_enough(app);
    }
    ImGui::DockSpace(presenting, ImVec2(0, 0), ImGuiDockNodeFlags_KeepAliveOnly);
    ImGui::DockSpace(normal, dock_size);
}

// A tab brought in front of the one it shares a place with: presenting starts with the
// explanation's in front of the source's (without taking the keyboard from the exercises, where
// they are open), and a lesson's slide brings its view's.
void bring_tabs_to_front(App& app) {
    if (app.explain_to_front > 0 && --app.explain_to_front == 0)
        if (ImGuiWindow* w = ImGui::FindWindowByName(panel_name(app, kExplain).c_str()); w && w->DockNode && w->DockNode->TabBar)
            w->DockNode->TabBar->NextSelectedTabId = w->TabId;
    if (!app.panel_to_front.empty())
        if (ImGuiWindow* w = ImGui::FindWindowByName(panel_name(app, app.panel_to_front.c_str()).c_str())) {
            const bool tabbed = w->DockNode && w->DockNode->TabBar;
            if (tabbed) w->DockNode->TabBar->NextSelectedTabId = w->TabId;
            // A window docked again this frame has its tab bar only from the next: a few frames' tries.
            if (tabbed || app.panel_to_front_frames-- <= 0) app.panel_to_front.clear(), app.panel_to_front_frames = 0;
        }
}

// The panels opened by a menu or a key: each in front of the tab it shares when it opens, and
// floating at a readable size where a layout saved before it existed has no place for it.
void draw_opened_panels(App& app) {
    Layout& l = app.layout;
    // Opened (View > Exercises, Ctrl+E): in front of the tab it shares, so it shows at once.
    app.exercises_panel.focused = false;  // until the panel, drawn, says it has focus
    if (l.show_exercises && !app.exercises_panel.shown) ImGui::SetNextWindowFocus();
    app.exercises_panel.shown = l.show_exercises;
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 30, ImGui::GetFontSize() * 34), ImGuiCond_FirstUseEver);
    panel(app, kExercises, &l.show_exercises, [&] { draw_exercises_panel(app); });
    // Opened (View > Your kernel, Ctrl+K, an exercise's "Try it yourself"): in front of its tab.
    app.your_kernel_panel.focused = false;  // until the panel, drawn, says otherwise
    if (l.show_your_kernel && !app.your_kernel_panel.shown) ImGui::SetNextWindowFocus();
    app.your_kernel_panel.shown = l.show_your_kernel;
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 40, ImGui::GetFontSize() * 34), ImGuiCond_FirstUseEver);
    panel(app, kYourKernel, &l.show_your_kernel, [&] { draw_your_kernel_panel(app); });
}

// Every panel of the dock space; `keep_size`: the trace keeps its text at `kept_size`.
void draw_panels(App& app, bool keep_size, float kept_size) {
    Layout& l = app.layout;
    bool& controls = l.presentation ? app.controls_in_presentation : l.show_controls;
    panel(app, kControls, &controls, [&] { draw_controls(app); });
    panel(app, kTrace, nullptr, [&] {
        // Presenting, Ctrl+= makes the text of the explanation and the other panels larger; the
        // trace keeps the size its rows are laid out for, so the array and the step diagram stay
        // whole in sight with every value at least legible_value_size (Ctrl+- makes it smaller too).
        if (keep_size) ImGui::PushFont(nullptr, kept_size);
        centre(app);
        if (keep_size) ImGui::PopFont();
    });
    // Presenting with the controls or exercises beside the lesson, the right-hand column is the
    // explanation's alone (build_presentation_layout): the figure and the source wait, open.
    const bool explanation_only = l.presentation && app.presented_left;
    // ... unless a lesson's slide opens the figure or the source: that panel takes the column, so
    // that what the slide points at is on the projector.
    const std::string slide_view = lesson_slide_view(app);
    // (The figure in the trace's place leaves the column to the explanation.)
    const bool slide_panel = explanation_only && (slide_view == "source" || (slide_view == "fig9.10" && !app.presented_figure_in_centre));
    if (!explanation_only || slide_view == "fig9.10") panel(app, kFig910, &l.show_fig910, [&] { draw_fig910_panel(app); });
    // (The explanation after the source: a window that appears last is in front, and presenting the
    // two share a place, the explanation's tab in front.)
    if (!explanation_only || slide_view == "source") panel(app, kSource, &l.show_source, [&] { draw_source_pane(app); });
    if (!slide_panel) panel(app, kExplain, &l.show_explain, [&] { draw_explain_pane(app); });
    draw_opened_panels(app);
    bring_tabs_to_front(app);

    // A lesson opened: the panel in front of the tab it shares with the controls.
    if (app.show_lesson && !app.lesson_shown) ImGui::SetNextWindowFocus();
    app.lesson_shown = app.show_lesson;
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 30, ImGui::GetFontSize() * 34), ImGuiCond_FirstUseEver);
    panel(app, kLesson, &app.show_lesson, [&] { draw_lesson_panel(app); });
}

}  // namespace

void draw_frame(App& app) {
    values_drawn().clear();
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    const bool menu = app.view == View::window;
    ImGui::Begin("Scan Lab", nullptr, kFullWindow | ImGuiWindowFlags_NoDocking | (menu ? ImGuiWindowFlags_MenuBar : 0));
    // Presenting, Ctrl+= makes the lesson's text larger (the explanation, the figure, the source);
    // the menu, the banner and the status line keep their size, as the trace does (below), so the
    // trace's rows keep the room they are laid out for.
    Layout& l = app.layout;
    const bool keep_size = l.presentation && l.presentation_font_scale > 1.0f && app.view == View::window;
    const float kept_size = std::round(app.font_size / std::max(l.presentation_font_scale, 0.5f));
    if (keep_size) ImGui::PushFont(nullptr, kept_size);
    if (menu) draw_menu_bar(app);
    if (menu || app.shot_banner) banner_and_error(app);
    if (app.view != View::window) {
        single_view(app);
        ImGui::End();
        return;
    }

    const float status_h = ImGui::GetFrameHeightWithSpacing() + 6;
    const ImVec2 dock_size(ImGui::GetContentRegionAvail().x, std::max(100.0f, ImGui::GetContentRegionAvail().y - status_h));
    const ImGuiID normal = ImGui::GetID("panels"), presenting = ImGui::GetID("panels-presenting");
    if (app.layout.presentation)
        dock_presentation_layout(app, normal, presenting, dock_size);
    else
        dock_window_layout(app, normal, presenting, dock_size);
    status_bar(app);
    if (keep_size) ImGui::PopFont();
    ImGui::End();

    draw_panels(app, keep_size, kept_size);
    draw_trace_file_dialogs(app);
    draw_lesson_dialog(app);
    draw_help_window(app);
    draw_export_dialogs(app);
    draw_black_screen(app);
}

}  // namespace scanlab::gui
