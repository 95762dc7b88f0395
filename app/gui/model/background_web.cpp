// The web edition's job queue (background.hpp): the page has one thread, so a job waits here until
// the frame loop has shown the frame that asked for it, then runs between two frames, a slice at a
// time, for about a frame's time before the page draws again (its progress, its Cancel).
#include <deque>

#include <emscripten.h>

#include "app/gui/model/background.hpp"

namespace scanlab::gui {
namespace {
std::deque<std::function<bool()>>& queue() {
    static std::deque<std::function<bool()>> q;
    return q;
}
}  // namespace

void queue_job(std::function<bool()> slice) { queue().push_back(std::move(slice)); }

bool run_queued_job() {
    if (queue().empty()) return false;
    const double start = emscripten_get_now();
    // The oldest job's slices, until it ends or the frame's time is spent; the next job waits for
    // the next frame, so each job's result is drawn before another starts.
    std::function<bool()>& job = queue().front();
    while (!job())
        if (emscripten_get_now() - start >= kSliceBudgetMs) return true;
    queue().pop_front();
    return true;
}

}  // namespace scanlab::gui
