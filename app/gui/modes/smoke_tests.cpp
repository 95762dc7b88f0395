// CI's smoke tests of the real window: keys arrive through GLFW's key callback, as a user's do,
// and the window's pixels are written for the tests to check (tests/app/gui/window/app_smoke_test.cpp). With no
// display they draw the same frames through EGL into an off-screen image of the window's size.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <imgui_internal.h>  // the input Dear ImGui has not handed out yet

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/model/kernel_blocks.hpp"
#include "app/gui/model/tiles.hpp"
#include "app/gui/modes/layout_check.hpp"
#include "app/gui/panels/lesson_panel.hpp"
#include "app/gui/panels/step_view_state.hpp"
#include "app/gui/panels/widgets.hpp"
#include "app/gui/shell/frame.hpp"
#include "app/gui/shell/theme.hpp"
#include "app/gui/shell/window.hpp"
#include "app/gui/surface/drawn_text.hpp"
#include "app/gui/surface/gl_surface.hpp"
#include "core/request.hpp"

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

// A window on a display, else EGL's off-screen image of the window's size (no display at all).
std::unique_ptr<GlSurface> open_smoke_surface(App& app, int width, int height) {
    app.layout.window_width = width;
    app.layout.window_height = height;
    std::string why;
    std::unique_ptr<GlSurface> s = GlSurface::open_window_or_offscreen(width, height, why);
    if (!s) {
        fail(why);
        return nullptr;
    }
    if (const std::string e = init_imgui(app, *s); !e.empty()) {
        fail(e);
        return nullptr;
    }
    std::cout << "scanlab: drawing on " << s->description() << "\n";
    return s;
}

// Drives the smoke tests' frames: draw one, press a key as a user's press arrives (through
// GLFW's key callback in a window, else straight into the shortcuts' queue that callback fills),
// write the frame as a PNG.
struct SmokeDriver {
    App& app;
    GlSurface& surface;
    void draw() {
        if (surface.window()) glfwPollEvents();
        frame(app, surface, 1.0 / 60);
        surface.present();
    }
    void key(int k, int mods = 0) {
        if (GLFWwindow* w = surface.window()) {
            ImGui_ImplGlfw_KeyCallback(w, k, glfwGetKeyScancode(k), GLFW_PRESS, mods);
            draw();
            ImGui_ImplGlfw_KeyCallback(w, k, glfwGetKeyScancode(k), GLFW_RELEASE, mods);
        } else {
            capture_key_press(k, mods);
            draw();
        }
        draw();
    }
    // Draws frames while `busy()` holds, for at most a minute of wall time (a GPU's first run
    // starts its driver, which takes far longer than the emulation's few frames); the frame count.
    template <class Busy>
    int draw_while(Busy busy) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        int frames = 0;
        while (busy() && std::chrono::steady_clock::now() < deadline) {
            draw();
            ++frames;
        }
        return frames;
    }
    // The Figure 9.10 run on screen, as every smoke test but the layout check starts.
    void show_fig910() {
        app.session.load_fig910();
        app.session.run();
        draw_while([&] { return app.session.working(); });
    }
    // A left click at `at` (the window's pixels), pressed and released over two frames.
    void click(ImVec2 at) {
        ImGuiIO& io = ImGui::GetIO();
        io.AddMousePosEvent(at.x, at.y);
        draw();
        io.AddMouseButtonEvent(ImGuiMouseButton_Left, true);
        draw();
        io.AddMouseButtonEvent(ImGuiMouseButton_Left, false);
        draw();
    }
    // The top left of a window drawn in the last frame whose name starts with `name` (a child's:
    // "Your kernel/editor_"), where it is drawn; else none.
    std::optional<ImVec2> window_at(const std::string& name) const {
        const ImGuiWindow* w = window_named(name);
        return w ? std::optional<ImVec2>(w->InnerRect.Min) : std::nullopt;
    }
    // Its inner width (0 where it is not drawn).
    float window_width(const std::string& name) const {
        const ImGuiWindow* w = window_named(name);
        return w ? w->InnerRect.GetWidth() : 0;
    }
    const ImGuiWindow* window_named(const std::string& name) const {
        for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
            if (w->Active && std::string_view(w->Name).substr(0, name.size()) == name) return w;
        return nullptr;
    }
    std::string shoot(const std::string& path) {
        frame(app, surface, 1.0 / 60);
        const std::string err = surface.write_png(path);
        surface.present();
        return err;
    }
};

// One smoke test in a window of the given size: the --out folder made, the app and its driver
// ready (on the emulation when `emulation` is set, so the run is the same on any machine), the
// test's own `body(app, driver, out)`, then the window closed whatever the body returned.
template <class Body>
int in_smoke_window(const std::vector<std::string>& args, const char* option, int width, int height, bool emulation, Body body) {
    const std::string out = smoke_out_dir(args);
    if (out.empty()) return fail(std::string(option) + " needs --out DIR");
    App app;
    if (emulation) app.session.form.backend = BackendChoice::cpu;
    std::unique_ptr<GlSurface> surface = open_smoke_surface(app, width, height);
    if (!surface) return 1;
    SmokeDriver d{app, *surface};
    const int status = body(app, d, out);
    app.session.wait();
    shutdown_imgui(*surface);
    return status;
}

}  // namespace

// CI's smoke test: opens the real window (EGL's off-screen image where there is no display) on
// the Figure 9.10 preset, steps through the hierarchical trace with the Right key, and writes the
// pixels after every step; the test then checks the PNGs.
int run_smoke_test(const std::vector<std::string>& args) {
    return in_smoke_window(args, "--smoke-test", 1280, 800, false, [](App& app, SmokeDriver& d, const std::string& out) {
        app.session.load_fig910();
        app.session.run();  // the default form is Figure 9.10, hierarchical
        const int frames_while_busy = d.draw_while([&] { return app.session.busy() || !app.session.fig910; });
        if (!app.session.trace || !app.session.error.empty()) return fail("the Figure 9.10 trace did not arrive: " + app.session.error);
        std::ofstream labels(out + "/steps.txt");
        d.key(GLFW_KEY_HOME);
        const size_t steps = app.session.step_count();
        for (size_t k = 0; k < steps; ++k) {
            if (k > 0) d.key(GLFW_KEY_RIGHT);
            if (app.session.step != k) return fail("the Right key did not advance to step #" + std::to_string(k));
            char name[64];
            std::snprintf(name, sizeof name, "/step-%02zu.png", k);
            if (std::string err = d.shoot(out + name); !err.empty()) return fail(err);
            labels << k << "\t" << step_label(app.session.trace->trace.steps[k]) << "\n";
        }
        // Presentation mode (F5) must switch on and be written too.
        d.key(GLFW_KEY_F5);
        if (!app.layout.presentation) return fail("F5 did not switch presentation mode on");
        if (std::string err = d.shoot(out + "/presentation.png"); !err.empty()) return fail(err);
        d.key(GLFW_KEY_F5);
        // The Controls panel as drawn for a run that shows the blocks' controls and a random
        // input: the test holds its labels to the table of run options.
        app.session.form.request.algorithm = Algorithm::decoupled_lookback;
        app.session.form.input.source = InputSource::random;
        app.session.form.input.random_n = 256;
        app.session.run();
        d.draw_while([&] { return app.session.busy(); });
        d.draw();
        std::ofstream(out + "/controls.txt") << drawn_text(ImGui::GetDrawData(), "Controls");
        std::cout << "scanlab: smoke test stepped through " << steps << " steps of " << app.session.trace->origin << " ("
                  << frames_while_busy << " frames drawn while the trace was computed); PNGs in " << out << "\n";
        return 0;
    });
}

// CI's smoke test of the Live run tab: with no GPU (CI has none) the tab must say so and still
// trace a block of a larger run on the emulation. It selects the tab with the 4 key, traces block
// 40 of N = 2^16 in sections of 32, steps to K1's stride 4 with the Right key and writes the
// window; the test counts the updated cells and checks the stated memory against estimate_trace.
int run_smoke_test_live(const std::vector<std::string>& args) {
    return in_smoke_window(args, "--smoke-test-live", 1440, 900, false, [](App& app, SmokeDriver& d, const std::string& out) {
        d.show_fig910();
        d.key(GLFW_KEY_4);
        d.draw();
        if (app.layout.tab != Tab::live) return fail("the 4 key did not open the Live run tab");
        std::ofstream said(out + "/live.txt");
        said << "unavailable\t" << app.session.bench.unavailable_reason() << "\n";
        said << "controls\t" << (app.session.bench.controls_enabled() ? "enabled" : "disabled") << "\n";
        SampledForm& f = app.session.sampled_form;
        f.n = int64_t(1) << 16;
        f.section = 32;
        f.block = 40;
        app.session.trace_sampled();
        const int frames_while_tracing = d.draw_while([&] { return app.session.working(); });
        if (!app.session.sampled_error.empty()) return fail("the sampled trace was refused: " + app.session.sampled_error);
        if (!app.session.sampled_trace || app.session.trace != app.session.sampled_trace) return fail("the sampled trace did not arrive");
        d.key(GLFW_KEY_HOME);
        for (int k = 0; k < 3; ++k) d.key(GLFW_KEY_RIGHT);
        if (app.session.step != 3) return fail("the Right key did not advance to step #3 of the sampled trace");
        for (int i = 0; i < 3; ++i) d.draw();  // the array view fits its zoom to the block over a frame or two
        if (std::string err = d.shoot(out + "/live-step-03.png"); !err.empty()) return fail(err);
        said << "step\t" << app.session.step << "\t" << step_label(app.session.trace->trace.steps[app.session.step]) << "\n";
        said << "statement\t" << memory_statement(app.session.sampled_report) << "\n";
        said.close();
        std::cout << "scanlab: live smoke test traced " << app.session.trace->origin << " (" << frames_while_tracing
                  << " frames drawn while it ran); PNG in " << out << "\n";
        return 0;
    });
}

// CI's smoke test of the Exercises panel, by keyboard only: Ctrl+E opens it on exercise 1, Down
// selects exercise 2, Enter opens its run in the main view; what happened is written to
// exercises.txt, with a PNG of the window.
int run_smoke_test_exercises(const std::vector<std::string>& args) {
    return in_smoke_window(args, "--smoke-test-exercises", 1280, 720, true, [](App& app, SmokeDriver& d, const std::string& out) {
        d.show_fig910();
        d.key(GLFW_KEY_E, GLFW_MOD_CONTROL);
        d.draw_while([&] { return app.session.working(); });
        std::ofstream said(out + "/exercises.txt");
        said << "opened\t" << (app.layout.show_exercises ? "yes" : "no") << "\n";
        said << "focused\t" << (app.exercises_panel.focused ? "yes" : "no") << "\n";
        d.key(GLFW_KEY_DOWN);
        d.draw_while([&] { return app.session.working(); });
        d.draw();
        said << "selected\t" << app.session.exercises.selected << "\n";
        const ExerciseResult* r = app.session.exercises.result(app.session.exercises.selected);
        said << "answered\t" << (r && r->answer ? "yes" : "no") << "\n";
        d.key(GLFW_KEY_ENTER);
        d.draw_while([&] { return app.session.working(); });
        d.draw();
        if (!app.session.trace) return fail("no trace on screen after Enter");
        const Trace& t = app.session.trace->trace;
        said << "main view\t" << name(t.algorithm) << " N = " << t.n << "\n";
        said << "tab\t" << int(app.layout.tab) << "\n";
        said.close();
        if (std::string err = d.shoot(out + "/exercises.png"); !err.empty()) return fail(err);
        return 0;
    });
}

namespace {

// The kernel opened by Ctrl+K and the file, run by Ctrl+Enter with warps of 4; a click on the first
// finding takes its step and marks its line.
std::string kernel_run_and_finding(App& app, SmokeDriver& d, const std::string& out, const std::string& kernel, std::ostream& said) {
    Session& s = app.session;
    d.key(GLFW_KEY_K, GLFW_MOD_CONTROL);
    d.draw();
    said << "opened\t" << (app.layout.show_your_kernel ? "yes" : "no") << "\t" << s.your_kernel.name << "\n";
    said << "focused\t" << (app.your_kernel_panel.focused ? "yes" : "no") << "\n";
    s.your_kernel.open(s, kernel);
    s.form.request.warp_width = 4;
    d.draw();
    d.key(GLFW_KEY_ENTER, GLFW_MOD_CONTROL);
    d.draw_while([&] { return s.working(); });
    d.draw();
    if (!s.your_kernel.report) return "Ctrl+Enter in the panel gave no run of the kernel";
    said << "traced\t" << (s.trace ? s.trace->trace.kernel : std::string("none")) << "\n";
    said << "findings\t" << s.your_kernel.report->findings.size() << "\n";
    if (s.your_kernel.report->findings.empty()) return "the kernel's run found nothing: " + s.your_kernel.report->stopped;
    const std::optional<ImVec2> report = d.window_at("Your kernel/report_");
    if (!report) return "the findings are not drawn";
    // The first finding's row: under the verdict (wrapped to the report's width) and the line
    // that counts the findings.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float wrap = d.window_width("Your kernel/report_") - style.WindowPadding.x * 2;
    const float verdict = ImGui::CalcTextSize(s.your_kernel.report->verdict.c_str(), nullptr, false, wrap).y + style.ItemSpacing.y;
    d.click(ImVec2(report->x + ImGui::GetFontSize() * 3,
                   report->y + style.WindowPadding.y + verdict + ImGui::GetTextLineHeightWithSpacing() * 1.5f));
    d.draw();
    const kernel_tracer::Finding& f = s.your_kernel.report->findings.front();
    said << "selected\t" << s.your_kernel.selected_finding << "\n";
    said << "step\t" << (s.step == size_t(f.step) ? "the finding's" : "another") << "\n";
    said << "line marked\t" << (s.your_kernel.line_to_show == f.line ? "the finding's" : "another") << "\n";
    if (std::string err = d.shoot(out + "/kernel-finding.png"); !err.empty()) return err;
    return "";
}

std::string kernel_run_from_controls(App& app, SmokeDriver& d, const std::string& out, std::ostream& said) {
    Session& s = app.session;
    // The controls apply to the kernel on screen: with them in focus (a click on their note), a
    // choice (warps of 8) and Ctrl+Enter run the kernel again with it, not the built-in algorithm.
    const std::optional<ImVec2> controls = d.window_at("Controls");
    if (!controls) return "the controls are not drawn";
    d.click(ImVec2(controls->x + ImGui::GetFontSize() * 2, controls->y + ImGui::GetTextLineHeight() * 0.5f));
    s.form.request.warp_width = 8;
    d.key(GLFW_KEY_ENTER, GLFW_MOD_CONTROL);
    d.draw_while([&] { return s.working(); });
    d.draw();
    said << "controls' ctrl+enter ran\t" << (s.trace ? s.trace->trace.kernel : std::string("none")) << ", warps of "
         << (s.trace ? s.trace->trace.warp_width : 0) << "\n";
    if (std::string err = d.shoot(out + "/kernel-controls.png"); !err.empty()) return err;
    return "";
}

std::string kernel_graded(App& app, SmokeDriver& d, const std::string& out, std::ostream& said) {
    Session& s = app.session;
    // Grade runs in the background: the window keeps drawing its progress until the report.
    s.your_kernel.grade_every_type = false;
    s.your_kernel.grade(4);
    const int grading_frames = d.draw_while([&] { return s.your_kernel.grading.running(); });
    d.draw();
    said << "grading drew frames\t" << (grading_frames > 1 ? "yes" : "no") << "\n";
    said << "graded\t"
         << (!s.your_kernel.grading.outcome                   ? "nothing"
             : !s.your_kernel.grading.outcome->grade          ? s.your_kernel.grading.outcome->stopped
             : s.your_kernel.grading.outcome->grade->passed() ? "PASSED"
                                                              : "FAILED")
         << "\n";
    if (std::string err = d.shoot(out + "/kernel-graded.png"); !err.empty()) return err;
    return "";
}

std::string kernel_editor_keys(App& app, SmokeDriver& d, std::ostream& said) {
    Session& s = app.session;
    // The editor takes the keyboard: Right is its caret's, a letter its text's.
    const std::optional<ImVec2> editor = d.window_at("Your kernel/editor_");
    if (!editor) return "the editor is not drawn";
    d.click(ImVec2(editor->x + ImGui::GetFontSize() * 6, editor->y + ImGui::GetTextLineHeightWithSpacing() * 0.5f));
    d.draw();  // the frame after the click says the editor takes text
    said << "editing\t" << (ImGui::GetIO().WantTextInput ? "yes" : "no") << "\n";
    s.trace = s.fig910;  // a trace of several steps on screen, at its first: Right would move it
    s.go_to(0);
    const size_t step = s.step;
    const std::string text = s.your_kernel.text;
    d.key(GLFW_KEY_RIGHT);
    ImGui::GetIO().AddInputCharacter('x');
    d.draw();
    d.draw();
    said << "right moved the step\t" << (s.step != step ? "yes" : "no") << "\n";
    said << "typed\t" << (s.your_kernel.text != text && s.your_kernel.dirty() ? "yes" : "no") << "\n";
    // A call typed as a keyboard types it, brackets and all, reads as typed: "(y)", not "(y))".
    for (const char c : std::string("(y);")) {  // a key a frame
        ImGui::GetIO().AddInputCharacter(static_cast<unsigned char>(c));
        d.draw();
    }
    d.draw();
    said << "brackets typed\t" << (s.your_kernel.text.find("x(y);") != std::string::npos ? "as typed" : "not as typed") << "\n";
    // Ctrl+Enter in the editor runs the kernel (the text as typed), and adds no line to it.
    // (Straight to Dear ImGui and the key capture: the GLFW backend reads the modifiers from the
    // keyboard itself, where no Ctrl is down.)
    const std::string typed = s.your_kernel.text;
    ImGuiIO& io = ImGui::GetIO();
    io.AddKeyEvent(ImGuiMod_Ctrl, true);
    io.AddKeyEvent(ImGuiKey_Enter, true);
    capture_key_press(GLFW_KEY_ENTER, GLFW_MOD_CONTROL);
    d.draw();
    io.AddKeyEvent(ImGuiKey_Enter, false);
    io.AddKeyEvent(ImGuiMod_Ctrl, false);
    d.draw();
    said << "ctrl+enter in the editor\t" << (s.your_kernel.running || s.working() ? "runs" : "does not run") << ", "
         << (s.your_kernel.text == typed ? "the text unchanged" : "the text changed") << "\n";
    d.draw_while([&] { return s.working(); });
    return "";
}

}  // namespace

// A kernel of several blocks (`file`) opened in the panel and run with its blocks in reverse: the
// Steps view shows them as tiles under the order they ran in; a click on block 0's tile makes its
// turn (the last) the running one. Writes what the view said, with a PNG before and after the click.
std::string kernel_blocks_walk(App& app, SmokeDriver& d, const std::string& out, const std::string& file, std::ostream& said) {
    Session& s = app.session;
    s.your_kernel.open(s, file);
    s.form.input.source = InputSpec::Source::random;
    s.form.input.random_n = 32;
    s.form.request.exclusive = false;
    s.form.request.warp_width = kWarpSize;
    s.your_kernel.block_schedule.kind = BlockSchedule::Kind::reverse;
    app.tab_request = Tab::steps;
    s.your_kernel.run(s);
    d.draw_while([&] { return s.working(); });
    d.draw();
    if (!s.trace || s.trace->trace.kernel.empty()) return "the kernel of several blocks gave no trace";
    const std::optional<KernelBlocks> b = kernel_blocks(s.trace->trace, s.step, s.trace->book.verdict.wrong);
    if (!b) return "the kernel's trace has no blocks to show as tiles";
    said << "blocks\t" << blocks_ran_sentence(*b) << "\n";
    said << "tiles drawn\t" << (app.step_view.block_turn_of == s.trace.get() ? "yes" : "no") << "\n";
    said << "turn\t" << turn_sentence(*b, app.step_view.block_turn) << "\n";
    said << "wrong\t" << wrong_block_sentence(*b) << "\n";
    ImGui::GetIO().AddMousePosEvent(-FLT_MAX, -FLT_MAX);  // no tooltip left from a click before
    d.draw();
    if (std::string err = d.shoot(out + "/kernel-blocks.png"); !err.empty()) return err;
    // Block 0's section is the first along the row.
    const ImVec2 lo = app.step_view.block_tiles_min, hi = app.step_view.block_tiles_max;
    d.click(ImVec2(lo.x + (hi.x - lo.x) / float(b->tiles.size() * 2), (lo.y + hi.y) / 2));
    said << "turn after a click on block 0\t" << turn_sentence(*b, app.step_view.block_turn) << "\n";
    if (std::string err = d.shoot(out + "/kernel-blocks-turn.png"); !err.empty()) return err;
    return "";
}

// CI's smoke test of the Your kernel panel: Ctrl+K opens it (on Exercise 4's starter), the file
// given with --kernel is opened in it, Ctrl+Enter runs it with the controls' run (warps of 4, so
// the race is one between warps); a click on the first finding moves to its step and marks its
// line; Ctrl+Enter in the controls, with warps of 8 chosen, runs the kernel again with them; a
// click in the editor gives it the keyboard, where Right moves the caret, not the step (of
// Figure 9.10's trace, put on screen for it), a letter typed changes the text, and Ctrl+Enter runs
// the kernel without adding a line to it. What happened is written to kernel.txt, with a PNG.
int run_smoke_test_kernel(const std::vector<std::string>& args) {
    const auto file = std::find(args.begin(), args.end(), "--kernel");
    if (file == args.end() || file + 1 == args.end()) return fail("--smoke-test-kernel needs --kernel FILE.cu");
    const std::string kernel = *(file + 1);
    const auto blocks = std::find(args.begin(), args.end(), "--blocks");  // a kernel of several blocks
    return in_smoke_window(args, "--smoke-test-kernel", 1280, 720, true, [&](App& app, SmokeDriver& d, const std::string& out) {
        d.show_fig910();
        std::ofstream said(out + "/kernel.txt");
        if (const std::string e = kernel_run_and_finding(app, d, out, kernel, said); !e.empty()) return fail(e);
        if (const std::string e = kernel_run_from_controls(app, d, out, said); !e.empty()) return fail(e);
        if (const std::string e = kernel_graded(app, d, out, said); !e.empty()) return fail(e);
        if (const std::string e = kernel_editor_keys(app, d, said); !e.empty()) return fail(e);
        if (blocks != args.end() && blocks + 1 != args.end())
            if (const std::string e = kernel_blocks_walk(app, d, out, *(blocks + 1), said); !e.empty()) return fail(e);
        said.close();
        return 0;
    });
}

// The grading in the window, for its shots (at --size, presenting with --presentation): Exercise
// 4's starter as it is graded (its progress drawn frame by frame), its report, its smallest
// failing input opened as a run, and a ticket-ordered kernel's blocks in reverse as tiles, before and
// after a click on block 0's (--ticket FILE: kernel_blocks_walk). What happened is written to grade.txt.
int run_smoke_test_grade(const std::vector<std::string>& args) {
    int width = 1280, height = 720;
    const auto size = std::find(args.begin(), args.end(), "--size");
    if (size != args.end() && size + 1 != args.end() && std::sscanf((size + 1)->c_str(), "%dx%d", &width, &height) != 2)
        return fail("--size expects WxH");
    const bool presenting = std::find(args.begin(), args.end(), "--presentation") != args.end();
    const auto ticket = std::find(args.begin(), args.end(), "--ticket");
    return in_smoke_window(args, "--smoke-test-grade", width, height, true, [&](App& app, SmokeDriver& d, const std::string& out) {
        d.show_fig910();
        Session& s = app.session;
        std::ofstream said(out + "/grade.txt");
        if (presenting) d.key(GLFW_KEY_F5);
        s.your_kernel.try_exercise(s, 4);
        app.layout.show_your_kernel = true;
        app.layout.show_exercises = true;
        s.exercises.selected = 4;
        d.draw_while([&] { return s.working(); });
        s.your_kernel.grade_every_type = false;
        s.your_kernel.grade(4);
        for (int k = 0; k < 20 && s.your_kernel.grading.running(); ++k) d.draw();
        if (std::string err = d.shoot(out + "/grading.png"); !err.empty()) return fail(err);
        said << "grading drew frames\t" << d.draw_while([&] { return s.your_kernel.grading.running(); }) << "\n";
        d.draw();
        if (std::string err = d.shoot(out + "/graded.png"); !err.empty()) return fail(err);
        s.your_kernel.open_grade_failure(s, 0);
        d.draw_while([&] { return s.working(); });
        d.draw();
        said << "failing input opened\t" << (s.trace ? std::to_string(s.trace->trace.n) : std::string("none")) << " values, "
             << (s.your_kernel.report ? s.your_kernel.report->verdict.substr(0, 5) : std::string("no report")) << "\n";
        if (std::string err = d.shoot(out + "/grade-failure-run.png"); !err.empty()) return fail(err);
        if (ticket != args.end() && ticket + 1 != args.end()) {
            s.your_kernel.open(s, *(ticket + 1));
            s.form.input.source = InputSpec::Source::random;
            s.form.input.random_n = 32;
            s.form.request.exclusive = false;  // an inclusive scan, after Exercise 4's exclusive run
            if (const std::string e = kernel_blocks_walk(app, d, out, *(ticket + 1), said); !e.empty()) return fail(e);
            said << "ticket kernel, blocks reverse\t"
                 << (s.your_kernel.report ? s.your_kernel.report->verdict.substr(0, 5) : std::string("no report")) << "\n";
        }
        return 0;
    });
}

// CI's smoke test of the trace file dialogs, by keyboard: Ctrl+S, a path in a folder that does
// not exist, Enter: the dialog stays open and says why, the status line says the failure; a good
// path, Enter: saved, the dialog gone. Then Ctrl+O on a truncated file and on the saved one.
// What happened is written to files.txt, with a PNG of each failure.
int run_smoke_test_files(const std::vector<std::string>& args) {
    return in_smoke_window(args, "--smoke-test-files", 1280, 720, true, [](App& app, SmokeDriver& d, const std::string& out) {
        d.show_fig910();
        Session& s = app.session;
        // The dialog's path field has the focus with its text selected: what is typed replaces it.
        // A new dialog's path is typed as a keyboard types it, each character between its key's
        // press and release, with Enter seen before the first frame: Dear ImGui hands the field a
        // character or two a frame, and the whole path must be the one confirmed.
        auto type_and_enter = [&](const std::string& text, bool key_by_key = false) {
            ImGuiIO& io = ImGui::GetIO();
            if (key_by_key) {
                for (const char c : text) {
                    io.AddKeyEvent(ImGuiKey_F24, true);  // a key that means nothing here
                    io.AddInputCharacter(static_cast<unsigned char>(c));
                    io.AddKeyEvent(ImGuiKey_F24, false);
                }
                capture_key_press(GLFW_KEY_ENTER, 0);
                d.draw_while([&] { return !ImGui::GetCurrentContext()->InputEventsQueue.empty(); });
                d.draw();
            } else {
                io.AddInputCharactersUTF8(text.c_str());
                d.draw();
                d.key(GLFW_KEY_ENTER);
            }
            d.draw_while([&] { return s.working(); });
            d.draw();
            d.draw();
        };
        auto dialog = [] { return ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId) ? "open" : "closed"; };
        std::ofstream said(out + "/files.txt");
        const std::string saved = out + "/saved.json", truncated = out + "/truncated.json";
        std::ofstream(truncated) << "{\"format\": \"scanlab-trace\", \"version\": 1, \"steps\": [";

        d.key(GLFW_KEY_S, GLFW_MOD_CONTROL);
        said << "save dialog\t" << dialog() << "\n";
        type_and_enter(out + "/no-such-folder/x.json", true);
        said << "failed save: dialog\t" << dialog() << "\nfailed save: says\t" << s.save_task.failure << "\nfailed save: status\t"
             << (s.status_failed ? "failure: " : "") << s.status << "\n";
        if (std::string err = d.shoot(out + "/save-failed.png"); !err.empty()) return fail(err);
        type_and_enter(saved);
        said << "good save: dialog\t" << dialog() << "\ngood save: status\t" << s.status << "\n";

        const TracePtr before = s.trace;
        d.key(GLFW_KEY_O, GLFW_MOD_CONTROL);
        said << "open dialog\t" << dialog() << "\n";
        type_and_enter(truncated, true);
        said << "failed open: dialog\t" << dialog() << "\nfailed open: says\t" << s.open_task.failure << "\nfailed open: trace kept\t"
             << (s.trace == before ? "yes" : "no") << "\n";
        if (std::string err = d.shoot(out + "/open-failed.png"); !err.empty()) return fail(err);
        type_and_enter(saved);
        said << "good open: dialog\t" << dialog() << "\ngood open: status\t" << s.status << "\n";
        // Esc closes what is open, the topmost first: the help window, then presentation mode.
        d.key(GLFW_KEY_F5);
        d.key(GLFW_KEY_F1);
        said << "F5, F1: help\t" << (app.help_window ? "open" : "closed") << "\n";
        d.key(GLFW_KEY_ESCAPE);
        said << "Esc: help\t" << (app.help_window ? "open" : "closed") << "\nEsc: presenting\t" << (app.layout.presentation ? "yes" : "no")
             << "\n";
        d.key(GLFW_KEY_ESCAPE);
        said << "Esc again: presenting\t" << (app.layout.presentation ? "yes" : "no") << "\n";
        said.close();
        return 0;
    });
}

namespace {

// The legibility check's layouts: presenting (F5, the controls hidden) at 1280x720 and 1920x1080,
// the book's small runs at every step, as a lecturer shows them.
struct LegibleCase {
    const char* name;
    Algorithm algorithm;
    const char* preset;
    Tab tab = Tab::steps;
    int section = 0;
    bool last_step_only = false;
    Algorithm second = Algorithm::brent_kung;
    bool racy = false;  // warps of 4 in order: wrong, with its want row
    int larger = 0;  // Ctrl+= pressed this many times (the presentation's text 1.1 times larger each)
    bool controls = false;  // Ctrl+B: the controls shown beside the lesson
    bool exercises = false;  // Ctrl+E: the exercises shown beside the lesson
};

// A value the class cannot read: left out for want of room, out of sight, or its digits under `least` pixels tall.
void value_problem(const ValueSize& v, float least, std::vector<TextProblem>& found) {
    if (v.laid_out == 0)
        found.push_back({"", "value left out", v.text, v.x, v.y});
    else if (v.measured == 0)
        found.push_back({"", "value out of sight", v.text, v.x, v.y});
    else if (v.measured < least)
        found.push_back({"", "value at " + std::to_string(int(v.measured)) + " px, under " + std::to_string(int(least)), v.text, v.x, v.y});
}

// Every value a view drew in this frame with digits no less than `least` pixels tall on screen (the
// ink measured, layout_check.hpp), and in sight (a run of up to 16 elements leaves none out); the explanation at three lines or more, the step diagram with
// its rows in sight (all of them; at 1280x720, at least three around the current step with the line that
// says how many), the Counts chart at its height, every lane of the events timeline named.
// `every_row`: a run of up to 16 elements shows every row of its step diagram (1920x1080).
// Returns the smallest digits measured (0: none).
float check_legibility(const App& app, float least, float chart_least, bool every_row, std::vector<TextProblem>& found) {
    auto problem = [&](const std::string& what, const std::string& text, float x = 0, float y = 0) {
        found.push_back({"", what, text, x, y});
    };
    const std::vector<ValueSize> values = measure_values(ImGui::GetDrawData());
    // Every view of a lock-step run shows values (its array, Figure 9.10): none noted means nothing
    // measured. (The Counts tab's chart is checked by its height; a single-pass scan's tiles have
    // no values until a block has scanned.)
    if (values.empty() && app.layout.tab != Tab::counts && !is_event_trace(app.session.trace->trace))
        problem("no values noted", "the frame's values");
    float smallest = 0;
    for (const ValueSize& v : values) {
        if (v.measured > 0) smallest = smallest == 0 ? v.measured : std::min(smallest, v.measured);
        value_problem(v, least, found);
    }
    const WindowRoom explain = window_room("Explain this step/explanation_");
    if (!explain.drawn || explain.lines < 3)
        problem("hidden", "the explanation (" + std::to_string(explain.lines).substr(0, 3) + " lines)");
    if (app.layout.tab == Tab::steps) {
        const StepViewState& v = app.step_view;
        if (is_event_trace(app.session.trace->trace)) {
            if (v.timeline_lanes_named < v.timeline_lanes)
                problem("hidden", "lane names of the events timeline (" + std::to_string(v.timeline_lanes_named) + " of " +
                                      std::to_string(v.timeline_lanes) + ")");
        } else {
            const WindowRoom diagram = window_room("Trace/diagram_");
            const size_t wanted = every_row && app.session.trace->trace.n <= 16 ? v.diagram_rows : std::min<size_t>(3, v.diagram_rows);
            if (!diagram.drawn || diagram.scrolls_y || v.diagram_rows_shown < wanted)
                problem("hidden", "rows of the step diagram (" + std::to_string(v.diagram_rows_shown) + " of " +
                                      std::to_string(v.diagram_rows) + ")");
            if (const WindowRoom array = window_room("Trace/array_"); !array.drawn || array.scrolls_y)
                problem("hidden", "rows of the array view");
        }
    }
    if (app.layout.tab == Tab::counts && app.counts_panel.chart_height < chart_least)
        problem("hidden", "the chart, " + std::to_string(int(app.counts_panel.chart_height)) + " px tall");
    return smallest;
}

// A checked frame's problems, a line each on stdout, and its pixels as OUT/WHERE.png when it has
// any (or when `picture` asks for it); how many problems it had.
int report_frame(App& app, GlSurface& surface, const std::string& out, const std::string& where, const std::vector<TextProblem>& found,
                 bool picture) {
    for (const TextProblem& p : found)
        std::cout << where << "\t" << p.what << "\t" << p.window << "\t'" << p.text << "'\tat " << int(p.x) << "," << int(p.y) << "\n";
    if (!found.empty() || picture) {
        std::string name = where;
        std::replace(name.begin(), name.end(), ' ', '-');
        frame(app, surface, 1.0 / 60);
        surface.write_png(out + "/" + name + ".png");
    }
    return int(found.size());
}

}  // namespace

int run_legibility_check(const std::string& out, bool pictures, int& frames_checked) {
    const LegibleCase cases[] = {
        {"Figure 9.10", Algorithm::hierarchical, "fig9.10"},
        {"Kogge-Stone 8", Algorithm::kogge_stone, "slides-t0"},
        {"Kogge-Stone 16", Algorithm::kogge_stone, "fig9.10", Tab::steps, 16},
        {"Brent-Kung 16", Algorithm::brent_kung, "fig9.10", Tab::steps, 16},
        {"racy", Algorithm::kogge_stone_racy, "fig9.10", Tab::steps, 16, true, Algorithm::brent_kung, true},
        {"Compare Kogge-Stone with Brent-Kung", Algorithm::kogge_stone, "fig9.10", Tab::compare, 16},
        {"Counts", Algorithm::kogge_stone, "fig9.10", Tab::counts, 16, true},
        {"domino 16 in sections of 4", Algorithm::domino, "fig9.10", Tab::steps, 4},
        {"look-back 16 in sections of 4", Algorithm::decoupled_lookback, "fig9.10", Tab::steps, 4},
        // What a lecturer does presenting: the text larger (Ctrl+= once and twice), the controls
        // or the exercises shown beside the lesson (Ctrl+B, Ctrl+E).
        {"Figure 9.10 with Ctrl+=", Algorithm::hierarchical, "fig9.10", Tab::steps, 0, true, Algorithm::brent_kung, false, 1},
        {"Figure 9.10 with Ctrl+= twice", Algorithm::hierarchical, "fig9.10", Tab::steps, 0, true, Algorithm::brent_kung, false, 2},
        {"Kogge-Stone 16 with Ctrl+=", Algorithm::kogge_stone, "fig9.10", Tab::steps, 16, true, Algorithm::brent_kung, false, 1},
        {"Figure 9.10 with Ctrl+B", Algorithm::hierarchical, "fig9.10", Tab::steps, 0, true, Algorithm::brent_kung, false, 0, true},
        {"Kogge-Stone 16 with Ctrl+B", Algorithm::kogge_stone, "fig9.10", Tab::steps, 16, true, Algorithm::brent_kung, false, 0, true},
        {"Figure 9.10 with Ctrl+E", Algorithm::hierarchical, "fig9.10", Tab::steps, 0, true, Algorithm::brent_kung, false, 0, false, true},
    };
    const int sizes[][2] = {{1280, 720}, {1920, 1080}};
    int problems = 0;
    for (const auto& size : sizes)
        for (const LegibleCase& c : cases) {
            App app;
            app.layout.presentation = true;
            app.tab_request = c.tab;
            app.show_banner = true;
            app.counts_panel.chart = 1;  // Counts: the additions so far, the chart with a note under it
            for (int i = 0; i < c.larger; ++i) change_font_scale(app, 1.1f);
            app.controls_in_presentation = c.controls;
            app.layout.show_exercises = c.exercises;
            std::string why;
            std::unique_ptr<GlSurface> surface = GlSurface::open_offscreen(size[0], size[1], why);
            if (!surface) return fail(why);
            if (const std::string e = init_imgui(app, *surface); !e.empty()) return fail(e);
            Form& f = app.session.form;
            f.backend = BackendChoice::cpu;
            f.request.algorithm = c.algorithm;
            f.request.section = c.section;
            f.input.preset = c.preset;
            f.compare_algorithm = c.second;
            if (c.racy) {
                f.request.warp_width = 4;
                f.request.schedule = *parse_schedule("in-order");
            }
            app.session.load_fig910();
            app.session.run();
            app.session.wait();
            // Digits 14 px tall at 1280x720 and 20 px at 1920x1080, as measured on the drawn glyphs.
            const float least = size[1] >= 1080 ? 20.0f : 14.0f, chart_least = 240.0f * float(size[1]) / 720.0f;
            // Every step at both sizes (the frames are laid out, not rasterized: a few milliseconds each).
            // Stepped with the Right key's command, so Compare runs on to the longer run's end.
            app.session.stepping_both = c.tab == Tab::compare;
            const size_t steps = std::max(app.session.step_count(), app.session.compare ? app.session.compare->trace.steps.size() : 0);
            if (c.last_step_only)
                app.session.last_step();
            else
                app.session.first_step();
            float smallest = 0;  // the smallest digits of every frame of the case
            for (size_t k = c.last_step_only ? steps - 1 : 0; k < steps; ++k) {
                if (k > 0 && !c.last_step_only) app.session.step_forward();
                for (int i = 0; i < (k == 0 || c.last_step_only ? 5 : 2); ++i) {
                    app.session.wait();
                    frame(app, *surface, 1.0 / 60, false);  // the draw data only: no pixels
                }
                std::vector<TextProblem> found = find_text_problems(ImGui::GetDrawData());
                if (const float s = check_legibility(app, least, chart_least, size[1] >= 1080, found); s > 0)
                    smallest = smallest == 0 ? s : std::min(smallest, s);
                const std::string where = std::to_string(size[0]) + "x" + std::to_string(size[1]) + " presentation " + c.name + " step " +
                                          std::to_string(app.session.step + app.session.compare_extra);
                problems += report_frame(app, *surface, out, where, found, pictures && k + 1 == steps);
                ++frames_checked;
            }
            // What a class sees: the smallest digits of the case, to the tenth of a pixel.
            std::cout << "smallest digits\t" << size[0] << "x" << size[1] << " presentation " << c.name << "\t" << std::fixed
                      << std::setprecision(1) << smallest << " px\n"
                      << std::defaultfloat;
            shutdown_imgui(*surface);
        }
    return problems;
}

// Presenting beside the lesson (F5 with the Lesson panel open), each slide of the chapter 9 lesson
// that shows Figure 9.10, at 1280x720 and 1920x1080: every value of the figure in sight with digits
// as tall as the legibility check asks of the trace, and no text clipped or overlapped. Adds the
// frames checked to `frames_checked`; returns the problems found.
int check_lesson_figure_slides(const std::string& out, bool pictures, int& frames_checked) {
    const int sizes[][2] = {{1280, 720}, {1920, 1080}};
    int problems = 0;
    for (const auto& size : sizes) {
        App app;
        app.layout.presentation = true;
        app.show_banner = true;
        std::string why;
        std::unique_ptr<GlSurface> surface = GlSurface::open_offscreen(size[0], size[1], why);
        if (!surface) return fail(why);
        if (const std::string e = init_imgui(app, *surface); !e.empty()) return fail(e);
        app.session.form.backend = BackendChoice::cpu;
        if (!open_lesson(app, std::string(SCANLAB_LESSONS) + "/chapter9.md")) return fail(app.lesson.error);
        const float least = size[1] >= 1080 ? 20.0f : 14.0f;
        for (size_t k = 0; k < app.lesson.slides.size(); ++k) {
            if (app.lesson.lesson->slides[k].view != "fig9.10") continue;
            app.lesson.go(k, app.session);
            for (int i = 0; i < 6; ++i) {  // the run, the layout built again, the figure's tab in front
                app.session.wait();
                frame(app, *surface, 1.0 / 60, false);
            }
            std::vector<TextProblem> found = find_text_problems(ImGui::GetDrawData());
            const std::vector<ValueSize> values = measure_values(ImGui::GetDrawData());
            if (const WindowRoom figure = window_room("Figure 9.10"); !figure.drawn || figure.scrolls_x || figure.scrolls_y)
                found.push_back({"Figure 9.10", "hidden", "the figure's rows (it scrolls or is not drawn)", 0, 0});
            if (values.empty()) found.push_back({"Figure 9.10", "no values noted", "the figure's values", 0, 0});
            for (const ValueSize& v : values) value_problem(v, least, found);
            const std::string where = std::to_string(size[0]) + "x" + std::to_string(size[1]) + " presentation lesson slide " +
                                      std::to_string(k + 1) + " Figure 9.10";
            problems += report_frame(app, *surface, out, where, found, pictures);
            ++frames_checked;
        }
        shutdown_imgui(*surface);
    }
    return problems;
}

// The first layout, the Your kernel panel opened and closed again: every panel back where it was
// (closing it left the figure, the explanation and the source as tabs in a third of the column).
int check_kernel_round_trip(const std::string& out, int width, int height) {
    App app;
    app.show_banner = true;
    std::string why;
    std::unique_ptr<GlSurface> surface = GlSurface::open_offscreen(width, height, why);
    if (!surface) return fail(why), 1;
    if (const std::string e = init_imgui(app, *surface); !e.empty()) return fail(e), 1;
    app.session.load_fig910();
    app.session.run();
    auto settle = [&] {
        for (int i = 0; i < 6; ++i) {
            app.session.wait();
            frame(app, *surface, 1.0 / 60, false);
        }
    };
    const char* panels[] = {"Controls", "Trace", "Figure 9.10", "Explain this step"};
    auto places = [&] {
        std::vector<WindowRoom> at;
        for (const char* p : panels) at.push_back(window_room(p));
        return at;
    };
    settle();
    const std::vector<WindowRoom> before = places();
    app.layout.show_your_kernel = true;
    settle();
    app.layout.show_your_kernel = false;
    settle();
    const std::vector<WindowRoom> after = places();
    std::vector<TextProblem> found;
    for (size_t i = 0; i < before.size(); ++i) {
        const WindowRoom &a = before[i], &b = after[i];
        if (a.drawn != b.drawn || std::abs(a.x - b.x) > 1 || std::abs(a.y - b.y) > 1 || std::abs(a.width - b.width) > 1 ||
            std::abs(a.height - b.height) > 1)
            found.push_back({panels[i], "moved",
                             std::to_string(int(a.width)) + "x" + std::to_string(int(a.height)) + " became " +
                                 std::to_string(int(b.width)) + "x" + std::to_string(int(b.height)),
                             b.x, b.y});
    }
    const int problems = report_frame(
        app, *surface, out, std::to_string(width) + "x" + std::to_string(height) + " normal after your kernel closed", found, false);
    shutdown_imgui(*surface);
    return problems;
}

namespace {

// One frame of the layout check: a mode, a tab, and what is open and run in it.
struct LayoutCase {
    bool presenting;
    Tab tab;
    int sampled_step = -1;  // -1: Figure 9.10's trace; else this step of the sampled trace
    bool racy = false;  // kogge-stone-racy on Figure 9.10's input, warps of 4 in order: wrong, with hazards
    int exercise = 0;  // the Exercises panel open on this exercise (0: closed)
    bool events = false;  // the domino scan of 64 random values in sections of 8, blocks in a random order
    bool kernel = false;  // the Your kernel panel open on Exercise 4's starter, run with its input
};

std::vector<LayoutCase> layout_cases() {
    std::vector<LayoutCase> cases;
    for (const bool presenting : {false, true})
        for (const TabInfo& tab : kTabs) cases.push_back({presenting, tab.tab});
    for (const int step : {3, 31}) cases.push_back({true, Tab::steps, step});
    for (const Tab tab : {Tab::steps, Tab::compare}) cases.push_back({true, tab, -1, true});
    // The Exercises panel on exercise 6 (the widest answer) and on the two that print a kernel
    // listing (4, 5), at the sizes screenshots are taken at.
    for (const int exercise : {4, 5, 6})
        for (const bool presenting : {false, true}) cases.push_back({presenting, Tab::steps, -1, false, exercise});
    // An event-scheduled scan's tiles view in both modes, and its per-tile counts presenting.
    for (const bool presenting : {false, true}) cases.push_back({presenting, Tab::steps, -1, false, 0, true});
    cases.push_back({true, Tab::counts, -1, false, 0, true});
    for (const bool presenting : {false, true}) cases.push_back({presenting, Tab::steps, -1, false, 0, false, true});
    return cases;
}

// The case's runs, done, at its step; the layout settled over its first frames. Empty, else
// the sentence that says what failed.
std::string prepare_layout_case(App& app, const LayoutCase& c, GlSurface& surface) {
    app.session.load_fig910();
    if (c.racy) {
        app.session.form.request.algorithm = Algorithm::kogge_stone_racy;
        app.session.form.request.warp_width = 4;
        app.session.form.request.schedule = *parse_schedule("in-order");
    }
    if (c.events) {
        app.session.form.request.algorithm = Algorithm::domino;
        app.session.form.request.section = 8;
        app.session.form.request.block_schedule = *parse_block_schedule("random:3");
        app.session.form.input.source = InputSpec::Source::random;
        app.session.form.input.random_n = 64;
    }
    app.session.run();
    if (c.exercise > 0) {
        app.layout.show_exercises = true;
        app.session.exercises.select(c.exercise, BackendChoice::cpu);
    }
    app.session.wait();
    if (c.kernel) {
        app.layout.show_your_kernel = true;
        app.session.your_kernel.try_exercise(app.session, 4);
        app.session.your_kernel.run(app.session);
        app.session.wait();
    }
    if (c.racy) app.session.go_to(1);  // stride 1: three hazards
    if (c.events) app.session.go_to(9);  // a block passes the prefix on while two others wait
    if (c.sampled_step >= 0) {
        SampledForm& f = app.session.sampled_form;
        f.n = int64_t(1) << 22;
        f.section = 64;
        f.block = 40;
        app.session.trace_sampled();
        app.session.wait();
        frame(app, surface, 1.0 / 60, false);  // takes in the finished trace
        app.session.wait();
        if (!app.session.sampled_trace || app.session.trace != app.session.sampled_trace)
            return "the sampled trace did not arrive: " + app.session.sampled_error;
        app.tab_request = c.tab;
        app.session.go_to(size_t(c.sampled_step));
    }
    // The dock layout, the tab and the zoom settle over the first frames.
    for (int i = 0; i < 5; ++i) {
        app.session.wait();
        frame(app, surface, 1.0 / 60, false);  // the draw data only: no pixels
    }
    return "";
}

std::string layout_case_name(const LayoutCase& c, int width, int height) {
    std::string where =
        std::to_string(width) + "x" + std::to_string(height) + (c.presenting ? " presentation " : " normal ") + tab_name(c.tab);
    if (c.sampled_step >= 0) where += " sampled step " + std::to_string(c.sampled_step);
    if (c.racy) where += " racy step 1";
    if (c.events) where += " domino step 9";
    if (c.exercise > 0) where += " exercise " + std::to_string(c.exercise);
    if (c.kernel) where += " your kernel";
    return where;
}

// The frame's text problems, and what the lecture needs that is not whole in sight.
std::vector<TextProblem> layout_problems(const LayoutCase& c, int width) {
    std::vector<TextProblem> found = find_text_problems(ImGui::GetDrawData());
    auto missing = [&](const std::string& what) { found.push_back({"", "hidden", what, 0, 0}); };
    if (c.tab == Tab::steps && c.events) {
        const WindowRoom tiles = window_room("Trace/tiles_"), events = window_room("Trace/events_");
        if (!tiles.drawn)
            missing("the tiles view");
        else if (tiles.scrolls_y || tiles.scrolls_x)
            missing("rows of the tiles view (it scrolls)");
        if (!events.drawn) missing("the timeline of events");
    } else if (c.tab == Tab::steps) {
        const WindowRoom array = window_room("Trace/array_"), diagram = window_room("Trace/diagram_");
        if (!array.drawn)
            missing("the array view");
        else if (array.scrolls_y)
            missing("rows of the array view (it scrolls)");
        if (!diagram.drawn || diagram.lines < 0.9f) missing("the step diagram");
        // The first layout at the sizes a class uses: every row of Figure 9.10 in sight.
        if (!c.presenting && !c.kernel && c.exercise == 0 && width >= 1280)
            if (const WindowRoom figure = window_room("Figure 9.10"); !figure.drawn || figure.scrolls_y)
                missing("rows of Figure 9.10 (it scrolls)");
    }
    if (const WindowRoom explain = window_room("Explain this step/explanation_"); !explain.drawn || explain.lines < 3)
        missing("the explanation (" + std::to_string(explain.lines).substr(0, 3) + " lines)");
    return found;
}

}  // namespace

// CI's layout test: at each size a classroom uses, in normal and presentation mode, every tab of
// the trace panel beside the Figure 9.10, explanation and source panes (the first layout), drawn
// off screen; then, presenting, the step view of a sampled trace (a block of N = 2^22 in sections
// of 64, at a step of kernel 1 and at the tallest step, kernel 3 adding S^2's sums with three
// rows) with the emulation's banner, and a racy run's step with hazards and its comparison; and
// at 1280x720 and 1920x1080, in both modes, the Exercises panel open on exercise 6; and the tiles
// view (both modes) and per-tile counts (presenting) of an event-scheduled scan; and at 1280x720 and
// 1920x1080, in both modes, the Your kernel panel with Exercise 4's starter run. Each frame's
// text is checked (layout_check.hpp), and so is
// what the lecture needs whole: every row of the array view (no vertical scrolling), some of the
// step diagram, at least three lines of the explanation. Every problem is listed on stdout, with a
// PNG of each frame that has one.
int run_layout_check(const std::vector<std::string>& args) {
    const std::string out = smoke_out_dir(args);
    if (out.empty()) return fail("--check-layout needs --out DIR");
    note_values_drawn(true);  // the legibility pass measures every value the views lay out
    const int sizes[][2] = {{1024, 640}, {1280, 720}, {1366, 768}, {1920, 1080}};
    const std::vector<LayoutCase> cases = layout_cases();
    int problems = 0, frames_checked = 0;
    for (const auto& size : sizes)
        for (const LayoutCase& c : cases) {
            if ((c.exercise > 0 || c.kernel) && size[0] != 1280 && size[0] != 1920) continue;
            App app;
            app.layout.presentation = c.presenting;
            app.tab_request = c.tab;
            app.show_banner = true;
            std::string why;
            std::unique_ptr<GlSurface> surface = GlSurface::open_offscreen(size[0], size[1], why);
            if (!surface) return fail(why);
            if (const std::string e = init_imgui(app, *surface); !e.empty()) return fail(e);
            if (const std::string e = prepare_layout_case(app, c, *surface); !e.empty()) return fail(e);
            const std::vector<TextProblem> found = layout_problems(c, size[0]);
            problems += report_frame(app, *surface, out, layout_case_name(c, size[0], size[1]), found, false);
            ++frames_checked;
            shutdown_imgui(*surface);
        }
    for (const auto& size : sizes) problems += check_kernel_round_trip(out, size[0], size[1]);
    int legible_frames = 0;
    // --pictures: a PNG of each legibility case's last step too, problem or not (for looking at).
    const bool pictures = std::find(args.begin(), args.end(), "--pictures") != args.end();
    problems += run_legibility_check(out, pictures, legible_frames);
    problems += check_lesson_figure_slides(out, pictures, legible_frames);
    std::cout << "layout problems\t" << problems << "\nlayouts checked\t" << frames_checked << "\nlegibility frames checked\t"
              << legible_frames << "\n";
    return 0;
}

// CI's smoke test of the Lesson panel, by the keys a presenter's remote sends: the chapter 9 lesson
// opened, PageDown twice, B (black screen) and B again, PageUp; what happened is written to
// lesson.txt, with a PNG of the black screen and one of the slide.
namespace {

// The first slide of the open lesson that points at `point` in `view` (any view where empty); or,
// where `point` is "play", the first whose steps are a range it plays.
size_t slide_pointing(const LessonPlayer& l, const std::string& view, const std::string& point) {
    for (size_t k = 0; k < l.slides.size(); ++k) {
        const Slide& s = l.lesson->slides[k];
        if (point == "play" ? l.slides[k].first_step >= 0 : s.point == point && (view.empty() || s.view == view)) return k;
    }
    return l.slides.size();
}

// Each kind of view a slide opens, as it opens: the tab or panel in front, what it points at
// (outlined), a range of steps played to its end; written as "slide-KIND.png", and said.
std::string shoot_slide_views(App& app, SmokeDriver& d, const std::string& out, std::ofstream& said) {
    const char* kinds[][3] = {{"cells", "steps", "cells"},  {"row", "steps", "row"}, {"lines", "source", "lines"},
                              {"figure", "fig9.10", "row"}, {"play", "", "play"},    {"kernel", "kernel", ""}};
    for (const auto& [kind, view, point] : kinds) {
        size_t k = slide_pointing(app.lesson, view, point);
        if (std::string(kind) == "kernel")
            for (k = 0; k < app.lesson.slides.size() && app.lesson.slides[k].view != "kernel"; ++k) {}
        if (k >= app.lesson.slides.size()) return std::string("chapter9.md has no slide for ") + kind;
        app.lesson.go(k, app.session);
        d.draw_while([&] { return app.session.working() || app.session.playing; });
        for (int i = 0; i < 3; ++i) d.draw();  // a panel brought in front takes a frame
        const std::optional<LessonPointer> ptr = app.lesson.pointer(app.session);
        const auto in_front = [](const char* name) {
            const ImGuiWindow* w = ImGui::FindWindowByName(name);
            return w && (w->DockIsActive ? w->DockTabIsVisible : !w->Hidden);
        };
        said << "slide " << kind << "\tslide " << k + 1 << " tab " << tab_name(app.layout.tab) << " step " << app.session.step << " points "
             << (ptr ? ptr->view + " " + ptr->point + " " + std::to_string(ptr->from) : "none")
             << (in_front("Figure 9.10") ? " figure in front" : "") << (in_front("Source") ? " source in front" : "")
             << (app.layout.show_your_kernel ? " your kernel shown" : "") << "\n";
        if (std::string err = d.shoot(out + "/slide-" + kind + ".png"); !err.empty()) return err;
        if (std::string(kind) == "figure") {  // presenting, the slide opened again (PageDown in class)
            d.key(GLFW_KEY_F5);
            for (int i = 0; i < 3; ++i) d.draw();
            app.lesson.go(k - 1, app.session);
            app.lesson.next(app.session);
            d.draw_while([&] { return app.session.working(); });
            for (int i = 0; i < 4; ++i) d.draw();
            if (std::string err = d.shoot(out + "/slide-figure-presenting.png"); !err.empty()) return err;
            d.key(GLFW_KEY_ESCAPE);
        }
    }
    return "";
}

}  // namespace

int run_smoke_test_lesson(const std::vector<std::string>& args) {
    // --size WxH: the window's size (1280x720 by default), for the slides' pictures at another.
    int width = 1280, height = 720;
    for (size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--size" && std::sscanf(args[i + 1].c_str(), "%dx%d", &width, &height) != 2)
            return fail("--size expects WIDTHxHEIGHT");
    return in_smoke_window(args, "--smoke-test-lesson", width, height, true, [](App& app, SmokeDriver& d, const std::string& out) {
        if (!app.lesson.open(std::string(SCANLAB_LESSONS) + "/chapter9.md")) return fail(app.lesson.error);
        app.show_lesson = true;
        app.lesson.go(0, app.session);
        d.draw_while([&] { return app.session.working(); });
        std::ofstream said(out + "/lesson.txt");
        const auto place = [&](const char* after) {
            d.draw_while([&] { return app.session.working(); });
            d.draw();
            said << after << "\tslide " << app.lesson.slide + 1 << " step " << app.session.step << " "
                 << (app.session.trace ? std::string(name(app.session.trace->trace.algorithm)) : "none") << "\n";
        };
        d.key(GLFW_KEY_PAGE_DOWN);
        place("page down");
        d.key(GLFW_KEY_PAGE_DOWN);
        place("page down again");
        d.key(GLFW_KEY_B);
        said << "black\t" << (app.lesson.black ? "yes" : "no") << "\n";
        if (std::string err = d.shoot(out + "/black.png"); !err.empty()) return fail(err);
        d.key(GLFW_KEY_B);
        said << "black again\t" << (app.lesson.black ? "yes" : "no") << "\n";
        d.key(GLFW_KEY_PAGE_UP);
        place("page up");
        if (std::string err = d.shoot(out + "/lesson.png"); !err.empty()) return fail(err);
        if (std::string err = shoot_slide_views(app, d, out, said); !err.empty()) return fail(err);
        said.close();
        return 0;
    });
}

}  // namespace scanlab::gui
