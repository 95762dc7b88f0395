#pragma once
// A kernel run's barrier intervals as a Trace that every view reads (core/trace.hpp). A step is the
// code up to a barrier after which shared memory holds something new: an interval that only reads
// shared memory (the slides' Kogge-Stone reads into a temporary, then a barrier, then writes) is one
// step with the interval that writes, so the kernel's steps are the chapter's steps. Each step shows
// the shared array it wrote (or, for a kernel with no shared arrays, Y), all blocks side by side.
// A launch that writes no shared memory shows the global array it writes most. The interval after a
// launch's last barrier is a step of its own where it writes two global arrays or more (the
// hierarchical scan's K1 writes Y and S): it shows the one written least (S).
// Additions are told from a load-load-store pattern: a store after two or more loads since the
// thread's previous store counts as one application of the operator.
#include <cstdint>
#include <string>
#include <vector>

#include "core/trace.hpp"
#include "kernel_tracer/runtime/block_runner.hpp"

namespace scanlab::kernel_tracer {

struct TraceShape {
    int block_dim = 1;
    int64_t grid_dim = 1;
    int warp_width = kWarpSize;
    Kernel kernel = Kernel::single;  // K1, K2, K3: the launch's place among a host's launches
};

// The steps, and which step (0-based, as the table numbers them) each interval index ends up in.
struct BuiltTrace {
    std::vector<Step> steps;
    std::vector<int> step_of_interval;
    int section = 0;  // elements of the array the first step shows, per block
};

// Steps from the run, values as T.
template <class T>
BuiltTrace build_steps(const KernelRun& run, const KernelImage& image, const TraceShape& shape);

}  // namespace scanlab::kernel_tracer
