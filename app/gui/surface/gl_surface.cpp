#include "app/gui/surface/gl_surface.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdlib>

#include "app/gui/surface/headless_gl.hpp"
#include "app/gui/surface/screenshot.hpp"

namespace scanlab::gui {
namespace {

std::string g_glfw_error;
void on_glfw_error(int, const char* description) { g_glfw_error = description ? description : ""; }

std::string gl_renderer() {
    const auto* r = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return r ? r : "an unnamed renderer";
}

// A GLFW window with an OpenGL 3.3 core context made current, or null and the sentence.
GLFWwindow* glfw_window(int width, int height, bool visible, std::string& why) {
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit()) {
        why = "no display: the desktop app needs a window system (" + g_glfw_error + "). " +
              (display_named() ? "" : "DISPLAY is not set. ") +
              "On a machine without one, use the trace and scan commands, or scanlab shot, which renders without a display";
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
    glfwSwapInterval(visible ? 1 : 0);
    return w;
}

}  // namespace

bool display_named() {
    const char* x = std::getenv("DISPLAY");
    const char* wl = std::getenv("WAYLAND_DISPLAY");
    return (x && *x) || (wl && *wl);
}

std::unique_ptr<GlSurface> GlSurface::open_window(int width, int height, std::string& why) {
    GLFWwindow* w = glfw_window(width, height, true, why);
    if (!w) return nullptr;
    std::unique_ptr<GlSurface> s(new GlSurface);
    s->window_ = w;
    s->description_ = "a window on the display (" + gl_renderer() + ")";
    return s;
}

std::unique_ptr<GlSurface> GlSurface::open_offscreen(int width, int height, std::string& why) {
    std::string window_why;
    if (display_named()) {
        if (GLFWwindow* w = glfw_window(width, height, false, window_why)) {
            std::unique_ptr<GlSurface> s(new GlSurface);
            s->window_ = w;
            s->description_ = "a hidden window on the display (" + gl_renderer() + ")";
            why = s->make_offscreen(width, height);
            return why.empty() ? std::move(s) : nullptr;
        }
    }
    std::unique_ptr<GlSurface> s(new GlSurface);
    s->egl_ = HeadlessGl::open(why);
    if (!s->egl_) {
        if (!window_why.empty()) why = "the display did not work (" + window_why + "), and " + why;
        return nullptr;
    }
    s->description_ = s->egl_->description();
    why = s->make_offscreen(width, height);
    return why.empty() ? std::move(s) : nullptr;
}

std::unique_ptr<GlSurface> GlSurface::open_window_or_offscreen(int width, int height, std::string& why) {
    if (display_named())
        if (auto s = open_window(width, height, why)) return s;
    return open_offscreen(width, height, why);
}

GlSurface::~GlSurface() {
    if (fbo_) {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glDeleteRenderbuffers(1, &colour_);
        glDeleteFramebuffers(1, &fbo_);
    }
    egl_.reset();
    if (window_) {
        glfwDestroyWindow(window_);
        glfwTerminate();
    }
}

void GlSurface::size(int& width, int& height) const {
    if (offscreen()) {
        width = width_;
        height = height_;
    } else {
        glfwGetFramebufferSize(window_, &width, &height);
    }
}

float GlSurface::pixel_ratio() const { return 1; }

const char* GlSurface::shading_language() { return "#version 150"; }

void GlSurface::present() {
    if (!offscreen()) glfwSwapBuffers(window_);
}

std::string GlSurface::write_png(const std::string& path) const {
    int w = 0, h = 0;
    size(w, h);
    glReadBuffer(offscreen() ? GL_COLOR_ATTACHMENT0 : GL_BACK);
    return write_framebuffer_png(path, w, h);
}

std::string GlSurface::read_rgb(std::vector<unsigned char>& rgb) const {
    int w = 0, h = 0;
    size(w, h);
    glReadBuffer(offscreen() ? GL_COLOR_ATTACHMENT0 : GL_BACK);
    return read_framebuffer_rgb(w, h, rgb);
}

}  // namespace scanlab::gui
