#pragma once
// An OpenGL 3.3 core context with no window system at all, through EGL: for `scanlab shot` and
// the smoke tests on machines with no display (GPU servers, cluster nodes, CI). libEGL.so.1 is
// loaded at run time, so the app still starts where it is missing; opening then says which
// package to install.
#include <memory>
#include <string>

namespace scanlab::gui {

class HeadlessGl {
public:
    // Makes a context current on this thread and loads the GL functions, or returns null and
    // puts a sentence in `why`. Tries, in this order: every EGL device (EGL_EXT_device_enumeration
    // + EGL_EXT_platform_device; a GPU's before a software renderer's), Mesa's surfaceless
    // platform (EGL_MESA_platform_surfaceless), then EGL's default display.
    static std::unique_ptr<HeadlessGl> open(std::string& why);
    ~HeadlessGl();
    HeadlessGl(const HeadlessGl&) = delete;
    HeadlessGl& operator=(const HeadlessGl&) = delete;

    // Where the context lives, e.g. "EGL device platform (NVIDIA H100 80GB HBM3/PCIe/SSE2)".
    const std::string& description() const { return description_; }

private:
    struct State;
    explicit HeadlessGl(std::unique_ptr<State> s);
    std::unique_ptr<State> s_;
    std::string description_;
};

}  // namespace scanlab::gui
