// CI's smoke tests of the real window: keys arrive through GLFW's key callback, as a user's do,
// and the window's pixels are written for the tests to check (tests/app_smoke_test.cpp).
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "screenshot.hpp"
#include "window.hpp"

namespace scanlab::gui {
namespace {

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

}  // namespace

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

}  // namespace scanlab::gui
