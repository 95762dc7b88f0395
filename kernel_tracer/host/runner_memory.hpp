#pragma once
// The runner's address space, in two parts: the kernel's own memory (its arrays, what it allocates,
// its library's variables) and beside it the tracer's share (the runner's code and libraries, the
// CUDA threads' stacks and the record of the run that becomes the trace). The runner's limit is the
// sum, so a large honest run does not fail for the tracer's sake, and a kernel that allocates past
// its own part runs out with a sentence that names it. docs/your-kernel.md says what this holds.
#include <cstdint>
#include <string>

#include "core/request.hpp"

namespace scanlab::kernel_tracer {

// What a kernel may allocate itself.
inline constexpr uint64_t kKernelMemoryBytes = uint64_t(1) << 30;

struct RunnerMemory {
    uint64_t kernel_bytes = kKernelMemoryBytes;
    uint64_t tracer_bytes = 0;
    uint64_t limit() const { return kernel_bytes + tracer_bytes; }
};

// The tracer's share for a run of `request` launched as blocks of `section` elements, `grid` of
// them: the runner itself and 1,024 threads' stacks (host code chooses its own launches), and a
// multiple of the trace the built-in `like` algorithm makes of a section (the core's estimate,
// core/input/trace_budget.hpp) for each block, within which the runner's record of the same
// accesses was measured (docs/your-kernel.md).
uint64_t tracer_share(const ScanRequest& request, Algorithm like, int section, int64_t grid);

// "1 GiB", "164 MiB": a limit as a sentence names it.
std::string bytes_words(uint64_t bytes);

// An out-of-memory finding's detail for its sentence (finding_text.cpp): the runner's word for
// whose allocation failed ("kernel" or "tracer"), then the kernel's limit and the tracer's share,
// "|"-separated.
std::string memory_detail(const std::string& whose, const RunnerMemory& memory);

}  // namespace scanlab::kernel_tracer
