// The window (GLFW, OpenGL 3.3 core), Dear ImGui on it, and one frame of the app.
#include "window.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <cstdlib>
#include <iostream>

namespace scanlab::gui {
namespace {

std::string g_glfw_error;
void on_glfw_error(int, const char* description) { g_glfw_error = description ? description : ""; }

}  // namespace

int fail(const std::string& sentence) {
    std::cerr << "scanlab: error: " << sentence << "\n";
    return 1;
}

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

void frame(App& app, GLFWwindow* w, double dt, int fixed_w, int fixed_h) {
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

}  // namespace scanlab::gui
