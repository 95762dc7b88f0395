#pragma once
// The verdict on a student's kernel, one line a student can act on, for the CLI and the panel alike:
// CORRECT with no findings, CORRECT VALUES BUT findings, WRONG with the want row, or NO RESULT for a
// kernel that did not run to its end.
#include <string>

#include "kernel_tracer/host/kernel_trace.hpp"

namespace scanlab::kernel_tracer {

struct KernelVerdict {
    bool clean = false;  // the correct scan, and no finding: exit status 0
    bool correct = false;  // the values are the correct scan (with findings or not)
    std::string line;  // "CORRECT: 16 of 16 values, no findings", ...
    std::string want;  // a wrong result's correct values, up to 64 of them ("2 3 6 ..."); else ""
};

KernelVerdict kernel_verdict(const KernelTrace& k);

}  // namespace scanlab::kernel_tracer
