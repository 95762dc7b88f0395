#pragma once
// The web edition's GIF export: the run on screen drawn step by step by the views `scanlab shot`
// draws (a second app with its own Dear ImGui context, at the asked size, in an image of its own in
// the canvas's WebGL2 context), each step encoded by giflib (gif_writer.hpp) once it is read. A page
// has one thread, the window's: the work is cut into pieces (one frame drawn, one step's pixels
// read, or one step encoded), and the frame loop does one piece per animation frame, so the page keeps drawing (the dialog's
// progress and its Cancel) between them.
#include <cstddef>
#include <memory>
#include <string>

#include "app/gui/app.hpp"

namespace scanlab::gui {

struct WebAnimationRequest {
    size_t first = 0, last = 0;  // the steps drawn, one frame each
    int width = 1280, height = 720;
    int frame_ms = 800;
    bool presenting = false, banner = false;
};

class WebAnimation {
public:
    WebAnimation();
    ~WebAnimation();
    // Starts drawing the run on screen; empty, or the sentence refusing it (nothing started).
    std::string start(const App& page, const WebAnimationRequest& r);
    // One piece of the work: a frame drawn, a step's frame read, or encoded; at the end the GIF
    // is written to `path()`. Leaves the page's Dear ImGui context and the canvas's framebuffer
    // current, as they were.
    void advance();
    void cancel();  // nothing is kept
    bool running() const;
    size_t frames_done() const { return done_; }
    size_t frames_total() const { return total_; }
    const std::string& path() const { return path_; }  // the finished GIF, in the page's file system
    size_t bytes() const { return bytes_; }
    std::string error;  // why it stopped, where it failed
    double longest_piece_ms = 0;  // the longest the page waited for one piece
    double longest_draw_ms = 0, longest_encode_ms = 0;  // of each kind (reading counts as encoding)

private:
    struct State;
    void finish();
    std::unique_ptr<State> s_;
    size_t done_ = 0, total_ = 0, bytes_ = 0;
    std::string path_;
};

}  // namespace scanlab::gui

namespace scanlab::gui {
// The page's frame loop (main_web.cpp): one piece of the export under way, if any; a finished one
// is offered as a download. And the longest the page waited for a piece, for its tests.
void advance_export(App& app);
double longest_export_piece_ms();
std::string export_piece_times();  // {"draw_ms": .., "encode_ms": ..}: the longest of each kind of piece
}  // namespace scanlab::gui
