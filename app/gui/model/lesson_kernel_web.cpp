#include "app/gui/model/lesson_kernel.hpp"

// The web edition compiles no kernel: a kernel checkpoint is the desktop app's.
namespace scanlab::gui {

bool kernel_grading_available() { return false; }

void KernelGradeJob::start(int, const std::string&, const std::string&, bool) {}

std::optional<Grade> KernelGradeJob::poll() { return std::nullopt; }

}  // namespace scanlab::gui
