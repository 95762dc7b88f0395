#pragma once
// Dear ImGui on a surface (a window, or EGL's off-screen image: gl_surface.hpp) and one frame,
// shared by the interactive app (main.cpp), the headless shot (shot.cpp) and the smoke tests
// (smoke_tests.cpp).
#include <string>
#include <vector>

#include "app/gui/app.hpp"

namespace scanlab::gui {

class GlSurface;

// Prints "scanlab: error: <sentence>" and returns the exit status 1.
int fail(const std::string& sentence);

// Dear ImGui on the surface: settings file, backends, fonts, theme. With a window its GLFW
// backend (and our key capture) feeds the input; on EGL only the OpenGL3 backend is there, and
// frame() sets the display size and the time step itself. Empty on success, else the sentence.
std::string init_imgui(App& app, const GlSurface& surface);
void shutdown_imgui(const GlSurface& surface);  // before the surface goes

// The panel layout kept in imgui.ini (nothing where app.config_dir is empty): read at start by
// init_imgui, saved whenever ImGui asks (io.WantSaveIniSettings) and at quit.
void load_panel_layout(App& app);
void save_panel_layout(App& app);

// One frame: take in finished work, lay out every panel, render into the surface (its
// off-screen image where it has one, whatever a window's size).
// `pixels` false: the frame is laid out and its draw data made, and the fonts' textures brought up
// to date, but nothing is rasterized (the layout check reads the draw data only; Mesa's software
// rasterizer is most of its time).
void frame(App& app, const GlSurface& surface, double dt, bool pixels = true);
// frame()'s two halves, which the web page times apart: the app's own work (finished work taken
// in, every panel laid out, the draw data made; no drawing), and the GL calls that bring the
// fonts' textures up to date and rasterize it, which in a browser can wait on its GPU process.
void lay_out_frame(App& app, const GlSurface& surface, double dt);
void render_frame(const GlSurface& surface);

// `scanlab shot` (shot.cpp) and CI's smoke tests (smoke_tests.cpp).
int run_shot(const std::vector<std::string>& args);
int run_export(const std::vector<std::string>& args);  // export/export_mode.cpp
int run_smoke_test_export(const std::vector<std::string>& args);  // export/export_smoke_test.cpp
int run_smoke_test(const std::vector<std::string>& args);
int run_smoke_test_live(const std::vector<std::string>& args);
int run_smoke_test_exercises(const std::vector<std::string>& args);
int run_smoke_test_lesson(const std::vector<std::string>& args);
// `--smoke-test-kernel --kernel FILE.cu --out DIR [--blocks FILE.cu]`: the last, a kernel of several
// blocks shown as tiles under a block schedule (smoke_tests.cpp).
int run_smoke_test_kernel(const std::vector<std::string>& args);
// The grading's shots, in the real window: `--smoke-test-grade --out DIR [--size WxH]
// [--presentation] [--kernel-dir DIR] [--ticket FILE.cu]` (smoke_tests.cpp).
int run_smoke_test_grade(const std::vector<std::string>& args);
int run_smoke_test_files(const std::vector<std::string>& args);
int run_layout_check(const std::vector<std::string>& args);  // --check-layout --out DIR

}  // namespace scanlab::gui
