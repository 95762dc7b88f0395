// The web edition: a page cannot run clang++ or a child process, so a student's kernel is traced
// by the desktop app (or `scanlab trace --kernel`) only.
#include "app/gui/model/kernel_grading.hpp"
#include "app/gui/model/your_kernel.hpp"

namespace scanlab::gui {

KernelOutcome run_kernel_order(const KernelOrder& o) {
    KernelOutcome out;
    out.report.file_name = o.file_name;
    out.report.stopped = kernel_tracing_unavailable();
    return out;
}

kernel_tracer::DeviceCheck check_kernel_on_device(const KernelDeviceOrder&, const Trace&) {
    kernel_tracer::DeviceCheck check;
    check.skipped = true;  // no run of a kernel comes to ask
    return check;
}

std::string gpu_trust_sentence() { return ""; }  // no device check here

bool kernel_grading_available() { return false; }

GradeOutcome grade_kernel_order(const GradeOrder&, std::atomic<int>&, std::atomic<int>&, const std::atomic<bool>&) {
    GradeOutcome out;
    out.stopped = "Grading your kernel needs the desktop app (or scanlab grade --exercise N FILE.cu).";
    return out;
}

std::string kernel_tracing_unavailable() { return "Tracing your own kernel needs the desktop app (or scanlab trace --kernel FILE.cu)."; }

}  // namespace scanlab::gui
