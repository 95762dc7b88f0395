// The web edition's File > Export animation (GIF)... and File > Export figure (SVG)..., both offered
// as downloads. A figure of a trace the page holds (1 MiB at most) takes milliseconds, so it is
// drawn in the frame that asks for it. An animation's frames are drawn and encoded a piece at a
// time between the page's own frames (web_animation.hpp), with a progress bar and Cancel.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "app/gui/app.hpp"
#include "app/gui/export/animation_inputs.hpp"
#include "app/gui/export/export_dialog.hpp"
#include "app/gui/export/export_options.hpp"
#include "app/gui/export/svg_figures.hpp"
#include "app/gui/export/web_animation.hpp"
#include "app/gui/panels/widgets.hpp"
#include "app/gui/shell/browser.hpp"
#include "core/error.hpp"

namespace scanlab::gui {
namespace {

struct ExportDialogs {
    bool figure_open = false, animation_open = false;
    int figure = int(SvgFigure::step_diagram);
    bool presenting = false;
    int first = 0, last = -1;  // -1: the last step
    int frame_ms = kDefaultFrameMs;
    int size = 0;
    bool banner = false;
    bool cancel_asked = false;  // done between frames: the page's frame is not the place to end another context
    WebAnimation animation;
    std::string said;
    bool failed = false;
};

ExportDialogs& dialogs() {
    static ExportDialogs d;
    return d;
}

void say(App& app, ExportDialogs& d, const std::string& text, bool failed) {
    d.said = text, d.failed = failed;
    app.session.status = text, app.session.status_failed = failed;
}

void said_line(const App& app, const ExportDialogs& d) {
    if (d.said.empty()) return;
    ImGui::PushTextWrapPos(0);
    if (d.failed) ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
    ImGui::TextUnformatted(d.said.c_str());
    if (d.failed) ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
}

bool begin_dialog(const char* title, bool* open, float width_in_lines) {
    const float w = ImGui::GetFontSize() * width_in_lines;
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, 1e6f));
    return ImGui::Begin(title, open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoDocking | ImGuiWindowFlags_AlwaysAutoResize);
}

void download_figure(App& app, ExportDialogs& d) {
    const TracePtr t = app.session.trace;
    SvgRequest r;
    r.figure = SvgFigure(d.figure);
    r.step = app.session.step;
    r.presenting = d.presenting;
    const std::string name =
        "scanlab-" + run_name(t->trace) + (r.figure == SvgFigure::array_view ? "-step" + std::to_string(app.session.step) : "") + ".svg";
    try {
        const std::string svg = svg_figure(t->trace, r);
        std::error_code ec;
        std::filesystem::create_directories("/downloads", ec);
        std::ofstream("/downloads/" + name) << svg;
        browser::download("/downloads/" + name, name, "image/svg+xml");
        say(app, d, std::string(figure_name(r.figure)) + " downloads as " + name + " (the browser's downloads)", false);
    } catch (const ScanError& e) {
        say(app, d, e.what(), true);
    }
}

void draw_figure_dialog(App& app, ExportDialogs& d) {
    if (!begin_dialog("Export figure (SVG)", &d.figure_open, 26)) return ImGui::End();
    if (!app.session.trace || app.session.trace->trace.steps.empty()) {
        ImGui::TextWrapped("Run a trace first: a figure is drawn from its steps.");
        return ImGui::End();
    }
    draw_figure_inputs(d.figure, d.presenting);
    if (ImGui::Button("Download SVG")) download_figure(app, d);
    said_line(app, d);
    ImGui::End();
}

// The finished GIF offered as a download, or why it stopped.
void end_animation(App& app, ExportDialogs& d) {
    WebAnimation& a = d.animation;
    if (!a.error.empty()) return say(app, d, "the animation was not made: " + a.error, true);
    const std::string name = std::filesystem::path(a.path()).filename().string();
    browser::download(a.path(), name, "image/gif");
    const size_t kib = (a.bytes() + 1023) / 1024;
    say(app, d,
        "the animation downloads as " + name + " (" + std::to_string(a.frames_total()) + " frames, " +
            (kib >= 1024 ? std::to_string(kib / 1024) + "." + std::to_string(kib % 1024 * 10 / 1024) + " MiB"
                         : std::to_string(kib) + " KiB") +
            ", the browser's downloads)",
        false);
    std::error_code ec;
    std::filesystem::remove(a.path(), ec);  // the browser has its copy: the page's memory is given back
}

void start_animation(App& app, ExportDialogs& d, size_t first, size_t last) {
    const AnimationSize& s = kAnimationSizes[d.size];
    WebAnimationRequest r;
    r.first = first, r.last = last, r.width = s.w, r.height = s.h, r.frame_ms = d.frame_ms;
    r.presenting = d.presenting, r.banner = d.banner;
    d.said.clear();
    if (const std::string why = d.animation.start(app, r); !why.empty()) say(app, d, why, true);
}

void draw_animation_progress(ExportDialogs& d) {  // also the piece's Cancel
    const WebAnimation& a = d.animation;
    const float fraction = a.frames_total() ? float(a.frames_done()) / float(a.frames_total()) : 0.0f;
    const std::string label = "frame " + std::to_string(a.frames_done()) + " of " + std::to_string(a.frames_total());
    ImGui::ProgressBar(fraction, ImVec2(ImGui::GetFontSize() * 18, 0), label.c_str());
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) d.cancel_asked = true;
}

void draw_animation_dialog(App& app, ExportDialogs& d) {
    if (!begin_dialog("Export animation (GIF)", &d.animation_open, 30)) return ImGui::End();
    const TracePtr t = app.session.trace;
    const size_t steps = t ? t->trace.steps.size() : 0;
    if (steps == 0) {
        ImGui::TextWrapped("Run a trace first: an animation shows its steps.");
        return ImGui::End();
    }
    const bool busy = d.animation.running();
    ImGui::BeginDisabled(busy);
    const int max_step = int(steps) - 1;
    draw_animation_inputs(d.first, d.last, d.frame_ms, d.size, steps);
    ImGui::Checkbox("presenting (large text, high contrast)", &d.presenting);
    ImGui::Checkbox("the emulation banner on the frames", &d.banner);
    ImGui::EndDisabled();
    const int end = d.last < 0 ? max_step : std::min(d.last, max_step);
    const int frames = end - d.first + 1;
    if (busy) {
        draw_animation_progress(d);
    } else {
        ImGui::TextDisabled("%d frames, %.1f s; at most %zu frames", std::max(frames, 0), std::max(frames, 0) * d.frame_ms / 1000.0,
                            kMaxAnimationFrames);
        if (ImGui::Button("Export GIF")) start_animation(app, d, size_t(std::max(d.first, 0)), size_t(std::max(end, 0)));
    }
    said_line(app, d);
    ImGui::End();
}

}  // namespace

void open_export_dialog(bool figure) {
    ExportDialogs& d = dialogs();
    (figure ? d.figure_open : d.animation_open) = true;
    if (!d.animation.running()) d.said.clear();
}

bool export_running() { return dialogs().animation.running(); }

void cancel_export() { dialogs().cancel_asked = dialogs().animation.running(); }

ExportProgress export_progress() {
    const ExportDialogs& d = dialogs();
    return {d.animation.running(), int(d.animation.frames_done()), int(d.animation.frames_total()), d.failed ? "" : d.said,
            d.failed ? d.said : ""};
}

double longest_export_piece_ms() { return dialogs().animation.longest_piece_ms; }
std::string export_piece_times() {
    const WebAnimation& a = dialogs().animation;
    return "{\"draw_ms\": " + std::to_string(a.longest_draw_ms) + ", \"encode_ms\": " + std::to_string(a.longest_encode_ms) + "}";
}

void advance_export(App& app) {
    ExportDialogs& d = dialogs();
    if (!d.animation.running()) return;
    if (d.cancel_asked) {
        d.cancel_asked = false;
        d.animation.cancel();
        return say(app, d, "export cancelled: nothing was downloaded", false);
    }
    d.animation.advance();
    if (!d.animation.running()) end_animation(app, d);
}

void draw_export_dialogs(App& app) {
    if (app.headless) return;  // the animation's own frames show the run, not its dialog
    ExportDialogs& d = dialogs();
    if (d.figure_open) draw_figure_dialog(app, d);
    if (d.animation_open) draw_animation_dialog(app, d);
}

}  // namespace scanlab::gui
