#pragma once
// What a step of a student's kernel did (a trace of kernel_tracer/, trace.kernel set): only what its
// trace records (the threads that worked, divergent warps, barriers, additions, stale reads) and the
// findings made in it. The chapter's sentences are rules of the built-in algorithms' index math:
// for code Scan Lab did not write they would be guesses (and for an exercise's starter, its answer).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/trace.hpp"

namespace scanlab {

// A finding of a run of a student's kernel (kernel_tracer's Finding), at the step it was made in.
struct StepFinding {
    int step = -1;  // -1: of no step (a crash, a kernel that never ends)
    std::string sentence;
};

// The lines of step k's explanation, in reading order, given the additions of steps 0..k. With
// `findings` (the run's, where the caller has them) a line for each one made in step k, or one saying
// none was; without, nothing of them.
std::vector<std::string> kernel_step_lines(const Trace& trace, size_t k, int64_t additions_so_far,
                                           const std::vector<StepFinding>* findings);

}  // namespace scanlab
