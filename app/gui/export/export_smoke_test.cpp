// CI's smoke test of the app's exports (`scanlab-app --smoke-test-export --out DIR [--size WxH]
// [--presentation] [--export-size K: the dialog's K-th size] [--cancel] [run words]`): the real window (a display; else EGL's image), the run of the
// words on screen, File > Export animation... opened, its picture written, Export pressed, and
// frames drawn while the child process draws the GIF: the window's frames are counted, so a test
// sees that the app kept drawing (never frozen) while the export worked, and how it ended. The
// figure's and the offline page's dialogs are pictured after it.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "app/gui/export/export_dialog.hpp"
#include "app/gui/shell/window.hpp"
#include "app/gui/surface/gl_surface.hpp"
#include "core/error.hpp"
#include "core/input/run_words.hpp"
#include "core/number_text.hpp"

namespace scanlab::gui {

int run_smoke_test_export(const std::vector<std::string>& args) {
    std::string out;
    int width = 1280, height = 720;
    bool presenting = false;
    int size_choice = 2;  // the dialog's list: 1280x720, 1920x1080, 960x540 (the test's: small frames)
    bool cancel = false;  // --cancel: Cancel pressed once the first frame is drawn
    App app;
    try {
        static_cast<RunSpec&>(app.session.form) = parse_run_words(args, [&](const std::string& a, const auto& value) {
            if (a == "--out") return out = value(), true;
            if (a == "--presentation") return presenting = true;
            if (a == "--cancel") return cancel = true;
            if (a == "--export-size") return size_choice = std::atoi(value().c_str()), true;
            if (a != "--size") return false;
            const std::string& v = value();
            if (std::sscanf(v.c_str(), "%dx%d", &width, &height) != 2)
                throw ScanError("--size expects WIDTHxHEIGHT, got " + quoted_word(v));
            return true;
        });
    } catch (const ScanError& e) {
        return fail(e.what());
    }
    if (out.empty()) return fail("--smoke-test-export needs --out DIR");
    std::filesystem::create_directories(out);
    app.session.form.request.detail = Detail::full;
    app.layout.presentation = presenting;
    app.layout.window_width = width, app.layout.window_height = height;
    std::string why;
    std::unique_ptr<GlSurface> surface = GlSurface::open_window_or_offscreen(width, height, why);
    if (!surface) return fail(why);
    if (why = init_imgui(app, *surface); !why.empty()) return fail(why);
    auto draw = [&] {
        if (surface->window()) glfwPollEvents();
        frame(app, *surface, 1.0 / 60);
        surface->present();
    };
    app.session.load_fig910();
    app.session.run();
    while (app.session.working()) draw();
    if (!app.session.error.empty()) return fail(app.session.error);
    open_export_dialog(false);
    for (int i = 0; i < 6; ++i) draw();
    const std::string size = std::to_string(width) + "x" + std::to_string(height) + (presenting ? "-presenting" : "");
    frame(app, *surface, 1.0 / 60);
    if (const std::string e = surface->write_png(out + "/export-dialog-" + size + ".png"); !e.empty()) return fail(e);
    surface->present();
    // Export pressed (by default the 960x540 choice, so that the test's child draws small frames).
    if (const std::string e = press_export(app, size_choice, presenting); !e.empty()) return fail(e);
    const auto started = std::chrono::steady_clock::now();
    int frames = 0, shot_at = -1;
    while (export_progress().running && std::chrono::steady_clock::now() - started < std::chrono::minutes(5)) {
        draw();
        ++frames;
        const ExportProgress p = export_progress();
        if (shot_at < 0 && p.frames_done >= 1) {  // the progress bar and Cancel, mid-export
            shot_at = frames;
            frame(app, *surface, 1.0 / 60);
            surface->write_png(out + "/export-progress-" + size + ".png");
            if (cancel) cancel_export();
        }
    }
    for (int i = 0; i < 3; ++i) draw();  // the result taken in
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const ExportProgress p = export_progress();
    frame(app, *surface, 1.0 / 60);
    surface->write_png(out + "/export-done-" + size + ".png");
    open_export_dialog(true);  // and File > Export figure (SVG)..., for its picture
    for (int i = 0; i < 4; ++i) draw();
    frame(app, *surface, 1.0 / 60);
    surface->write_png(out + "/export-figure-dialog-" + size + ".png");
    open_offline_page_dialog();  // and File > Export offline page (HTML)...
    for (int i = 0; i < 4; ++i) draw();
    frame(app, *surface, 1.0 / 60);
    surface->write_png(out + "/export-page-dialog-" + size + ".png");
    std::cout << "export frames\t" << p.frames_done << "\t" << p.frames_total << "\nwindow frames while exporting\t" << frames << "\t"
              << seconds << "\nresult\t" << p.result << "\nerror\t" << p.error << "\n";
    shutdown_imgui(*surface);
    return p.error.empty() && !p.result.empty() ? 0 : 1;
}

}  // namespace scanlab::gui
