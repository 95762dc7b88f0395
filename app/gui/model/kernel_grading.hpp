#pragma once
// Grade in the Your kernel panel and the Exercises tab: the student's text graded as `scanlab grade
// --exercise 4|5` grades a file (kernel_tracer/host/grade.hpp, the one grading), on a worker with
// its progress and a Cancel, so the window stays live through its 180 runs. Its report is the
// CLI's: each check passed or failed, a failed one with its smallest failing input, which the
// panel opens as a run (YourKernelModel::open_grade_failure).
#include <atomic>
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "kernel_tracer/host/grade.hpp"

namespace scanlab::gui {

// What to grade: the editor's text (written to a scratch copy when it is not saved, as a run's).
struct GradeOrder {
    int exercise = 4;
    std::string file_name;  // as the student knows it
    std::string path;  // the saved file, when it holds the text; else empty
    std::string text;
    bool trust = false;  // where no sandbox can be made, grade it with none
    bool every_type = true;  // the tests' quick pass grades two kinds only
};

struct GradeOutcome {
    std::optional<kernel_tracer::Grade> grade;
    std::string stopped;  // why there is no grade: it does not compile, no compiler, the web edition
};

// Whether this edition grades kernels: the desktop app does; the web page compiles no kernel, and
// the panels that offer a grading say it is the desktop app's.
bool kernel_grading_available();

// Blocking (a worker's): the desktop's grading; the web edition says the desktop app is needed.
// `done`/`total` are set as the runs go; `cancel` stops it. Never throws.
GradeOutcome grade_kernel_order(const GradeOrder& order, std::atomic<int>& done, std::atomic<int>& total, const std::atomic<bool>& cancel);

class KernelGrading {
public:
    KernelGrading() = default;
    KernelGrading(KernelGrading&&) = default;
    KernelGrading& operator=(KernelGrading&&) = default;
    ~KernelGrading();  // cancels a grading still going and waits for it

    bool start(GradeOrder order);  // false (nothing starts) while one is going
    void cancel();  // the run under way ends at once; the grade says it was cancelled
    void poll();  // once a frame: takes in a finished grading
    void wait();  // blocks until none is going

    bool running() const { return job_.valid(); }
    struct Progress {
        int done = 0, total = 0;
        double fraction() const { return total > 0 ? double(done) / total : 0.0; }
    };
    Progress progress() const;

    // The last grading that ended: its order (the text graded) and what came of it.
    std::optional<GradeOrder> graded;
    std::optional<GradeOutcome> outcome;
    // Each grading started is numbered from 1, so whoever started one (the Lesson panel's
    // checkpoint) knows its outcome from another's: `started` is the last one's number, `graded_number`
    // the number of the one `outcome` came from (0: none yet).
    int started = 0;
    int graded_number = 0;

private:
    struct Shared {
        std::atomic<int> done = 0, total = 0;
        std::atomic<bool> cancel = false;
    };
    std::shared_ptr<Shared> shared_;
    std::optional<GradeOrder> order_;
    int number_ = 0;  // the running grading's
    std::future<GradeOutcome> job_;
};

}  // namespace scanlab::gui
