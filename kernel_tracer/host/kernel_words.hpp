#pragma once
// A student's kernel's run as words state it: `scanlab trace --kernel FILE WORDS`, and a grade's
// line that runs a failing check again. They are the built-in runs' words (core/input/run_words.hpp)
// with one difference: --block-schedule, which among those belongs to the single-pass scans, orders
// a kernel's blocks one after another whatever algorithm the kernel is like. The words are read
// here once, into the RunSpec the tracer takes (kernel_trace.hpp).
#include <string>
#include <vector>

#include "core/input/run_words.hpp"

namespace scanlab::kernel_tracer {

struct KernelRunWords {
    RunSpec spec;  // spec.request.block_schedule: the kernel's block order
    bool type_given = false;  // --type among the words; else the kernel runs in its own type
};

// Throws UsageError for words the run's parser refuses, or for a block schedule it does not know.
KernelRunWords parse_kernel_words(std::vector<std::string> words, const OwnWord& own = {});

}  // namespace scanlab::kernel_tracer
