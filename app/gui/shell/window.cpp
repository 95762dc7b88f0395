// Dear ImGui on a surface (a window or EGL's off-screen image), and one frame of the app.
#include "app/gui/shell/window.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <glad/gl.h>
#include <implot.h>

#include <iostream>

#include "app/gui/panels/lesson_panel.hpp"
#include "app/gui/shell/frame.hpp"
#include "app/gui/shell/theme.hpp"
#include "app/gui/surface/gl_surface.hpp"
#include "core/error.hpp"
#include "core/trace_io/atomic_file.hpp"

namespace scanlab::gui {

int fail(const std::string& sentence) {
    std::cerr << "scanlab: error: " << sentence << "\n";
    return 1;
}

std::string init_imgui(App& app, const GlSurface& surface) {
    IMGUI_CHECKVERSION();
    // Made current even where another is (Dear ImGui makes only a first one current): the page's
    // GIF export draws with a second app and context beside the page's (export/web_animation.hpp).
    ImGui::SetCurrentContext(ImGui::CreateContext());
    ImPlot::SetCurrentContext(ImPlot::CreateContext());
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // read and written here, through the app's own save
    load_panel_layout(app);
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
    if (!ImGui_ImplOpenGL3_Init(GlSurface::shading_language()))
        return "Dear ImGui's OpenGL renderer could not load OpenGL from libGL.so.1: install libgl1 (libglvnd) or a GPU driver's";
    load_fonts(app);
    apply_theme(app);
    return "";
}

// ImGui's panel layout, imgui.ini beside settings.ini: read with the same limits, written
// through the atomic save (a full disk leaves the old layout whole), and never written over a
// file that could not be read.
namespace {
constexpr long kMaxPanelLayoutBytes = 1 << 20;  // a docked layout of every panel is a few KB
std::string panel_layout_path(const App& app) { return app.config_dir.empty() ? "" : app.config_dir + "/imgui.ini"; }
}  // namespace

void load_panel_layout(App& app) {
    const std::string path = panel_layout_path(app);
    if (path.empty()) return;
    const SmallFile file = read_small_file(path, kMaxPanelLayoutBytes);
    if (!file.problem.empty()) {
        app.keep_panel_layout = true;
        const std::string note = "imgui.ini: " + file.problem + "; using the first layout, and leaving the file as it is";
        std::cerr << "scanlab: " << note << "\n";
        app.session.status += (app.session.status.empty() ? "" : "; ") + note;
    } else if (file.exists) {
        ImGui::LoadIniSettingsFromMemory(file.text.data(), file.text.size());
    }
}

void save_panel_layout(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    io.WantSaveIniSettings = false;
    const std::string path = panel_layout_path(app);
    if (path.empty() || app.keep_panel_layout) return;
    size_t size = 0;
    const char* text = ImGui::SaveIniSettingsToMemory(&size);
    try {
        save_file_atomically(path, "the panel layout", [&](std::ostream& out) { out.write(text, std::streamsize(size)); });
    } catch (const ScanError& e) {
        std::cerr << "scanlab: " << e.what() << "\n";
    }
}

void shutdown_imgui(const GlSurface& surface) {
    end_lesson_markdown();
    ImGui_ImplOpenGL3_Shutdown();
    if (surface.window()) ImGui_ImplGlfw_Shutdown();
    ImPlot::DestroyContext();
    ImGui::DestroyContext();
}

void lay_out_frame(App& app, const GlSurface& surface, double dt) {
    app.session.poll(dt);
    ImGui_ImplOpenGL3_NewFrame();
    if (surface.window()) ImGui_ImplGlfw_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    int fw = 0, fh = 0;
    surface.size(fw, fh);
    if (surface.offscreen()) {
        io.DisplaySize = ImVec2(float(fw), float(fh));
        io.DisplayFramebufferScale = ImVec2(1, 1);
    } else if (const float r = surface.pixel_ratio(); r != 1) {
        // A HiDPI canvas: the panels are laid out in CSS pixels, drawn (fonts too) at its density.
        io.DisplaySize = ImVec2(float(fw) / r, float(fh) / r);
        io.DisplayFramebufferScale = ImVec2(r, r);
    }
    if (!surface.window()) io.DeltaTime = float(dt > 0 ? dt : 1.0 / 60);
    // The text size follows the window (presenting) and Ctrl +/-; spacing is scaled with it.
    app.font_size = font_size_for(app.layout, io.DisplaySize.x, io.DisplaySize.y);
    if (app.font_size != app.themed_font_size) apply_theme(app);
    ImGui::NewFrame();
    if (!app.headless) handle_shortcuts(app);
    draw_frame(app);
    ImGui::Render();
}

void frame(App& app, const GlSurface& surface, double dt, bool pixels) {
    lay_out_frame(app, surface, dt);
    if (pixels) {
        render_frame(surface);
        return;
    }
    if (ImVector<ImTextureData*>* textures = ImGui::GetDrawData()->Textures)
        for (ImTextureData* t : *textures)
            if (t->Status != ImTextureStatus_OK) ImGui_ImplOpenGL3_UpdateTexture(t);
}

void render_frame(const GlSurface& surface) {
    int fw = 0, fh = 0;
    surface.size(fw, fh);
    glViewport(0, 0, fw, fh);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace scanlab::gui
