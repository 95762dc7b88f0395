// File > Export animation... and File > Export figure (SVG): the dialogs, their state, and the jobs
// they start (export_job.hpp): an animation is drawn by a process of its own and a figure on a
// worker thread, so the window keeps answering; a progress bar and Cancel while it works.
#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <sstream>

#include <imgui.h>
#include <imgui_stdlib.h>  // after imgui.h, which it needs

#include "app/gui/app.hpp"
#include "app/gui/export/animation_inputs.hpp"
#include "app/gui/export/export_dialog.hpp"
#include "app/gui/export/export_job.hpp"
#include "app/gui/export/export_options.hpp"
#include "app/gui/export/mp4_writer.hpp"
#include "app/gui/export/offline_page.hpp"
#include "app/gui/panels/widgets.hpp"
#include "app/gui/surface/screenshot.hpp"
#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/trace_json.hpp"

namespace scanlab::gui {
namespace {

constexpr const auto& kSizes = kAnimationSizes;

struct ExportDialog {
    bool animation_open = false, figure_open = false, page_open = false;
    bool page_lesson = false;  // the offline page carries the lesson open, else the trace on screen
    std::string page_path;
    bool mp4 = false;
    int first = 0, last = -1;  // -1: the last step
    int frame_ms = kDefaultFrameMs;
    int size = 0;
    bool presenting = false, banner = false;
    std::string path, figure_path;
    int figure = 0;  // SvgFigure
    int figure_step = -1;
    ExportJob job;
    SvgJob svg;
    bool name_paths = true;  // opened: the paths are named again for the run on screen
    std::weak_ptr<const ShownTrace> words_of;  // the trace the run's words below state
    std::vector<std::string> run_words;
    std::string run_why;
    std::string said;
    bool failed = false;
};

ExportDialog& dialog() {
    static ExportDialog d;
    return d;
}

// A file named for the run on screen, in the folder of `previous` (the last export's), else beside
// the screenshots (~/Pictures, else the working folder).
std::string default_path(const App& app, const char* ending, const std::string& previous = "") {
    const std::filesystem::path dir =
        previous.empty() ? std::filesystem::path(screenshot_path()).parent_path() : std::filesystem::path(previous).parent_path();
    const std::string name = app.session.trace ? run_name(app.session.trace->trace) : std::string("scanlab");
    return (dir / ("scanlab-" + name + ending)).string();
}

std::string self_program() {
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("scanlab-app") : self.string();
}

// The words of `scanlab export` for the dialog's choices; empty with `why` where it cannot run.
std::vector<std::string> animation_words(const App& app, ExportDialog& d, size_t steps, std::string& why) {
    if (d.words_of.lock() != app.session.trace) {  // once a trace: it may make N random values
        d.words_of = app.session.trace;
        d.run_why.clear();
        d.run_words = words_for_trace_on_screen(app.session.form, app.session.trace->trace, d.run_why);
    }
    why = d.run_why;
    std::vector<std::string> words = d.run_words;
    if (words.empty()) return words;
    const size_t last = d.last < 0 ? steps - 1 : size_t(d.last);
    const size_t frames = last >= size_t(d.first) ? last - size_t(d.first) + 1 : 0;
    if (frames == 0) {
        why = "the range's last step comes before its first";
        return {};
    }
    if (frames > kMaxAnimationFrames) {
        why = "an animation holds at most " + std::to_string(kMaxAnimationFrames) + " steps, and this range is " + std::to_string(frames) +
              "; choose a shorter range, e.g. steps " + std::to_string(d.first) + " to " +
              std::to_string(d.first + kMaxAnimationFrames - 1);
        return {};
    }
    const AnimationSize& s = kSizes[d.size];
    for (const std::string& w :
         {std::string("--format"), std::string(d.mp4 ? "mp4" : "gif"), std::string("--steps"),
          std::to_string(d.first) + ".." + std::to_string(last), std::string("--frame-ms"), std::to_string(d.frame_ms),
          std::string("--size"), std::to_string(s.w) + "x" + std::to_string(s.h), std::string("--out"), d.path})
        words.push_back(w);
    if (d.presenting) words.push_back("--presentation");
    if (d.banner) words.push_back("--banner");
    return words;
}

// A dialog in the middle of the window, 30 lines of text wide, as tall as what it says now.
bool begin_dialog(const char* title, bool* open) {
    const float w = ImGui::GetFontSize() * 30;
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, FLT_MAX));
    return ImGui::Begin(title, open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoDocking | ImGuiWindowFlags_AlwaysAutoResize);
}

// A sentence wrapped at the dialog's edge, in the error colour when it is a refusal or a failure.
void said_line(const App& app, const std::string& text, bool failed) {
    ImGui::PushTextWrapPos(0);
    if (failed) ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
    ImGui::TextUnformatted(text.c_str());
    if (failed) ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
}

void start_animation(ExportDialog& d, const std::vector<std::string>& words) {
    d.said.clear();
    if (!d.job.start(self_program(), words)) d.said = d.job.error, d.failed = true;
}

void draw_progress(ExportDialog& d) {
    const float fraction = d.job.frames_total > 0 ? float(d.job.frames_done) / float(d.job.frames_total) : 0.0f;
    const std::string label = d.job.frames_total > 0
                                  ? "frame " + std::to_string(d.job.frames_done) + " of " + std::to_string(d.job.frames_total)
                                  : std::string("running the trace...");
    ImGui::ProgressBar(fraction, ImVec2(ImGui::GetFontSize() * 18, 0), label.c_str());
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) d.job.cancel();
    if (!d.job.last_step.empty()) ImGui::TextDisabled("drawn: %s", d.job.last_step.c_str());
}

void draw_animation_dialog(App& app, ExportDialog& d) {
    if (!begin_dialog("Export animation", &d.animation_open)) return ImGui::End();
    const TracePtr t = app.session.trace;
    const size_t steps = t ? t->trace.steps.size() : 0;
    if (!t || steps == 0) {
        ImGui::TextWrapped("Run a trace first: an animation shows its steps.");
        return ImGui::End();
    }
    const bool busy = d.job.running();
    ImGui::BeginDisabled(busy);
    const bool have_ffmpeg = !ffmpeg_program().empty();
    if (ImGui::RadioButton("GIF", !d.mp4)) d.mp4 = false;
    ImGui::SameLine();
    ImGui::BeginDisabled(!have_ffmpeg);
    if (ImGui::RadioButton("MP4 video", d.mp4)) d.mp4 = true;
    ImGui::EndDisabled();
    if (!have_ffmpeg) d.mp4 = false;
    const int max_step = int(steps) - 1;
    draw_animation_inputs(d.first, d.last, d.frame_ms, d.size, steps);
    ImGui::Checkbox("presenting (large text, high contrast)", &d.presenting);
    ImGui::Checkbox("the emulation banner on the frames", &d.banner);
    // The path's ending follows the format (a path typed by hand keeps the rest).
    if (d.path.empty() || d.name_paths) {
        d.path = default_path(app, d.mp4 ? ".mp4" : ".gif", d.path), d.name_paths = false;
        d.presenting = app.layout.presentation;  // opened while presenting: frames as the room sees them
    } else if (d.mp4 && d.path.ends_with(".gif"))
        d.path.replace(d.path.size() - 4, 4, ".mp4");
    else if (!d.mp4 && d.path.ends_with(".mp4"))
        d.path.replace(d.path.size() - 4, 4, ".gif");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##export-path", &d.path);
    ImGui::EndDisabled();
    std::string why;
    const std::vector<std::string> words = animation_words(app, d, steps, why);
    if (!have_ffmpeg) ImGui::TextDisabled("MP4: install Debian's ffmpeg package (sudo apt-get install ffmpeg)");
    if (!why.empty()) said_line(app, why, true);
    const int frames = (d.last < 0 ? max_step : d.last) - d.first + 1;
    if (why.empty() && !busy)
        ImGui::TextDisabled("%d frames, %.1f s; at most %zu frames", frames, frames * d.frame_ms / 1000.0, kMaxAnimationFrames);
    if (busy) {
        d.job.poll();
        draw_progress(d);
    } else {
        ImGui::BeginDisabled(words.empty());
        if (ImGui::Button("Export")) start_animation(d, words);
        ImGui::EndDisabled();
    }
    if (!d.said.empty()) said_line(app, d.said, d.failed);
    ImGui::End();
}

void draw_figure_dialog(App& app, ExportDialog& d) {
    if (!begin_dialog("Export figure (SVG)", &d.figure_open)) return ImGui::End();
    const TracePtr t = app.session.trace;
    if (!t || t->trace.steps.empty()) {
        ImGui::TextWrapped("Run a trace first: a figure is drawn from its steps.");
        return ImGui::End();
    }
    draw_figure_inputs(d.figure, d.presenting);
    if (d.figure_path.empty() || d.name_paths) d.figure_path = default_path(app, ".svg", d.figure_path), d.name_paths = false;
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##figure-path", &d.figure_path);
    if (d.svg.running()) {
        ImGui::TextUnformatted("drawing the figure...");
        bool failed = false;
        if (d.svg.poll(d.said, failed)) d.failed = failed, app.session.status = d.said, app.session.status_failed = failed;
    } else if (ImGui::Button("Save SVG")) {
        SvgRequest r;
        r.figure = SvgFigure(d.figure);
        r.step = app.session.step;
        r.presenting = d.presenting;
        d.said.clear();
        d.svg.start(t, r, d.figure_path);
    }
    if (!d.said.empty()) said_line(app, d.said, d.failed);
    ImGui::End();
}

// The trace on screen as the file the page opens (its JSON, findings and all), or the lesson's file.
void write_page(App& app, ExportDialog& d) {
    d.said.clear(), d.failed = false;
    try {
        size_t bytes = 0;
        if (d.page_lesson) {
            const SmallFile f = read_small_file(app.lesson.path, 1L << 20);
            if (!f.exists)
                throw ScanError("cannot read the lesson '" + app.lesson.path + "'" + (f.problem.empty() ? "" : ": " + f.problem));
            bytes = write_offline_page(default_offline_page(), std::filesystem::path(app.lesson.path).filename().string(), f.text, false,
                                       d.page_path);
        } else {
            const ShownTrace& t = *app.session.trace;
            std::ostringstream json;
            write_trace_json(json, t.trace, t.findings ? &*t.findings : nullptr);
            bytes = write_offline_page(default_offline_page(), "scanlab-" + run_name(t.trace) + ".json", json.str(), true, d.page_path);
        }
        d.said = "wrote " + d.page_path + " (" + byte_size(bytes) + "): it opens from a double click, with no network";
    } catch (const ScanError& e) {
        d.said = e.what(), d.failed = true;
    }
    app.session.status = d.said, app.session.status_failed = d.failed;
}

void draw_page_dialog(App& app, ExportDialog& d) {
    if (!begin_dialog("Export offline page (HTML)", &d.page_open)) return ImGui::End();
    const bool lesson = app.lesson.is_open() && !app.lesson.path.empty();
    if (!lesson) d.page_lesson = false;
    if (!app.session.trace && !lesson) {
        ImGui::TextWrapped("Run a trace or open a lesson first: the page carries one of them.");
        return ImGui::End();
    }
    ImGui::BeginDisabled(!app.session.trace);
    if (ImGui::RadioButton("the trace on screen", !d.page_lesson)) d.page_lesson = false;
    ImGui::EndDisabled();
    ImGui::BeginDisabled(!lesson);
    std::string lesson_label = "the lesson ";
    lesson_label += lesson ? std::filesystem::path(app.lesson.path).filename().string() : std::string("(none open)");
    if (ImGui::RadioButton(lesson_label.c_str(), d.page_lesson)) d.page_lesson = true;
    ImGui::EndDisabled();
    if (d.page_path.empty() || d.name_paths) d.page_path = default_path(app, ".html", d.page_path), d.name_paths = false;
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##page-path", &d.page_path);
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(
        "One HTML file of about 6 MB that opens the %s at start, from a double click, with no network; a trace of at most %s.",
        d.page_lesson ? "lesson" : "trace", byte_size(kPageMaxTraceFileBytes).c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button("Save page")) write_page(app, d);
    if (!d.said.empty()) said_line(app, d.said, d.failed);
    ImGui::End();
}

}  // namespace

void open_offline_page_dialog() {
    ExportDialog& d = dialog();
    d.page_open = true;
    d.said.clear();
    d.name_paths = true;
}

void open_export_dialog(bool figure) {
    ExportDialog& d = dialog();
    (figure ? d.figure_open : d.animation_open) = true;
    d.said.clear();
    d.name_paths = true;
}

std::string press_export(App& app, int size_choice, bool presenting) {
    ExportDialog& d = dialog();
    d.size = std::clamp(size_choice, 0, int(std::size(kSizes)) - 1);
    d.presenting = presenting;
    if (!app.session.trace) return "no trace on screen";
    std::string why;
    const std::vector<std::string> words = animation_words(app, d, app.session.trace->trace.steps.size(), why);
    if (words.empty()) return why;
    start_animation(d, words);
    return d.said;
}

void cancel_export() { dialog().job.cancel(); }

ExportProgress export_progress() {
    const ExportDialog& d = dialog();
    return {d.job.running(), d.job.frames_done, d.job.frames_total, d.failed ? "" : d.said, d.failed ? d.said : ""};
}

bool export_running() { return dialog().job.running() || dialog().svg.running(); }

void draw_export_dialogs(App& app) {
    ExportDialog& d = dialog();
    if (d.job.running()) d.job.poll();  // also while its dialog is closed: the status bar says how it went
    if (!d.job.running() && (!d.job.result.empty() || !d.job.error.empty() || d.job.cancelled)) {
        d.failed = !d.job.error.empty();
        d.said = d.job.cancelled ? "export cancelled: nothing was written" : d.failed ? d.job.error : d.job.result;
        app.session.status = d.said, app.session.status_failed = d.failed;
        d.job.result.clear(), d.job.error.clear(), d.job.cancelled = false;
    }
    if (d.animation_open) draw_animation_dialog(app, d);
    if (d.figure_open) draw_figure_dialog(app, d);
    if (d.page_open) draw_page_dialog(app, d);
}

}  // namespace scanlab::gui
