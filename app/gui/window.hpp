#pragma once
// The window and its frame, shared by the interactive app (main.cpp), the headless shot
// (shot.cpp) and the smoke tests (smoke_tests.cpp).
#include <string>
#include <vector>

#include "app.hpp"

struct GLFWwindow;

namespace scanlab::gui {

// Prints "scanlab: error: <sentence>" and returns the exit status 1.
int fail(const std::string& sentence);

// The window and its OpenGL 3.3 context, or null with a sentence on why there is none.
GLFWwindow* open_window(int width, int height, bool visible, std::string& why);
// Dear ImGui on the window: settings file, key capture, backends, fonts, theme.
void init_imgui(App& app, GLFWwindow* w);
void shutdown(GLFWwindow* w);

// One frame: take in finished work, lay out every panel, render into the bound framebuffer.
// fixed_w/fixed_h > 0: an off-screen framebuffer of that size, whatever the window's.
void frame(App& app, GLFWwindow* w, double dt, int fixed_w = 0, int fixed_h = 0);

// `scanlab shot` (shot.cpp) and CI's smoke tests (smoke_tests.cpp).
int run_shot(const std::vector<std::string>& args);
int run_smoke_test(const std::vector<std::string>& args);
int run_smoke_test_live(const std::vector<std::string>& args);

}  // namespace scanlab::gui
