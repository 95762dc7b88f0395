#pragma once
// When a frame loop draws although nothing new happened. Dear ImGui settles hover and layout a
// frame after an event, and a frame that changed the model or the layout while it was drawn (a
// click that stepped on after a view had drawn the old step, F5's new sizes) differs from the one
// before: the loop draws again until two frames agree, so the screen never rests on a half-updated
// frame, but a few frames at most, so that a blinking text cursor does not keep it busy. The
// window's loop (main.cpp) and the page's (main_web.cpp) both keep one.
#include <cstdint>

struct ImDrawData;

namespace scanlab::gui {

class FrameSettle {
public:
    // At least `frames` more frames are to be drawn, whatever happens.
    void want(int frames) { due_ = due_ > frames ? due_ : frames; }
    bool due() const { return due_ > 0; }
    // An event arrived: a frame is due, and the frames before it no longer count as unsettled.
    void woken() {
        want(1);
        unsettled_ = 0;
    }
    // A frame is being drawn: one fewer is due.
    void spend() { due_ = due_ > 0 ? due_ - 1 : 0; }
    // After a frame was drawn: one more is due while it differs from the one before, and while
    // Dear ImGui has input left for the next frame or a window it has not shown yet.
    void drawn(const ImDrawData* d);

private:
    int due_ = 2;
    uint64_t last_ = 0;  // what the last frame drew (a hash of its vertices, indices and commands)
    int unsettled_ = 0;  // frames in a row that differed from the one before
};

}  // namespace scanlab::gui
