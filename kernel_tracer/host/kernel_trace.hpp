#pragma once
// `scanlab trace --kernel FILE.cu`: a student's kernel compiled with clang++ against the CUDA shim
// (kernel_tracer/shim/), run in a child process under limits (scanlab-kernel-runner), its trace
// read back through the project's validating loader, and what it did wrong said at its lines.
#include <string>
#include <vector>

#include "core/trace.hpp"

namespace scanlab::kernel_tracer {

struct KernelRequest {
    std::string file;                 // the student's .cu file
    std::vector<std::string> words;   // the run's words (--preset, --input, --type, --op, --warp-width, --schedule, ...)
    bool type_given = false;          // --type among them; else the kernel's own type
    int block_dim = 0;                // 0: as --like's algorithm launches this input (else up to 1024 threads)
    int64_t grid_dim = 0;             // 0: as --like's algorithm, or enough blocks of block_dim for the input
    Algorithm like = Algorithm::kogge_stone;  // the algorithm the student says the kernel is
    int cpu_seconds = 5;              // the child's CPU time; then the kernel "never ends"
    bool device_check = false;        // also compile the file with nvcc and run it on the GPU (device_check.hpp)
};

struct Finding {
    int line = 0;          // in the student's file; 0: not known
    std::string sentence;  // "line 12: a race in step 3: ..."
};

struct KernelTrace {
    bool traced = false;             // false: the kernel did not run to its end (see `ended`)
    Trace trace;
    std::vector<Finding> findings;   // by line
    std::string ended;               // why there is no trace, one sentence
    double compile_seconds = 0, run_seconds = 0;
    std::string device_check;        // with request.device_check: what the GPU gave, or why it did not run
};

// Throws ScanError with a sentence when the kernel cannot be compiled (the compiler's own messages
// follow, at the file's lines), clang++ is missing, or the words state no run.
KernelTrace trace_kernel(const KernelRequest& request);

}  // namespace scanlab::kernel_tracer
