// scanlab-app: the Scan Lab desktop app (GLFW + OpenGL 3.3 core + Dear ImGui).
//   scanlab-app [--open TRACE.json] [--presentation]        the app (what `scanlab` with no arguments starts)
//   scanlab-app --shot [trace options] --step K --out F.png  one view rendered off screen (`scanlab shot`, shot.cpp)
//   scanlab-app --export --format gif|mp4|svg ... --out F   a run as an animation or a figure (`scanlab export`, export/)
//   scanlab-app --smoke-test --out DIR                       CI: step through Figure 9.10, one PNG per step
//   scanlab-app --smoke-test-live --out DIR                  CI: the Live run tab with a sampled emulation trace
//   scanlab-app --check-layout --out DIR [--pictures]        CI: clipped or overlapping text at four sizes, values too small to read
//   scanlab-app --smoke-test-exercises --out DIR             CI: the Exercises panel by keyboard
//   scanlab-app --smoke-test-lesson --out DIR                CI: the Lesson panel by a presenter's keys
//   scanlab-app --smoke-test-kernel --kernel F.cu --out DIR  CI: the Your kernel panel: run, a finding, the editor's keys
//   scanlab-app --smoke-test-files --out DIR                 CI: the Open and Save dialogs by keyboard
//   scanlab-app --smoke-test-export --out DIR [--size WxH]  CI: File > Export animation..., its GIF drawn while the window draws
// The frame loop follows Dear ImGui's example_glfw_opengl3: poll, new frame, draw, render, swap.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <signal.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "app/gui/export/export_dialog.hpp"
#include "app/gui/shell/frame_settle.hpp"
#include "app/gui/shell/window.hpp"
#include "app/gui/surface/gl_surface.hpp"
#include "app/gui/surface/screenshot.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"

using namespace scanlab;
using namespace scanlab::gui;

namespace {

// --measure-idle S (CI's idle test): once the first trace is on screen and nothing is running,
// counts the frames drawn in S seconds with no input, then quits and says how long quitting took.
class IdleMeter {
public:
    explicit IdleMeter(double seconds) : seconds_(seconds) {}
    bool starting() const { return seconds_ > 0 && start_ < 0; }
    bool measuring() const { return start_ >= 0; }
    double left() const { return std::max(0.0, start_ + seconds_ - glfwGetTime()); }
    // Called after each frame: true when the measured time is over.
    bool done(const App& app, double now) {
        if (seconds_ <= 0) return false;
        if (start_ < 0) {
            if (app.session.trace && !app.session.working() && ++ready_frames_ > 3) start_ = glfwGetTime();
            return false;
        }
        if (now - start_ >= seconds_) return true;
        ++frames_;
        return false;
    }
    void report(double quit_seconds) const {
        std::cout << "idle frames\t" << frames_ << "\t" << seconds_ << "\nquit seconds\t" << quit_seconds << "\n";
    }

private:
    double seconds_;
    double start_ = -1;
    int ready_frames_ = 0;
    int frames_ = 0;
};

// The first start fills most of the monitor's work area (a 1280x720 projector as a 1920x1080
// screen); a remembered size is kept, inside the work area.
void size_to_work_area(GLFWwindow* w, int saved_w, int saved_h) {
    GLFWmonitor* m = glfwGetPrimaryMonitor();
    int x = 0, y = 0, mw = 0, mh = 0;
    if (m) glfwGetMonitorWorkarea(m, &x, &y, &mw, &mh);
    if (mw <= 0 || mh <= 0) return;
    const int ww = saved_w > 0 ? std::min(saved_w, mw) : mw * 9 / 10;
    const int wh = saved_h > 0 ? std::min(saved_h, mh) : mh * 9 / 10;
    glfwSetWindowSize(w, ww, wh);
    glfwSetWindowPos(w, x + (mw - ww) / 2, y + (mh - wh) / 2);
}

App* g_app = nullptr;
void on_drop(GLFWwindow*, int count, const char** paths) {
    if (g_app && count > 0) g_app->session.open_trace(paths[0]);
}

// The settings kept from the last quit, into the app: the run's form, the layout, the lesson
// progress and the Your kernel draft. What was clamped or dropped is said, never fatal; the
// values in use are what is saved back.
Settings load_app_settings(App& app, const std::string& settings_path) {
    // No settings kept yet: the first start, which shows how to step and present.
    std::error_code no_file;
    app.first_run_hint = !settings_path.empty() && !std::filesystem::exists(settings_path, no_file);
    Settings settings = settings_path.empty() ? Settings{} : load_settings(settings_path);
    app.session.form = settings.form;
    app.session.steps_per_second = settings.steps_per_second;
    app.layout = settings.layout;
    app.tab_request = app.layout.tab;
    app.lesson.progress_folder = app.config_dir.empty() ? "" : app.config_dir + "/lessons";  // each lesson's checkpoints, kept
    app.session.your_kernel.restore_draft(app.session, app.config_dir);  // the Your kernel panel's text not saved at the last quit
    for (const std::string& note : settings.notes) {
        std::cerr << "scanlab: " << note << "\n";
        app.session.status += (app.session.status.empty() ? "" : "; ") + note;
    }
    return settings;
}

// Frames until the window closes or the app quits.
void frame_loop(App& app, GlSurface& surface, IdleMeter& idle) {
    GLFWwindow* w = surface.window();
    double last = glfwGetTime();
    FrameSettle settle;
    while (!glfwWindowShouldClose(w) && !app.want_quit) {
        // Frames are drawn only when something can have changed: when the next step is due while
        // playing (nothing else moves), ten a second while a worker runs (its result, the
        // spinner), else only after an event, and until a frame settles.
        if (settle.due() || idle.starting())
            settle.spend(), glfwPollEvents();
        else if (app.session.working() || export_running())
            glfwWaitEventsTimeout(0.1);
        else if (app.session.playing)
            glfwWaitEventsTimeout(app.session.seconds_to_next_step());
        else if (idle.measuring())
            glfwWaitEventsTimeout(idle.left());
        else
            glfwWaitEvents(), settle.want(1);
        const double now = glfwGetTime();
        frame(app, surface, now - last);
        last = now;
        if (app.want_screenshot) {
            app.want_screenshot = false;
            const std::string path = screenshot_path();
            const std::string err = surface.write_png(path);
            app.session.status = err.empty() ? "screenshot saved to " + path : err;
            app.session.status_failed = !err.empty();
            settle.want(1);  // say so now, not at the next event
        }
        settle.drawn(ImGui::GetDrawData());
        // The first layout settles over frames of its own, not over the user's first clicks.
        if (app.layout_settling > 0) settle.want(1);
        surface.present();
        if (ImGui::GetIO().WantSaveIniSettings) save_panel_layout(app);
        if (idle.done(app, now)) app.want_quit = true;
    }
}

// At quit: the settings kept for the next start (the window's size, the form, the layout).
void save_app_settings(App& app, Settings& settings, const std::string& settings_path, GLFWwindow* w) {
    if (settings_path.empty()) return;
    glfwGetWindowSize(w, &app.layout.window_width, &app.layout.window_height);
    settings.form = app.session.form;
    settings.layout = app.layout;
    settings.steps_per_second = app.session.steps_per_second;
    if (!save_settings(settings_path, settings))
        std::cerr << "scanlab: could not save the settings to " << settings_path << "; the old ones are kept\n";
}

int run_interactive(const std::vector<std::string>& args) {
    App app;
    g_app = &app;
    app.config_dir = config_dir();
    const std::string settings_path = app.config_dir.empty() ? "" : app.config_dir + "/settings.ini";
    Settings settings = load_app_settings(app, settings_path);
    std::string open_path;
    double measure_idle = 0;  // CI: seconds to sit idle, counting frames, before quitting
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--open" && i + 1 < args.size())
            open_path = args[++i];
        else if (args[i] == "--presentation")
            app.layout.presentation = true;
        else if (args[i] == "--measure-idle" && i + 1 < args.size())
            measure_idle = std::atof(args[++i].c_str());
        else
            return fail("unknown option " + quoted_word(args[i]) + " for the app (see scanlab --help)");
    }
    std::string why;
    std::unique_ptr<GlSurface> surface = GlSurface::open_window(app.layout.window_width > 0 ? app.layout.window_width : 1280,
                                                                app.layout.window_height > 0 ? app.layout.window_height : 720, why);
    if (!surface) return fail(why);
    GLFWwindow* w = surface->window();
    size_to_work_area(w, app.layout.window_width, app.layout.window_height);
    glfwSetDropCallback(w, on_drop);
    if (why = init_imgui(app, *surface); !why.empty()) return fail(why);
    app.session.load_fig910();
    if (open_path.empty())
        app.session.run();
    else
        app.session.open_trace(open_path);

    IdleMeter idle(measure_idle);
    frame_loop(app, *surface, idle);
    save_panel_layout(app);
    app.session.your_kernel.keep_draft(app.config_dir);
    const double quit_started = glfwGetTime();
    save_app_settings(app, settings, settings_path, w);
    // The window goes at once. A save under way is finished (a few writes); anything else still
    // running (a scan, a trace file's read and check, the benchmark's run) ends with the process,
    // now, rather than keeping it alive out of sight for as long as it takes.
    app.session.playing = false;
    app.session.bench.cancel();
    cancel_export();  // an animation under way is not left drawing out of sight
    glfwHideWindow(w);
    app.session.finish_saves();
    if (app.session.working()) {
        if (measure_idle > 0) idle.report(glfwGetTime() - quit_started);
        std::cout.flush();
        std::cerr.flush();
        std::_Exit(0);
    }
    shutdown_imgui(*surface);
    if (measure_idle > 0) idle.report(glfwGetTime() - quit_started);
    return 0;
}

}  // namespace

namespace {

// An interrupted shot or app removes the temporary of a save under way, then ends as the signal
// would have ended it: no OUT.png.tmp-PID-N is left behind.
extern "C" void remove_save_and_end(int sig) {
    scanlab::remove_unfinished_save();
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

void remove_unfinished_saves_on_signals() {
    struct sigaction sa {};
    sa.sa_handler = remove_save_and_end;
    sigemptyset(&sa.sa_mask);
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

}  // namespace

int main(int argc, char** argv) {
    remove_unfinished_saves_on_signals();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "--shot") return run_shot({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--export") return run_export({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--smoke-test-export") return run_smoke_test_export({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--smoke-test") return run_smoke_test({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--check-layout") return run_layout_check({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--smoke-test-live") return run_smoke_test_live({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--smoke-test-exercises") return run_smoke_test_exercises({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--smoke-test-lesson") return run_smoke_test_lesson({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--smoke-test-kernel") return run_smoke_test_kernel({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--smoke-test-grade") return run_smoke_test_grade({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--smoke-test-files") return run_smoke_test_files({args.begin() + 1, args.end()});
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        std::cout << "usage: scanlab-app [--open TRACE.json] [--presentation]\n"
                     "       scanlab-app --shot --algo A --preset P --step K --out FILE.png [--size WxH] [--view V]\n"
                     "       (the same as `scanlab` with no arguments and `scanlab shot ...`; see scanlab --help)\n";
        return 0;
    }
    return run_interactive(args);
}
