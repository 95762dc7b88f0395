// A surface's off-screen image, the same on the desktop (OpenGL 3.3, behind a hidden window or on
// EGL) and in the page (WebGL2, the canvas's context, whose <glad/gl.h> is third_party/web/glad):
// a framebuffer with one RGBA8 colour buffer of exactly the asked size.
#include <glad/gl.h>

#include "app/gui/surface/gl_surface.hpp"

namespace scanlab::gui {

std::string GlSurface::make_offscreen(int width, int height) {
    width_ = width;
    height_ = height;
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glGenRenderbuffers(1, &colour_);
    glBindRenderbuffer(GL_RENDERBUFFER, colour_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return "OpenGL could not make a " + std::to_string(width) + "x" + std::to_string(height) + " off-screen image (" + description_ +
               ")";
    return "";
}

void GlSurface::bind() const { glBindFramebuffer(GL_FRAMEBUFFER, fbo_); }

}  // namespace scanlab::gui
