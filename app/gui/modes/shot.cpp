// `scanlab shot`: one view of a trace rendered into an off-screen image and written as a PNG,
// behind a hidden window on a display, or through EGL with none (gl_surface.hpp).
#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/gui/modes/shot_options.hpp"
#include "app/gui/shell/window.hpp"
#include "app/gui/surface/gl_surface.hpp"
#include "core/error.hpp"

namespace scanlab::gui {
namespace {

// Draws frames until every run has finished (ten a second, one a second while the benchmark
// runs: the GPU that draws may be the one being timed), and says how the benchmark is getting on
// every tenth of the way.
void draw_until_done(App& app, const GlSurface& surface) {
    int said = -1;
    for (int tick = 0; app.session.working(); ++tick) {
        if (!app.session.bench.running() || tick % 10 == 0) frame(app, surface, 0.1);
        if (app.session.bench.running()) {
            const LiveBench::Progress p = app.session.bench.progress();
            if (int tenth = int(p.fraction * 10); tenth > said) {
                said = tenth;
                std::cerr << "scanlab: benchmark " << tenth * 10 << "% (" << p.what << ")\n";
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    app.session.poll(0);
}

// The live tab's benchmark of the shot's --bench, started; empty, or why it cannot run.
std::string start_bench(LiveBench& bench, const ShotOptions& o) {
    if (!bench.available()) return "--bench needs a usable GPU: " + bench.unavailable_reason();
    bench.form.n = o.bench_n;
    bench.form.sweep = true;
    bench.form.type = o.form.request.type;
    bench.form.op = o.form.request.op;
    bench.form.exclusive = o.form.request.exclusive;
    bench.form.reps = o.bench_reps;
    if (std::string problem = bench.form_problem(); !problem.empty()) return "--bench " + std::to_string(o.bench_n) + ": " + problem;
    if (!bench.start()) return "the benchmark could not start";
    return "";
}

}  // namespace

void settle_frames(App& app, const GlSurface& surface, int frames) {
    for (int i = 0; i < frames; ++i) frame(app, surface, 1.0 / 60);
    if (app.session.working()) {
        draw_until_done(app, surface);
        frame(app, surface, 1.0 / 60);
    }
}

int run_shot(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "--help" || a == "-h") {
            std::cout << shot_usage();
            return 0;
        }
    ShotOptions o;
    try {
        o = parse_shot_options(args);
    } catch (const ScanError& e) {
        return fail(e.what());
    }
    return run_shot_scene(o, [](App& app, const GlSurface& surface, const ShotOptions& shot) {
        if (const std::string err = surface.write_png(shot.out); !err.empty()) return fail(err);
        // On stderr, as the benchmark's line: the picture itself may be going to standard output.
        std::cerr << "scanlab: wrote " << shot.out << " (" << shot.width << "x" << shot.height << ", "
                  << step_label(app.session.trace->trace.steps[shot.step]) << "; drawn by " << surface.description() << ")\n";
        return 0;
    });
}

namespace {

// --lesson: the slide's own run, at its step, in its view; empty, else the sentence that refuses it.
std::string take_lesson_slide(App& app, ShotOptions& o) {
    if (!app.lesson.open(o.lesson)) return app.lesson.error;
    if (o.slide > int(app.lesson.slides.size()))
        return "--slide " + std::to_string(o.slide) + ": the lesson has " + std::to_string(app.lesson.slides.size()) + " slides";
    app.show_lesson = true;
    const PreparedSlide& slide = app.lesson.slides[size_t(o.slide - 1)];
    static_cast<RunSpec&>(o.form) = slide.spec;
    o.form.request.detail = Detail::full;
    o.form.request.max_trace_bytes = Form().request.max_trace_bytes;
    o.step = slide.step < 0 ? 0 : size_t(slide.step), o.step_last = false;
    if (slide.view == "counts") o.view = View::window, app.tab_request = Tab::counts;
    return "";
}

// The live tab's sampled trace of the shot's request (any view shows it): N random values, the
// chosen blocks kept. Empty, else the sentence that refuses it.
std::string start_sampled_trace(App& app, const ShotOptions& o) {
    const Form& f = o.form;
    if (f.request.algorithm != kSampledAlgorithm)
        return "the live view's sampled trace is of the hierarchical scan: give --algo hierarchical";
    if (f.input.source != InputSource::random)
        return "the live view's sampled trace runs on N random values: give --random N (and --seed S)";
    SampledForm& sf = app.session.sampled_form;
    sf.block_algorithm = f.request.block_algorithm;
    sf.type = f.request.type;
    sf.op = f.request.op;
    sf.exclusive = f.request.exclusive;
    sf.n = f.input.random_n;
    sf.seed = f.input.seed;
    sf.section = f.request.section;
    sf.block = o.sample.first_block;
    sf.blocks = o.sample.blocks;
    app.session.trace_sampled();
    app.session.preview_sampled();  // the block range the tab shows comes from it
    return "";
}

// --your-kernel: the words' run first (the trace on screen when the kernel gives none), then the
// kernel, and --finding's step. Empty, else the sentence that says what failed.
std::string run_your_kernel(App& app, ShotOptions& o, GlSurface& surface) {
    app.layout.show_your_kernel = true;
    const KernelStarter* starter = nullptr;
    for (const KernelStarter& st : kernel_starters())
        if (o.your_kernel == st.file) starter = &st;
    if (starter)
        app.session.your_kernel.open_starter(app.session, *starter);
    else
        app.session.your_kernel.open(app.session, o.your_kernel);
    if (app.session.your_kernel.said_failed) return app.session.your_kernel.said;
    app.session.your_kernel.run(app.session);
    draw_until_done(app, surface);
    const YourKernel& k = app.session.your_kernel;
    if (o.finding > 0) {
        if (!k.report || o.finding > int(k.report->findings.size()))
            return "--finding " + std::to_string(o.finding) + ": the kernel's run gave " +
                   std::to_string(k.report ? k.report->findings.size() : 0) + " findings";
        app.session.your_kernel.show_finding(app.session, o.finding - 1);
        o.step = app.session.step, o.step_last = false;
    }
    return "";
}

// --bench: after the trace, so nothing else runs on the GPU while it is timed. Empty, else the
// sentence that says what failed.
std::string run_shot_bench(App& app, const ShotOptions& o, GlSurface& surface) {
    if (std::string e = start_bench(app.session.bench, o); !e.empty()) return e;
    draw_until_done(app, surface);
    if (!app.session.bench.error.empty()) return "the benchmark failed: " + app.session.bench.error;
    const bench::BenchResult& r = *app.session.bench.result;
    if (r.cancelled) return "the benchmark stopped before its end";
    for (const bench::BenchRow& row : r.rows)
        if (!row.verified && !row.skipped)
            return "the benchmark's " + row.algorithm + " at N = " + std::to_string(row.n) + " gave a wrong result: " + row.problem;
    std::cerr << "scanlab: benchmark done: " << r.rows.size() << " rows for " << r.config.sizes.size() << " sizes on " << r.gpu.name
              << "\n";
    return "";
}

}  // namespace

int run_shot_scene(ShotOptions o, const ShotTake& take) {
    App app;
    app.headless = true;
    app.view = o.view;
    app.layout.presentation = o.presentation;
    app.show_banner = app.shot_banner = o.banner;
    app.layout.show_controls = !o.presentation;
    if (o.cell_width > 0) {
        app.layout.cell_width = o.cell_width;
        app.step_view.zoom_fixed = true;
    }
    if (o.bench_n > 0 && !app.session.bench.available())
        return fail("--bench needs a usable GPU: " + app.session.bench.unavailable_reason());
    if (!o.lesson.empty())
        if (const std::string e = take_lesson_slide(app, o); !e.empty()) return fail(e);
    app.session.form = o.form;
    app.live.defaults_applied = true;  // the shot's N is the one asked for
    const bool sampled = !o.sample.all();
    if (sampled) {
        if (const std::string e = start_sampled_trace(app, o); !e.empty()) return fail(e);
    } else {
        app.session.run();
    }
    app.session.load_fig910();
    if (o.exercise > 0) {
        app.layout.show_exercises = true;
        app.session.exercises.select(o.exercise, o.form.backend);
    }
    // The surface first, so the runs go on beside its GL context as they do in the app, with
    // frames drawn (and the progress shown) while they work.
    std::string why;
    std::unique_ptr<GlSurface> surface = GlSurface::open_offscreen(o.width, o.height, why);
    if (!surface) return fail(why);
    if (why = init_imgui(app, *surface); !why.empty()) return fail(why);
    struct ImGuiDown {  // before the surface goes, whichever way this returns
        const GlSurface& s;
        ~ImGuiDown() { shutdown_imgui(s); }
    } imgui_down{*surface};
    draw_until_done(app, *surface);
    if (!o.lesson.empty()) {
        app.lesson.go(size_t(o.slide - 1), app.session);  // the slide's run, as the panel opens it
        draw_until_done(app, *surface);
        app.lesson.follow(app.session);
    }
    if (!o.your_kernel.empty())
        if (const std::string e = run_your_kernel(app, o, *surface); !e.empty()) return fail(e);
    if (sampled && !app.session.sampled_error.empty()) return fail(app.session.sampled_error);
    if (!app.session.error.empty()) return fail(app.session.error);
    const size_t steps = app.session.step_count();
    if (o.step_last) o.step = steps - 1;
    if (o.step >= steps)
        return fail("--step " + std::to_string(o.step) + " is past the last step of this trace (#" + std::to_string(steps - 1) +
                    "; see scanlab trace for the numbered steps)");
    app.session.go_to(o.step);
    app.fig910_panel.step = o.step;
    if (o.view == View::counts)
        app.tab_request = Tab::counts;
    else if (o.view == View::compare)
        app.tab_request = Tab::compare;
    if (o.bench_n > 0)
        if (const std::string e = run_shot_bench(app, o, *surface); !e.empty()) return fail(e);
    // ImGui settles its layout (tab bars, auto-sized items) over the first frames; a frame that
    // set work going (a panel's preview) is followed by frames until it is done.
    settle_frames(app, *surface, o.frames);
    return take(app, *surface, o);
}

}  // namespace scanlab::gui
