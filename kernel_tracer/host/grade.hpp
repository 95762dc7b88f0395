#pragma once
// `scanlab grade --exercise 4|5 FILE.cu`: a student's answer to the chapter's Exercise 4 (the
// exclusive Kogge-Stone scan) or 5 (the hierarchical scan's host code) run on hidden inputs of many
// sizes (1, and sizes that are no multiple of the block, among them), with every element type and
// operator the exercise asks, under several warp and block schedules; each run held to the correct
// scan, to freedom from findings (races among them) and to the work of the chapter's algorithm.
// The report names each check, passed or failed, and for a failed one the smallest input that
// fails it, with the command that replays it. The CLI and the app's Grade button both run this.
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "kernel_tracer/host/kernel_trace.hpp"

namespace scanlab::kernel_tracer {

struct GradeCheck {
    std::string name;  // "exclusive scan of int32 with sum", "no findings", "work within the chapter's"
    bool passed = true;
    int runs = 0;  // runs it was held to
    std::string failure;  // the smallest failing run: what went wrong, one sentence
    std::string replay;  // the command that replays it
    // The smallest failing run as run words (`scanlab trace --kernel FILE --like LIKE WORDS`), for
    // the app to open it as a run; empty while the check passes.
    std::vector<std::string> failing_words;
};

struct Grade {
    int exercise = 0;
    Algorithm like = Algorithm::kogge_stone;  // the launch every run had (--like)
    std::vector<GradeCheck> checks;
    bool cancelled = false;  // stopped before its last run: the checks hold the runs made so far
    // Inline: the web edition's app model shows a grade without the tracer.
    bool passed() const {
        if (cancelled) return false;
        for (const GradeCheck& c : checks)
            if (!c.passed) return false;
        return true;
    }
};

struct GradeOptions {
    // All four element types with all three operators (as the exercise asks); else only int32 with
    // sum and float64 with min (the tests' quick pass).
    bool every_type = true;
    // Set: stop at once (the run under way is ended); the grade says it was cancelled.
    const std::atomic<bool>* cancel = nullptr;
    // Called before each run: runs done so far, of `total`.
    std::function<void(int done, int total)> progress;
    // Where no sandbox can be made, run the file with none (the CLI's --trust).
    bool trust = false;
};

// The exercise's launch (--like), or UsageError for an exercise other than 4 or 5.
Algorithm graded_like(int exercise);

// The kernel file as a grade's report names it (plain, or quoted short where it holds a control or
// bidirectional character).
std::string path_word(const std::string& file);

// Throws UsageError for an exercise other than 4 or 5, ScanError where the file does not compile.
Grade grade_exercise(int exercise, const std::string& file, const GradeOptions& options = {});

}  // namespace scanlab::kernel_tracer
