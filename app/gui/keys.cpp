// Keyboard shortcuts. ImGui 1.86's GLFW backend indexes io.KeysDown by GLFW key codes.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>

#include "app.hpp"

namespace scanlab::gui {

void handle_shortcuts(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    Session& s = app.session;
    const bool ctrl = io.KeyCtrl;
    // Ctrl+Enter runs even from the input text box.
    if (ctrl && (ImGui::IsKeyPressed(GLFW_KEY_ENTER, false) || ImGui::IsKeyPressed(GLFW_KEY_KP_ENTER, false))) s.run();
    if (io.WantTextInput) return;
    if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) s.toggle_play();
    if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) {
        s.playing = false;
        s.step_forward();
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) {
        s.playing = false;
        s.step_back();
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_HOME, false)) s.first_step();
    if (ImGui::IsKeyPressed(GLFW_KEY_END, false)) s.last_step();
    if (ImGui::IsKeyPressed(GLFW_KEY_F5, false) ||
        (app.layout.presentation && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false))) {
        app.layout.presentation = !app.layout.presentation;
        apply_theme(app);
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_F12, false)) app.want_screenshot = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_F1, false)) app.help_window = !app.help_window;
    if (ctrl && ImGui::IsKeyPressed(GLFW_KEY_O, false)) app.open_dialog = true;
    if (ctrl && ImGui::IsKeyPressed(GLFW_KEY_S, false) && s.trace) app.save_dialog = true;
    if (ctrl && ImGui::IsKeyPressed(GLFW_KEY_B, false)) {
        bool& shown = app.layout.presentation ? app.controls_in_presentation : app.layout.show_controls;
        shown = !shown;
    }
    if (ctrl && ImGui::IsKeyPressed(GLFW_KEY_Q, false)) app.want_quit = true;
    if (!ctrl)
        for (int i = 0; i < 4; ++i)
            if (ImGui::IsKeyPressed(GLFW_KEY_1 + i, false)) app.tab_request = i;
    const bool plus = ImGui::IsKeyPressed(GLFW_KEY_EQUAL) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD);
    const bool minus = ImGui::IsKeyPressed(GLFW_KEY_MINUS) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT);
    if (plus) app.layout.cell_width = std::min(200.0f, app.layout.cell_width * 1.25f);
    if (minus) app.layout.cell_width = std::max(2.0f, app.layout.cell_width / 1.25f);
}

}  // namespace scanlab::gui
