#pragma once
// `scanlab trace --kernel FILE.cu`: a student's kernel compiled with clang++ against the CUDA shim
// (kernel_tracer/shim/), run in a child process under limits (scanlab-kernel-runner), its trace
// read back through the project's validating loader, and what it did wrong said at its lines.
#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "core/input/run_spec.hpp"
#include "core/lesson/explain_kernel.hpp"
#include "core/trace.hpp"
#include "kernel_tracer/host/device_harness.hpp"
#include "kernel_tracer/host/kernel_compile.hpp"
#include "kernel_tracer/host/runner_memory.hpp"

namespace scanlab::kernel_tracer {

struct KernelRequest {
    std::string file;  // the student's .cu file
    // The run: its input, operator, scan, warp width and schedules; spec.request.block_schedule orders
    // the kernel's blocks. Its algorithm is `like`'s, and its type is the spec's only where `type_given`,
    // else the kernel's own (kernel_type_in). kernel_words.hpp reads one from words.
    RunSpec spec;
    bool type_given = false;
    int block_dim = 0;  // 0: as --like's algorithm launches this input (else up to 1024 threads)
    int64_t grid_dim = 0;  // 0: as --like's algorithm, or enough blocks of block_dim for the input
    Algorithm like = Algorithm::kogge_stone;  // the algorithm the student says the kernel is
    int cpu_seconds = 5;  // the child's CPU time; then the kernel "never ends"
    uint64_t kernel_memory = kKernelMemoryBytes;  // what the kernel may allocate; the tracer's share is beside it (runner_memory.hpp)
    bool device_check = false;  // also compile the file with nvcc and run it on the GPU (device_check.hpp)
    const std::atomic<bool>* cancel = nullptr;  // set: the run is no longer wanted (the app's Cancel); the runner is stopped
    // The sandbox (sandbox.hpp): the file is compiled and run in one, under these limits for the
    // compile. Where none can be made, only `trust` runs it, with none (the CLI's --trust).
    bool trust = false;
    CompileLimits compile_limits;
};

struct Finding {
    int line = 0;  // in the student's file; 0: not known
    std::string sentence;  // "line 12: a race in step 3: ..."
    // Where it happened, for a view that shows it: the trace's step (-1: none), the block and thread,
    // the array as the student named it ("XY", "X", "Y") and its element (-1: none).
    int step = -1;
    int64_t block = 0;
    int32_t thread = -1;
    std::string array;
    int64_t element = -1;
    bool shared = false;  // the array is one of the block's __shared__ arrays
};

// The findings as the explanations name them, each at its step (inline: the web edition, which
// has no tracer, builds the app's model with these types).
inline std::vector<StepFinding> step_findings(const std::vector<Finding>& findings) {
    std::vector<StepFinding> out;
    for (const Finding& f : findings) out.push_back({f.step, f.sentence});
    return out;
}

// A line a kernel's printf said, with where: the trace's step (-1: host code), block and thread.
struct Printed {
    int step = -1;
    int64_t block = -1;
    int32_t thread = -1;
    std::string text;
};

struct KernelTrace {
    bool traced = false;  // false: the kernel did not run to its end (see `ended`)
    Trace trace;
    std::vector<Finding> findings;  // by line
    std::string ended;  // why there is no trace, one sentence
    std::string launch_note;  // the launch said before the run where the file's sizes and the input disagree
    std::vector<Printed> printed;  // printf's lines, in the order they were said
    int64_t printed_dropped = 0;  // lines past the ones kept
    double compile_seconds = 0, run_seconds = 0;
    std::string device_check;  // with request.device_check: what the GPU gave, or why it did not run
    // Traced: the entry point and launch the CPU run used, which the device check runs on the GPU
    // (check_on_device, device_check.hpp), now with request.device_check or later (the app's).
    std::optional<HarnessShape> device_shape;
    std::string no_cache;  // why the compile cache was not used (not the user's own, ...), or ""
};

// The element type ("float32", "int64", ...) the file's first kernel names itself, or none (a kernel
// of T* takes the run's type).
std::optional<std::string> kernel_type_in(const std::string& source);

// The first line of the ScanError a kernel that does not compile gives; the compiler's messages follow it.
inline constexpr const char* kDoesNotCompile = "your kernel does not compile:";

// Throws ScanError with a sentence when the kernel cannot be compiled (the compiler's own messages
// follow, at the file's lines), clang++ is missing, the words state no run, or `cancel` was set.
KernelTrace trace_kernel(const KernelRequest& request);

}  // namespace scanlab::kernel_tracer
