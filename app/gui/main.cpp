// scanlab-app: the Scan Lab desktop app (GLFW + OpenGL 3.3 core + Dear ImGui).
//   scanlab-app [--open TRACE.json] [--presentation]        the app (what `scanlab` with no arguments starts)
//   scanlab-app --shot [trace options] --step K --out F.png  one view rendered off screen (`scanlab shot`)
//   scanlab-app --smoke-test --out DIR                       CI: step through Figure 9.10, one PNG per step
//   scanlab-app --smoke-test-live --out DIR                  CI: the Live run tab with a sampled emulation trace
// The frame loop follows ImGui's example_glfw_opengl3: poll, new frame, draw, render, swap.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "../../core/error.hpp"
#include "app.hpp"
#include "screenshot.hpp"
#include "shot_options.hpp"

using namespace scanlab;
using namespace scanlab::gui;

namespace {

std::string g_glfw_error;
void on_glfw_error(int, const char* description) { g_glfw_error = description ? description : ""; }

App* g_app = nullptr;
void on_drop(GLFWwindow*, int count, const char** paths) {
    if (g_app && count > 0) g_app->session.open_trace(paths[0]);
}

int fail(const std::string& sentence) {
    std::cerr << "scanlab: error: " << sentence << "\n";
    return 1;
}

// The window and its GL context, or a sentence on why there is none.
GLFWwindow* open_window(int width, int height, bool visible, std::string& why) {
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit()) {
        why = "no display: the desktop app needs a window system (" + g_glfw_error + "). " +
              (std::getenv("DISPLAY") ? "" : "DISPLAY is not set. ") +
              "On a machine without one, use the trace and scan commands, or run it under a virtual display: "
              "xvfb-run -a scanlab shot --algo hierarchical --preset fig9.10 --step 3 --out fig.png";
        return nullptr;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
    GLFWwindow* w = glfwCreateWindow(width, height, "Scan Lab", nullptr, nullptr);
    if (!w) {
        why = "could not open an OpenGL 3.3 window (" + g_glfw_error + "); install Mesa (libgl1-mesa-dri) or a GPU driver";
        glfwTerminate();
        return nullptr;
    }
    glfwMakeContextCurrent(w);
    if (!gladLoadGL(glfwGetProcAddress)) {
        why = "the OpenGL 3.3 functions could not be loaded";
        glfwDestroyWindow(w);
        glfwTerminate();
        return nullptr;
    }
    glfwSwapInterval(1);
    return w;
}

void init_imgui(App& app, GLFWwindow* w) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    static std::string ini;
    if (app.config_dir.empty()) {
        io.IniFilename = nullptr;
    } else {
        ini = app.config_dir + "/imgui.ini";
        io.IniFilename = ini.c_str();
    }
    install_key_capture(w);
    ImGui_ImplGlfw_InitForOpenGL(w, true);
    ImGui_ImplOpenGL3_Init("#version 150");
    load_fonts(app);
    apply_theme(app);
}

void shutdown(GLFWwindow* w) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(w);
    glfwTerminate();
}

// One frame: take in finished work, lay out every panel, render into the bound framebuffer.
void frame(App& app, GLFWwindow* w, double dt, int fixed_w = 0, int fixed_h = 0) {
    app.session.poll(dt);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    if (fixed_w > 0) {  // off screen: the framebuffer object's size, whatever the window's
        io.DisplaySize = ImVec2(float(fixed_w), float(fixed_h));
        io.DisplayFramebufferScale = ImVec2(1, 1);
    }
    ImGui::NewFrame();
    if (!app.headless) handle_shortcuts(app);
    draw_frame(app);
    ImGui::Render();
    int fw = fixed_w, fh = fixed_h;
    if (fw <= 0) glfwGetFramebufferSize(w, &fw, &fh);
    glViewport(0, 0, fw, fh);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

int run_interactive(const std::vector<std::string>& args) {
    App app;
    g_app = &app;
    app.config_dir = config_dir();
    const std::string settings_path = app.config_dir.empty() ? "" : app.config_dir + "/settings.ini";
    Settings settings = settings_path.empty() ? Settings{} : load_settings(settings_path);
    app.session.form = settings.form;
    app.session.steps_per_second = settings.steps_per_second;
    app.layout = settings.layout;
    app.tab_request = app.layout.tab;
    std::string open_path;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--open" && i + 1 < args.size()) open_path = args[++i];
        else if (args[i] == "--presentation") app.layout.presentation = true;
        else return fail("unknown option '" + args[i] + "' for the app (see scanlab --help)");
    }
    std::string why;
    GLFWwindow* w = open_window(app.layout.window_width, app.layout.window_height, true, why);
    if (!w) return fail(why);
    glfwSetDropCallback(w, on_drop);
    init_imgui(app, w);
    app.session.load_fig910();
    if (open_path.empty()) app.session.run();
    else app.session.open_trace(open_path);

    double last = glfwGetTime();
    while (!glfwWindowShouldClose(w) && !app.want_quit) {
        // Wait for input while idle (no playback, no work): the app costs nothing in the background.
        if (app.session.playing || app.session.working()) glfwPollEvents();
        else glfwWaitEventsTimeout(0.25);
        const double now = glfwGetTime();
        frame(app, w, now - last);
        last = now;
        if (app.want_screenshot) {
            app.want_screenshot = false;
            int fw, fh;
            glfwGetFramebufferSize(w, &fw, &fh);
            glReadBuffer(GL_BACK);
            const std::string path = screenshot_path();
            const std::string err = write_framebuffer_png(path, fw, fh);
            if (err.empty()) app.session.status = "screenshot saved to " + path;
            else app.session.error = err;
        }
        glfwSwapBuffers(w);
    }
    if (!settings_path.empty()) {
        glfwGetWindowSize(w, &app.layout.window_width, &app.layout.window_height);
        settings.form = app.session.form;
        settings.layout = app.layout;
        settings.steps_per_second = app.session.steps_per_second;
        save_settings(settings_path, settings);
    }
    // A scan still running finishes out of sight: the window goes at once. A benchmark stops
    // before its next run instead (it could take minutes).
    app.session.playing = false;
    app.session.bench.cancel();
    glfwHideWindow(w);
    app.session.wait();
    shutdown(w);
    return 0;
}

// Renders `frames` frames into an off-screen framebuffer of the shot's size and writes a PNG.
std::string render_to_png(App& app, GLFWwindow* w, int width, int height, const std::string& out, int frames) {
    GLuint fbo = 0, rb = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    std::string err;
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        err = "OpenGL could not make a " + std::to_string(width) + "x" + std::to_string(height) + " off-screen image";
    } else {
        // ImGui settles its layout (tab bars, auto-sized items) over the first frames.
        for (int i = 0; i < frames; ++i) frame(app, w, 1.0 / 60, width, height);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        err = write_framebuffer_png(out, width, height);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteRenderbuffers(1, &rb);
    glDeleteFramebuffers(1, &fbo);
    return err;
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
    GLFWwindow* w = open_window(o.width, o.height, false, why);
    if (!w) return fail(why);
    init_imgui(app, w);
    const std::string err = render_to_png(app, w, o.width, o.height, o.out, 4);
    shutdown(w);
    if (!err.empty()) return fail(err);
    std::cout << "scanlab: wrote " << o.out << " (" << o.width << "x" << o.height << ", " << step_label(app.session.trace->trace.steps[o.step])
              << ")\n";
    return 0;
}

// The smoke tests' shared start: the --out folder (created), and a real, visible window of the
// given size with ImGui ready (null after the failure was reported).
std::string smoke_out_dir(const std::vector<std::string>& args) {
    std::string out;
    for (size_t i = 0; i < args.size(); ++i)
        if (args[i] == "--out" && i + 1 < args.size()) out = args[++i];
    std::error_code ec;
    if (!out.empty()) std::filesystem::create_directories(out, ec);
    return out;
}

GLFWwindow* open_smoke_window(App& app, int width, int height) {
    app.layout.window_width = width;
    app.layout.window_height = height;
    std::string why;
    GLFWwindow* w = open_window(width, height, true, why);
    if (!w) {
        fail(why);
        return nullptr;
    }
    init_imgui(app, w);
    return w;
}

// CI's smoke test: opens the real window on the Figure 9.10 preset, steps through the
// hierarchical trace with the Right key (through the GLFW key callback, as a user's key press
// arrives), and writes the window's pixels after every step; the test then checks the PNGs.
int run_smoke_test(const std::vector<std::string>& args) {
    const std::string out = smoke_out_dir(args);
    if (out.empty()) return fail("--smoke-test needs --out DIR");
    App app;
    GLFWwindow* w = open_smoke_window(app, 1280, 800);
    if (!w) return 1;
    app.session.load_fig910();
    app.session.run();  // the default form is Figure 9.10, hierarchical
    int frames_while_busy = 0;
    for (int i = 0; i < 600 && (app.session.busy() || !app.session.fig910); ++i) {
        glfwPollEvents();
        frame(app, w, 1.0 / 60);
        glfwSwapBuffers(w);
        ++frames_while_busy;
    }
    if (!app.session.trace || !app.session.error.empty()) return fail("the Figure 9.10 trace did not arrive: " + app.session.error);
    std::ofstream labels(out + "/steps.txt");
    auto key = [&](int k) {
        ImGui_ImplGlfw_KeyCallback(w, k, glfwGetKeyScancode(k), GLFW_PRESS, 0);
        frame(app, w, 1.0 / 60);
        glfwSwapBuffers(w);
        ImGui_ImplGlfw_KeyCallback(w, k, glfwGetKeyScancode(k), GLFW_RELEASE, 0);
        frame(app, w, 1.0 / 60);
        glfwSwapBuffers(w);
    };
    key(GLFW_KEY_HOME);
    const size_t steps = app.session.step_count();
    for (size_t k = 0; k < steps; ++k) {
        if (k > 0) key(GLFW_KEY_RIGHT);
        if (app.session.step != k) return fail("the Right key did not advance to step #" + std::to_string(k));
        frame(app, w, 1.0 / 60);
        int fw, fh;
        glfwGetFramebufferSize(w, &fw, &fh);
        glReadBuffer(GL_BACK);
        char name[64];
        std::snprintf(name, sizeof name, "/step-%02zu.png", k);
        if (std::string err = write_framebuffer_png(out + name, fw, fh); !err.empty()) return fail(err);
        glfwSwapBuffers(w);
        labels << k << "\t" << step_label(app.session.trace->trace.steps[k]) << "\n";
    }
    // Presentation mode (F5) must switch on and be written too.
    key(GLFW_KEY_F5);
    if (!app.layout.presentation) return fail("F5 did not switch presentation mode on");
    frame(app, w, 1.0 / 60);
    int fw, fh;
    glfwGetFramebufferSize(w, &fw, &fh);
    glReadBuffer(GL_BACK);
    if (std::string err = write_framebuffer_png(out + "/presentation.png", fw, fh); !err.empty()) return fail(err);
    glfwSwapBuffers(w);
    std::cout << "scanlab: smoke test stepped through " << steps << " steps of " << app.session.trace->origin << " ("
              << frames_while_busy << " frames drawn while the trace was computed); PNGs in " << out << "\n";
    app.session.wait();
    shutdown(w);
    return 0;
}

// CI's smoke test of the Live run tab: with no GPU (CI has none) the tab must say so and still
// trace a block of a larger run on the emulation. It selects the tab with the 4 key, traces block
// 40 of N = 2^16 in sections of 32, steps to K1's stride 4 with the Right key and writes the
// window; the test counts the updated cells and checks the stated memory against estimate_trace.
int run_smoke_test_live(const std::vector<std::string>& args) {
    const std::string out = smoke_out_dir(args);
    if (out.empty()) return fail("--smoke-test-live needs --out DIR");
    App app;
    GLFWwindow* w = open_smoke_window(app, 1440, 900);
    if (!w) return 1;
    auto draw = [&] {
        glfwPollEvents();
        frame(app, w, 1.0 / 60);
        glfwSwapBuffers(w);
    };
    auto key = [&](int k) {
        ImGui_ImplGlfw_KeyCallback(w, k, glfwGetKeyScancode(k), GLFW_PRESS, 0);
        draw();
        ImGui_ImplGlfw_KeyCallback(w, k, glfwGetKeyScancode(k), GLFW_RELEASE, 0);
        draw();
    };
    auto shoot = [&](const std::string& name) {
        frame(app, w, 1.0 / 60);
        int fw, fh;
        glfwGetFramebufferSize(w, &fw, &fh);
        glReadBuffer(GL_BACK);
        const std::string err = write_framebuffer_png(out + "/" + name, fw, fh);
        glfwSwapBuffers(w);
        return err;
    };
    app.session.load_fig910();
    app.session.run();
    for (int i = 0; i < 600 && app.session.working(); ++i) draw();
    key(GLFW_KEY_4);
    draw();
    if (app.layout.tab != 3) return fail("the 4 key did not open the Live run tab");
    std::ofstream said(out + "/live.txt");
    said << "unavailable\t" << app.session.bench.unavailable_reason() << "\n";
    said << "controls\t" << (app.session.bench.controls_enabled() ? "enabled" : "disabled") << "\n";
    SampledForm& f = app.session.sampled_form;
    f.n = int64_t(1) << 16;
    f.section = 32;
    f.block = 40;
    app.session.trace_sampled();
    int frames_while_tracing = 0;
    for (int i = 0; i < 1200 && app.session.working(); ++i, ++frames_while_tracing) draw();
    if (!app.session.sampled_error.empty()) return fail("the sampled trace was refused: " + app.session.sampled_error);
    if (!app.session.sampled_trace || app.session.trace != app.session.sampled_trace) return fail("the sampled trace did not arrive");
    key(GLFW_KEY_HOME);
    for (int k = 0; k < 3; ++k) key(GLFW_KEY_RIGHT);
    if (app.session.step != 3) return fail("the Right key did not advance to step #3 of the sampled trace");
    for (int i = 0; i < 3; ++i) draw();  // the array view fits its zoom to the block over a frame or two
    if (std::string err = shoot("live-step-03.png"); !err.empty()) return fail(err);
    said << "step\t" << app.session.step << "\t" << step_label(app.session.trace->trace.steps[app.session.step]) << "\n";
    said << "statement\t" << memory_statement(app.session.sampled_report) << "\n";
    said.close();
    std::cout << "scanlab: live smoke test traced " << app.session.trace->origin << " (" << frames_while_tracing
              << " frames drawn while it ran); PNG in " << out << "\n";
    app.session.wait();
    shutdown(w);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "--shot") return run_shot({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--smoke-test") return run_smoke_test({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "--smoke-test-live") return run_smoke_test_live({args.begin() + 1, args.end()});
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        std::cout << "usage: scanlab-app [--open TRACE.json] [--presentation]\n"
                     "       scanlab-app --shot --algo A --preset P --step K --out FILE.png [--size WxH] [--view V]\n"
                     "       (the same as `scanlab` with no arguments and `scanlab shot ...`; see scanlab --help)\n";
        return 0;
    }
    return run_interactive(args);
}
