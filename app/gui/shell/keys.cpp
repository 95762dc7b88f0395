// Keyboard shortcuts. Key presses are captured by a GLFW callback of our own (ImGui's backend
// chains to it), so a press and its release arriving between two frames still count: ImGui
// 1.86 only sees which keys are down when a frame starts.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <vector>

#include <imgui_internal.h>  // closing the open dropdowns

#include "app/gui/app.hpp"
#include "app/gui/panels/exercises_panel.hpp"
#include "app/gui/panels/widgets.hpp"
#include "app/gui/shell/frame.hpp"
#include "app/gui/shell/theme.hpp"

namespace scanlab::gui {
namespace {

struct Press {
    int key;
    int mods;
};
std::vector<Press> g_presses;

void on_key(GLFWwindow*, int key, int, int action, int mods) {
    if (action == GLFW_PRESS || action == GLFW_REPEAT) g_presses.push_back({key, mods});
}

void toggle_presentation(App& app) {
    app.layout.presentation = !app.layout.presentation;
    apply_theme(app);
}

// Ctrl with a key: the files, the panels, quitting and the text size.
void ctrl_shortcut(App& app, int key) {
    Session& s = app.session;
    switch (key) {
        case GLFW_KEY_O: app.open_dialog = true; break;
        case GLFW_KEY_S:
            if (s.trace) app.save_dialog = true;
            break;
        case GLFW_KEY_B: {
            bool& shown = app.layout.presentation ? app.controls_in_presentation : app.layout.show_controls;
            shown = !shown;
            break;
        }
        case GLFW_KEY_E: app.layout.show_exercises = !app.layout.show_exercises; break;
        case GLFW_KEY_K: app.layout.show_your_kernel = !app.layout.show_your_kernel; break;
        case GLFW_KEY_Q: app.want_quit = true; break;
        // Ctrl +/-/0: the text size (presenting: on top of scaling to the window).
        case GLFW_KEY_EQUAL:
        case GLFW_KEY_KP_ADD: change_font_scale(app, 1.1f); break;
        case GLFW_KEY_MINUS:
        case GLFW_KEY_KP_SUBTRACT: change_font_scale(app, 1 / 1.1f); break;
        case GLFW_KEY_0:
        case GLFW_KEY_KP_0: change_font_scale(app, 0); break;
    }
}

// A key alone: stepping and playing, the exercises' list, the lesson's slides, presenting, the
// tabs and the zoom.
void plain_shortcut(App& app, int key) {
    Session& s = app.session;
    switch (key) {
        case GLFW_KEY_SPACE: s.toggle_play(); break;
        case GLFW_KEY_RIGHT:
            s.playing = false;
            s.step_forward();
            break;
        case GLFW_KEY_LEFT:
            s.playing = false;
            s.step_back();
            break;
        case GLFW_KEY_UP:
        case GLFW_KEY_DOWN:
            if (app.exercises_panel.focused) select_next_exercise(app, key == GLFW_KEY_DOWN ? 1 : -1);
            break;
        case GLFW_KEY_ENTER:
        case GLFW_KEY_KP_ENTER:
            if (app.exercises_panel.focused) open_selected_exercise_run(app);
            break;
        case GLFW_KEY_PAGE_DOWN: app.lesson.next(s); break;
        case GLFW_KEY_PAGE_UP: app.lesson.back(s); break;
        case GLFW_KEY_B:
            if (app.lesson.is_open()) app.lesson.black = !app.lesson.black;
            break;
        case GLFW_KEY_HOME: s.first_step(); break;
        case GLFW_KEY_END: s.last_step(); break;
        case GLFW_KEY_F5: toggle_presentation(app); break;
        case GLFW_KEY_ESCAPE:
            if (app.layout.presentation) toggle_presentation(app);
            break;
        case GLFW_KEY_F12: app.want_screenshot = true; break;
        case GLFW_KEY_F1: app.help_window = !app.help_window; break;
        case GLFW_KEY_1:
        case GLFW_KEY_2:
        case GLFW_KEY_3:
        case GLFW_KEY_4: app.tab_request = kTabs[key - GLFW_KEY_1].tab; break;
        case GLFW_KEY_EQUAL:
        case GLFW_KEY_KP_ADD: zoom_by_hand(app, 1.25f); break;
        case GLFW_KEY_MINUS:
        case GLFW_KEY_KP_SUBTRACT: zoom_by_hand(app, 1 / 1.25f); break;
    }
}

}  // namespace

void install_key_capture(GLFWwindow* window) { glfwSetKeyCallback(window, on_key); }

void capture_key_press(int glfw_key, int mods) { g_presses.push_back({glfw_key, mods}); }

void handle_shortcuts(App& app) {
    std::vector<Press> presses;
    presses.swap(g_presses);
    const bool typing = ImGui::GetIO().WantTextInput;
    Session& s = app.session;
    app.enter_pressed = app.escape_pressed = false;
    if (!presses.empty()) app.first_run_hint = false;
    for (const Press& p : presses) {
        const bool ctrl = (p.mods & GLFW_MOD_CONTROL) != 0;
        if (!ctrl && (p.key == GLFW_KEY_ENTER || p.key == GLFW_KEY_KP_ENTER)) app.enter_pressed = true;
        if (p.key == GLFW_KEY_ESCAPE) {
            app.escape_pressed = true;
            // Esc closes what is open, the topmost first: a dropdown or a menu (a dialog closes
            // itself), then the help window; only then does it leave presentation mode.
            if (ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId) && !ImGui::GetTopMostPopupModal()) {
                ImGui::ClosePopupsExceptModals();
                continue;
            }
            if (app.help_window && !typing && !ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId)) {
                app.help_window = false;
                continue;
            }
        }
        // Ctrl+Enter runs even from the input text box.
        if (ctrl && (p.key == GLFW_KEY_ENTER || p.key == GLFW_KEY_KP_ENTER)) {
            if (app.your_kernel_panel.focused)
                s.your_kernel.run(s);  // the Your kernel panel's Run
            else
                s.commit_input();
            continue;
        }
        // The Your kernel panel's files while it has focus (its editor takes no Ctrl+O or Ctrl+S).
        if (ctrl && app.your_kernel_panel.focused && !ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId) &&
            (p.key == GLFW_KEY_O || p.key == GLFW_KEY_S)) {
            if (p.key == GLFW_KEY_O)
                app.your_kernel_panel.open_dialog = true;
            else if (s.your_kernel.path.empty())
                app.your_kernel_panel.save_dialog = true;
            else
                s.your_kernel.save(s, s.your_kernel.path);
            continue;
        }
        // Typing, or a dialog open: the keys belong to it.
        if (typing || ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId)) continue;
        if (ctrl) {
            ctrl_shortcut(app, p.key);
            continue;
        }
        // A click in this frame may have just given a text field the keyboard (WantTextInput says so
        // only from the next frame): a key that types a character is left to the field.
        const bool types =
            p.key == GLFW_KEY_SPACE || (p.key >= GLFW_KEY_0 && p.key <= GLFW_KEY_9) || p.key == GLFW_KEY_EQUAL || p.key == GLFW_KEY_MINUS;
        if (types && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) continue;
        plain_shortcut(app, p.key);
    }
}

}  // namespace scanlab::gui
