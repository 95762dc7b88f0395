// `scanlab shot`: one view of a trace rendered into an off-screen image and written as a PNG,
// behind a hidden window on a display, or through EGL with none (gl_surface.hpp).
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "../../core/error.hpp"
#include "gl_surface.hpp"
#include "shot_options.hpp"
#include "window.hpp"

namespace scanlab::gui {

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
    App app;
    app.headless = true;
    app.view = o.view;
    app.layout.presentation = o.presentation;
    app.layout.show_controls = !o.presentation;
    if (o.cell_width > 0) {
        app.layout.cell_width = o.cell_width;
        app.zoom_fixed = true;
    }
    app.session.form = o.form;
    app.live.defaults_applied = true;  // the shot's N is the one asked for
    const bool sampled = !o.sample.all();
    if (sampled) {
        // The live tab's sampled trace of the shot's request (any view shows it): N random values,
        // the chosen blocks kept.
        const Form& f = o.form;
        if (f.algorithm != Algorithm::hierarchical) return fail("the live view's sampled trace is of the hierarchical scan: give --algo hierarchical");
        if (f.source != InputSource::random) return fail("the live view's sampled trace runs on N random values: give --random N (and --seed S)");
        SampledForm& sf = app.session.sampled_form;
        sf.block_algorithm = f.block_algorithm;
        sf.type = f.type;
        sf.op = f.op;
        sf.exclusive = f.exclusive;
        sf.n = f.random_n;
        sf.seed = f.seed;
        sf.section = f.section;
        sf.block = o.sample.first_block;
        sf.blocks = o.sample.blocks;
        app.session.trace_sampled();
        app.session.preview_sampled();  // the block range the tab shows comes from it
    } else {
        app.session.run();
    }
    app.session.load_fig910();
    app.session.wait();
    if (sampled && !app.session.sampled_error.empty()) return fail(app.session.sampled_error);
    if (!app.session.error.empty()) return fail(app.session.error);
    const size_t steps = app.session.step_count();
    if (o.step_last) o.step = steps - 1;
    if (o.step >= steps)
        return fail("--step " + std::to_string(o.step) + " is past the last step of this trace (#" + std::to_string(steps - 1) +
                    "; see scanlab trace for the numbered steps)");
    app.session.go_to(o.step);
    app.fig910_step = o.step;
    if (o.view == View::counts) app.tab_request = 2;
    else if (o.view == View::compare) app.tab_request = 1;
    std::string why;
    std::unique_ptr<GlSurface> surface = GlSurface::open_offscreen(o.width, o.height, why);
    if (!surface) return fail(why);
    if (why = init_imgui(app, *surface); !why.empty()) return fail(why);
    // ImGui settles its layout (tab bars, auto-sized items) over the first frames.
    for (int i = 0; i < 4; ++i) frame(app, *surface, 1.0 / 60);
    const std::string err = surface->write_png(o.out);
    shutdown_imgui(*surface);
    if (!err.empty()) return fail(err);
    std::cout << "scanlab: wrote " << o.out << " (" << o.width << "x" << o.height << ", " << step_label(app.session.trace->trace.steps[o.step])
              << "; drawn by " << surface->description() << ")\n";
    return 0;
}

}  // namespace scanlab::gui
