#include "app/gui/model/kernel_grading.hpp"

#include <chrono>

#include "app/gui/model/background.hpp"

namespace scanlab::gui {

KernelGrading::~KernelGrading() {
    cancel();
#if !defined(__EMSCRIPTEN__)  // the page's queue runs a job between frames: none is left to wait for
    wait();
#endif
}

bool KernelGrading::start(GradeOrder order) {
    if (running()) return false;
    shared_ = std::make_shared<Shared>();
    order_ = order;
    number_ = ++started;
    job_ = start_job(
        [order = std::move(order), shared = shared_] { return grade_kernel_order(order, shared->done, shared->total, shared->cancel); });
    return true;
}

void KernelGrading::cancel() {
    if (shared_) shared_->cancel = true;
}

void KernelGrading::poll() {
    if (!job_.valid() || job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    outcome = job_.get();
    graded = order_;
    graded_number = number_;
}

void KernelGrading::wait() {
    if (!job_.valid()) return;
    job_.wait();
    poll();
}

KernelGrading::Progress KernelGrading::progress() const {
    if (!shared_) return {};
    return {shared_->done.load(), shared_->total.load()};
}

}  // namespace scanlab::gui
