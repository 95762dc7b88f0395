#pragma once
// `scanlab grade --exercise 4|5 FILE.cu`: a student's answer to the chapter's Exercise 4 (the
// exclusive Kogge-Stone scan) or 5 (the hierarchical scan's host code) run on hidden inputs of many
// sizes (1, and sizes that are no multiple of the block, among them), with every element type and
// operator the exercise asks, under several warp and block schedules; each run held to the correct
// scan, to freedom from findings (races among them) and to the work of the chapter's algorithm.
// The report names each check, passed or failed, and for a failed one the smallest input that
// fails it, with the command that replays it.
#include <string>
#include <vector>

#include "kernel_tracer/host/kernel_trace.hpp"

namespace scanlab::kernel_tracer {

struct GradeCheck {
    std::string name;     // "exclusive scan of int32 with sum", "no findings", "work within the chapter's"
    bool passed = true;
    int runs = 0;         // runs it was held to
    std::string failure;  // the smallest failing run: what went wrong, one sentence
    std::string replay;   // the command that replays it
};

struct Grade {
    int exercise = 0;
    std::vector<GradeCheck> checks;
    bool passed() const;
};

// Throws UsageError for an exercise other than 4 or 5, ScanError where the file does not compile.
// `every_type`: all four element types with all three operators (as the exercise asks); else only
// int32 with sum and float64 with min (the tests' quick pass).
Grade grade_exercise(int exercise, const std::string& file, bool every_type = true);

}  // namespace scanlab::kernel_tracer
