#pragma once
// A lesson's "write this kernel" checkpoint graded: the Your kernel panel's text held to the checks
// of `scanlab grade --exercise N` (kernel_tracer/host/grade.hpp), on a worker so that the window
// keeps drawing while the hidden inputs run. The web edition has no compiler: it grades nothing
// and the Lesson panel says the checkpoint is the desktop app's.
#include <future>
#include <optional>
#include <string>

#include "core/course/checkpoint.hpp"

namespace scanlab::gui {

// Whether this edition grades kernels (the desktop app; not the web page).
bool kernel_grading_available();

class KernelGradeJob {
public:
    // Grades `text` (the editor's, named `file_name` as the student knows it) for `exercise`;
    // `every_type` as `scanlab grade` (else its quick pass, int32 with sum and float64 with min: the tests').
    void start(int exercise, const std::string& file_name, const std::string& text, bool every_type = true);
    bool running() const { return job_.valid(); }
    // Once the grading has ended: right when every check passed; else the reason names the failed
    // checks and the smallest failing input of the first, or why the kernel could not be graded.
    std::optional<Grade> poll();
    // The grading's findings as the Lesson panel lists them ("PASS exclusive scan of int32 ...").
    std::string report;

private:
    std::future<std::pair<Grade, std::string>> job_;
};

}  // namespace scanlab::gui
