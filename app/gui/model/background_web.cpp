// The web edition's job queue (background.hpp): the page has one thread, so a job waits here until
// the frame loop has shown the frame that asked for it, then runs between two frames.
#include <deque>

#include "app/gui/model/background.hpp"

namespace scanlab::gui {
namespace {
std::deque<std::function<void()>>& queue() {
    static std::deque<std::function<void()>> q;
    return q;
}
}  // namespace

void queue_job(std::function<void()> job) { queue().push_back(std::move(job)); }

bool run_queued_job() {
    if (queue().empty()) return false;
    std::function<void()> job = std::move(queue().front());
    queue().pop_front();
    job();
    return true;
}

}  // namespace scanlab::gui
