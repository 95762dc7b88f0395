// `scanlab export` (= `scanlab-app --export`): the shot's scene stepped through a range of steps,
// each drawn off screen and added to a GIF (giflib) or an MP4 (the ffmpeg program); or, with no
// drawing at all, an SVG figure of the run. Progress goes to standard error, one line a frame
// ("scanlab: export: frame 3 of 8"), which the app's Export dialog reads.
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "app/gui/export/export_options.hpp"
#include "app/gui/export/gif_writer.hpp"
#include "app/gui/export/mp4_writer.hpp"
#include "app/gui/export/offline_page.hpp"
#include "app/gui/export/svg_figures.hpp"
#include "app/gui/shell/window.hpp"
#include "app/gui/surface/gl_surface.hpp"
#include "core/error.hpp"
#include "core/trace_io/atomic_file.hpp"

namespace scanlab::gui {
namespace {

// The frames' encoder: a GIF kept in memory, or ffmpeg's pipe.
struct Encoder {
    std::optional<GifAnimation> gif;
    std::unique_ptr<Mp4Video> mp4;
    void add(const std::vector<uint8_t>& rgb) { gif ? gif->add_frame(rgb) : mp4->add_frame(rgb); }
    void save(const std::string& path) {
        if (gif) {
            const std::string& bytes = gif->finish();
            save_file_atomically(path, "the animation", [&](std::ostream& out) { out.write(bytes.data(), std::streamsize(bytes.size())); });
        } else {
            mp4->finish(path);
        }
    }
};

std::string size_text(size_t bytes) {
    return bytes >= (1 << 20) ? std::to_string((bytes * 10 >> 20) / 10) + "." + std::to_string((bytes * 10 >> 20) % 10) + " MiB"
                              : std::to_string((bytes + 1023) >> 10) + " KiB";
}

int take_frames(App& app, const GlSurface& surface, const ShotOptions& so, ExportOptions& o) {
    if (const std::string why = resolve_step_range(o, app.session.step_count()); !why.empty()) return fail(why);
    const auto started = std::chrono::steady_clock::now();
    const size_t frames = o.last - o.first + 1;
    Encoder enc;
    try {
        if (o.format == ExportFormat::gif)
            enc.gif.emplace(so.width, so.height, o.frame_ms);
        else
            enc.mp4 = std::make_unique<Mp4Video>(so.width, so.height, o.frame_ms);
        std::vector<uint8_t> rgb;
        for (size_t k = o.first; k <= o.last; ++k) {
            app.session.go_to(k);
            app.fig910_panel.step = k;
            settle_frames(app, surface, so.frames);
            if (const std::string why = surface.read_rgb(rgb); !why.empty()) return fail(why);
            enc.add(rgb);
            std::cerr << "scanlab: export: frame " << (k - o.first + 1) << " of " << frames << " (#" << k << " "
                      << step_label(app.session.trace->trace.steps[k]) << ")\n";
        }
        enc.save(so.out);
    } catch (const ScanError& e) {
        return fail(e.what());
    }
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(so.out, ec);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cerr << "scanlab: wrote " << so.out << " (" << format_name(o.format) << ", " << frames << " frames of " << so.width << "x"
              << so.height << ", " << o.frame_ms << " ms each" << (ec ? std::string() : ", " + size_text(bytes)) << ", in "
              << int(seconds * 10) / 10.0 << " s; drawn by " << surface.description() << ")\n";
    return 0;
}

// `--format svg`: the run of the words traced (no drawing, no display), its figure written.
int run_svg_export(const ExportOptions& o) {
    try {
        const RunResult run = run_form(o.shot.form, false);
        if (!run.error.empty()) throw ScanError(run.error);
        if (!run.emulation_reason.empty()) std::cerr << "scanlab: backend: CPU emulation (" << run.emulation_reason << ")\n";
        SvgRequest r;
        r.figure = o.shot.view == View::array    ? SvgFigure::array_view
                   : o.shot.view == View::fig910 ? SvgFigure::fig910
                                                 : SvgFigure::step_diagram;
        if (o.step_given) r.step = o.shot.step_last ? run.main->trace.steps.size() - 1 : o.shot.step;
        r.presenting = o.shot.presentation;
        const std::string svg = svg_figure(run.main->trace, r);
        save_file_atomically(o.shot.out, "the figure", [&](std::ostream& out) { out << svg; });
        std::cerr << "scanlab: wrote " << o.shot.out << " (SVG, " << figure_name(r.figure) << " of " << run_name(run.main->trace) << ", "
                  << (svg.size() + 1023) / 1024 << " KiB)\n";
    } catch (const ScanError& e) {
        return fail(e.what());
    }
    return 0;
}

// An interrupted or cancelled video removes ffmpeg's folder too, then ends as main's handler ends
// it (the unfinished save removed, the signal raised again).
extern "C" void remove_video_and_end(int sig) {
    remove_video_temporaries();
    remove_unfinished_save();
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

void remove_video_on_signals() {
    struct sigaction sa {};
    sa.sa_handler = remove_video_and_end;
    sigemptyset(&sa.sa_mask);
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

}  // namespace

int run_export(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "--help" || a == "-h") {
            std::cout << export_usage();
            return 0;
        }
    // An offline page carrying a trace or a lesson: no run, no drawing (offline_page.hpp).
    for (size_t i = 0; i < args.size(); ++i)
        if ((args[i] == "--format" && i + 1 < args.size() && args[i + 1] == "html") ||
            (args[i] == "--out" && i + 1 < args.size() && args[i + 1].ends_with(".html")))
            return run_html_export(args);
    ExportOptions o;
    try {
        o = parse_export_options(args);
    } catch (const ScanError& e) {
        return fail(e.what());
    }
    if (o.format == ExportFormat::svg) return run_svg_export(o);
    // Before any frame is drawn: the sentence naming the package, not a minute of drawing first.
    if (o.format == ExportFormat::mp4 && ffmpeg_program().empty()) return fail(ffmpeg_missing_sentence());
    ::signal(SIGPIPE, SIG_IGN);  // if ffmpeg ends early, the write fails and says why, rather than ending this program
    if (o.format == ExportFormat::mp4) remove_video_on_signals();
    ShotOptions shot = o.shot;
    shot.step = 0, shot.step_last = false;  // the range is checked once the trace is known
    return run_shot_scene(shot,
                          [&](App& app, const GlSurface& surface, const ShotOptions& so) { return take_frames(app, surface, so, o); });
}

}  // namespace scanlab::gui
