// Where the web edition draws: the page's canvas, a WebGL2 context (OpenGL ES 3.0) made through
// emscripten's GLFW. The canvas has devicePixelRatio device pixels per CSS pixel (the frame loop
// keeps it so, browser.hpp), and the browser shows each frame when the frame's callback returns.
#include "app/gui/surface/gl_surface.hpp"

#include <GLES3/gl3.h>
#include <emscripten/html5.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "app/gui/surface/headless_gl.hpp"
#include "app/gui/surface/screenshot.hpp"

namespace scanlab::gui {

bool display_named() { return true; }  // the page

std::unique_ptr<GlSurface> GlSurface::open_window(int width, int height, std::string& why) {
    if (!glfwInit()) {
        why = "this browser could not start the page's window";
        return nullptr;
    }
    GLFWwindow* w = glfwCreateWindow(width, height, "Scan Lab", nullptr, nullptr);
    if (!w) {
        why =
            "this browser gave the page no WebGL2: Scan Lab needs a browser with WebGL2 (Chrome, Edge, Firefox, Safari 15 or later) "
            "and hardware acceleration or its software fallback turned on";
        glfwTerminate();
        return nullptr;
    }
    glfwMakeContextCurrent(w);
    std::unique_ptr<GlSurface> s(new GlSurface);
    s->window_ = w;
    const auto* r = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    s->description_ = std::string("the page's canvas (WebGL2, ") + (r ? r : "an unnamed renderer") + ")";
    return s;
}

// An image of its own in the canvas's WebGL2 context (the page's GIF export draws its frames there,
// web_animation.hpp): bound while a frame is drawn into it or read, the canvas's framebuffer after.
std::unique_ptr<GlSurface> GlSurface::open_offscreen(int width, int height, std::string& why) {
    std::unique_ptr<GlSurface> s(new GlSurface);
    s->description_ = "an off-screen image in the page's WebGL2 context";
    why = s->make_offscreen(width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return why.empty() ? std::move(s) : nullptr;
}

std::unique_ptr<GlSurface> GlSurface::open_window_or_offscreen(int width, int height, std::string& why) {
    return open_window(width, height, why);
}

GlSurface::~GlSurface() {
    if (fbo_) {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glDeleteRenderbuffers(1, &colour_);
        glDeleteFramebuffers(1, &fbo_);
    }
    if (window_) {
        glfwDestroyWindow(window_);
        glfwTerminate();
    }
}

void GlSurface::size(int& width, int& height) const {
    if (offscreen())
        width = width_, height = height_;
    else
        glfwGetFramebufferSize(window_, &width, &height);
}

float GlSurface::pixel_ratio() const {
    if (offscreen()) return 1;
    double css_w = 0, css_h = 0;
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    if (emscripten_get_element_css_size("#canvas", &css_w, &css_h) != EMSCRIPTEN_RESULT_SUCCESS || css_w < 1 || w < 1) return 1;
    return float(w / css_w);
}

const char* GlSurface::shading_language() { return "#version 300 es"; }

void GlSurface::present() {}

std::string GlSurface::write_png(const std::string& path) const {
    int w = 0, h = 0;
    size(w, h);
    return write_framebuffer_png(path, w, h);
}

}  // namespace scanlab::gui

namespace scanlab::gui {

std::string GlSurface::read_rgb(std::vector<unsigned char>& rgb) const {
    int w = 0, h = 0;
    size(w, h);
    return read_framebuffer_rgb(w, h, rgb);
}

}  // namespace scanlab::gui
