#pragma once
// The frame: menu bar, banner, columns, status bar (layout.cpp); keyboard shortcuts (keys.cpp).

struct GLFWwindow;

namespace scanlab::gui {

struct App;

void draw_frame(App& app);
void handle_shortcuts(App& app);
void install_key_capture(GLFWwindow* window);  // before ImGui's GLFW backend, which chains to it
void capture_key_press(int glfw_key, int mods);  // a press with no window (the smoke tests on EGL)

}  // namespace scanlab::gui
