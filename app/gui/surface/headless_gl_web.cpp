// The web edition has no EGL: a page always draws into its canvas (gl_surface_web.cpp).
#include "app/gui/surface/headless_gl.hpp"

namespace scanlab::gui {

struct HeadlessGl::State {};

std::unique_ptr<HeadlessGl> HeadlessGl::open(std::string& why) {
    why = "the web edition draws in the page's canvas, with no off-screen EGL context";
    return nullptr;
}

HeadlessGl::~HeadlessGl() = default;

}  // namespace scanlab::gui
