// Dear ImGui on a surface (a window or EGL's off-screen image), and one frame of the app.
#include "app/gui/shell/window.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <glad/gl.h>
#include <implot.h>

#include <iostream>

#include "app/gui/surface/gl_surface.hpp"

namespace scanlab::gui {

int fail(const std::string& sentence) {
    std::cerr << "scanlab: error: " << sentence << "\n";
    return 1;
}

std::string init_imgui(App& app, const GlSurface& surface) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImPlot::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    static std::string ini;
    if (app.config_dir.empty()) {
        io.IniFilename = nullptr;
    } else {
        ini = app.config_dir + "/imgui.ini";
        io.IniFilename = ini.c_str();
    }
    io.ConfigFlags |= ImGuiConfigFlags_DockingEnable;  // panels can be moved, resized, hidden
    if (surface.window()) {
        install_key_capture(surface.window());
        ImGui_ImplGlfw_InitForOpenGL(surface.window(), true);
    } else {
#ifdef IMGUI_HAS_VIEWPORT
        io.ConfigFlags &= ~ImGuiConfigFlags_ViewportsEnable;  // windows of their own need a platform backend
#endif
    }
    // Its loader opens libGL.so.1, whose libglvnd entry points reach an EGL context as a GLX one.
    if (!ImGui_ImplOpenGL3_Init("#version 150"))
        return "Dear ImGui's OpenGL renderer could not load OpenGL from libGL.so.1: install libgl1 (libglvnd) or a GPU driver's";
    load_fonts(app);
    apply_theme(app);
    return "";
}

void shutdown_imgui(const GlSurface& surface) {
    ImGui_ImplOpenGL3_Shutdown();
    if (surface.window()) ImGui_ImplGlfw_Shutdown();
    ImPlot::DestroyContext();
    ImGui::DestroyContext();
}

void frame(App& app, const GlSurface& surface, double dt) {
    app.session.poll(dt);
    ImGui_ImplOpenGL3_NewFrame();
    if (surface.window()) ImGui_ImplGlfw_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    int fw = 0, fh = 0;
    surface.size(fw, fh);
    if (surface.offscreen()) {
        io.DisplaySize = ImVec2(float(fw), float(fh));
        io.DisplayFramebufferScale = ImVec2(1, 1);
    }
    if (!surface.window()) io.DeltaTime = float(dt > 0 ? dt : 1.0 / 60);
    // The text size follows the window (presenting) and Ctrl +/-; spacing is scaled with it.
    app.font_size = font_size_for(app.layout, io.DisplaySize.x, io.DisplaySize.y);
    if (app.font_size != app.themed_font_size) apply_theme(app);
    ImGui::NewFrame();
    if (!app.headless) handle_shortcuts(app);
    draw_frame(app);
    ImGui::Render();
    glViewport(0, 0, fw, fh);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace scanlab::gui
