#pragma once
// Where the app draws: a GLFW window on a display, or, with no display, an OpenGL context of
// EGL's (headless_gl.hpp) drawing into an off-screen image. The frame loop, `scanlab shot` and the
// smoke tests draw the same frames on either.
#include <memory>
#include <string>
#include <vector>

struct GLFWwindow;

namespace scanlab::gui {

class HeadlessGl;

class GlSurface {
public:
    // A window of the given size (the app, the smoke tests on a display), or null and the sentence.
    static std::unique_ptr<GlSurface> open_window(int width, int height, std::string& why);
    // An off-screen image of exactly width x height: behind a hidden window where a display is
    // there and works, else on EGL with no window system at all (no DISPLAY, or one that fails).
    // In the web edition: an image in the canvas's own WebGL2 context (bind() before drawing).
    static std::unique_ptr<GlSurface> open_offscreen(int width, int height, std::string& why);
    // What the smoke tests draw on: a visible window on a display, else EGL's off-screen image.
    static std::unique_ptr<GlSurface> open_window_or_offscreen(int width, int height, std::string& why);
    ~GlSurface();
    GlSurface(const GlSurface&) = delete;
    GlSurface& operator=(const GlSurface&) = delete;

    GLFWwindow* window() const { return window_; }  // null on EGL
    bool offscreen() const { return fbo_ != 0; }
    // The size of what a frame draws on: the off-screen image, or the window's framebuffer.
    void size(int& width, int& height) const;
    // Device pixels per layout pixel: 1 on the desktop; the page's devicePixelRatio in the web
    // edition, whose canvas has that many pixels per CSS pixel so text stays sharp on HiDPI screens.
    float pixel_ratio() const;
    // The GLSL version line of Dear ImGui's shaders: OpenGL 3.3 core, or WebGL2's OpenGL ES 3.0.
    static const char* shading_language();
    // Makes its off-screen image the one drawn into and read (the canvas's framebuffer where it has
    // none). The desktop binds it once; the page's GIF export shares the canvas's WebGL2 context,
    // so binds it for each frame it draws and gives the canvas back after.
    void bind() const;
    // After a frame: shows it in the window (nothing to do off screen).
    void present();
    // The last frame's pixels as a PNG; empty on success, else the sentence.
    std::string write_png(const std::string& path) const;
    // The last frame's pixels as RGB, rows top-down (an export's frame); empty on success, else the sentence.
    std::string read_rgb(std::vector<unsigned char>& rgb) const;
    // "a window on the display (llvmpipe ...)" or "EGL, EGL device 0: NVIDIA H100 ..." for the log.
    const std::string& description() const { return description_; }

private:
    GlSurface() = default;
    std::string make_offscreen(int width, int height);
    GLFWwindow* window_ = nullptr;
    std::unique_ptr<HeadlessGl> egl_;
    unsigned fbo_ = 0, colour_ = 0;
    int width_ = 0, height_ = 0;
    std::string description_;
};

// A display is named (DISPLAY or WAYLAND_DISPLAY): a window is tried before EGL.
bool display_named();

}  // namespace scanlab::gui
