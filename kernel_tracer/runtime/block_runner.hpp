#pragma once
// Runs a kernel's blocks one after another, each block's threads as fibers: the warps of a block
// in the warp schedule's order (core/emulation/warp_order.hpp, as the built-in emulation), the
// lanes of a warp in lock-step (each lane makes its next access only after every lane of the warp
// made its previous one, so a warp's loads all come before its stores, as in the emulation). A
// barrier ends the interval once every thread that has not left the kernel waits at one.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/schedules.hpp"
#include "core/warp.hpp"
#include "kernel_tracer/runtime/block_record.hpp"
#include "kernel_tracer/runtime/findings_log.hpp"
#include "kernel_tracer/runtime/kernel_image.hpp"

namespace scanlab::kernel_tracer {

// A kernel with more barrier intervals than this in one block never ends (a barrier in an endless loop).
inline constexpr int kMaxIntervals = 4096;

// Whose code runs: true while the tracer records or builds the trace, false while the kernel's code
// (its threads, its host code) runs. The out-of-memory handler reads it to say whose allocation
// failed: the kernel's own memory and the tracer's share are two parts of the runner's limit
// (host/runner_memory.hpp). Each scope sets it and gives the enclosing scope's value back.
extern bool g_tracer_at_work;
struct WhoseCode {
    bool saved;
    explicit WhoseCode(bool tracer) : saved(g_tracer_at_work) { g_tracer_at_work = tracer; }
    ~WhoseCode() { g_tracer_at_work = saved; }
    WhoseCode(const WhoseCode&) = delete;
    WhoseCode& operator=(const WhoseCode&) = delete;
};

// A global array the kernel may touch: X, Y, or an array cudaMalloc gave. Its id in the records is
// -1 - its index in Launch::globals (so X is kInputArray and Y kOutputArray).
struct GlobalArray {
    std::string name;
    uintptr_t address = 0;
    size_t bytes = 0;
    size_t redzone = 0;  // bytes on each side that count as out of bounds
    // Per byte, whether the host or a kernel wrote it (initcheck); none: all of it counts as written
    // (X holds the input; Y is cleared, as the device check's main clears it).
    std::shared_ptr<std::vector<uint8_t>> written;
};

inline int16_t global_id(size_t index) { return int16_t(-1 - int(index)); }
inline size_t global_index(int16_t id) { return size_t(-1 - int(id)); }

struct Launch {
    int block_dim = 1;
    int64_t grid_dim = 1;
    int warp_width = kWarpSize;
    Schedule schedule;
    BlockSchedule block_schedule;  // the order the blocks run in, one after another
    std::vector<GlobalArray> globals;  // X, Y, then the arrays cudaMalloc gave
    std::function<void()> call_kernel;  // calls the kernel with its arguments
};

struct KernelRun {
    std::vector<BlockRecord> blocks;
    std::vector<std::vector<uint8_t>> globals_after;  // each global array when the launch ended
    std::vector<std::string> global_names;  // beside it: X, Y, then the pointers' names
    std::vector<RawFinding> findings;  // interval set, step not yet
    bool used_warp_calls = false;  // a __syncwarp, shuffle or vote was made
    int64_t last_block = 0;  // the block that ran last (the block schedule's last)
};

KernelRun run_kernel(const KernelImage& image, const Launch& launch);

// For the signal handlers (runner_main.cpp): what is running now, as a finding.
RawFinding current_place(FindingKind kind, uintptr_t pc);

}  // namespace scanlab::kernel_tracer
