#pragma once
// The recording policies of the teaching kernels, as template parameters in CUB's manner: the
// kernel calls rec.barrier(), rec.end_step(...) and friends at every barrier-separated step, and
// the policy decides what that costs.
//   NullRecorder    every call compiles to nothing (barrier() is a bare __syncthreads()), so the
//                   same kernel source is the untraced kernel the benchmark times.
//   DeviceRecorder  counts (additions, active/idle threads, divergent warps, barriers, hazards)
//                   and, at full detail, copies each block's XY section, each thread's accesses
//                   and the hazard marks into the launch's trace buffer in device memory.
// Recording adds barriers of its own (around the copies); they are not counted, since the
// algorithm does not have them.
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/algorithms/block_step.hpp"
#include "core/flagged.hpp"
#include "core/warp.hpp"

// Every recording call in a kernel is written SCANLAB_RECORD(rec.something(...)). A build with
// SCANLAB_STRIP_RECORDING removes the calls altogether; tests/null_policy_ptx_test checks that the
// null policy's kernels compile to the very same PTX as that stripped build.
#ifdef SCANLAB_STRIP_RECORDING
#define SCANLAB_RECORD(call) ((void)0)
#else
#define SCANLAB_RECORD(call) call
#endif

namespace scanlab::gpu {

enum Counter : int { kAdditions, kActive, kIdle, kDivergent, kBarriers, kHazards, kCounters };

// One thread's access as the device writes it; kind 0 marks an empty slot (an idle thread).
struct DeviceAccess {
    int32_t thread, src, dst, kind;  // kind: 0 none, 1 copy/load, 2 operator applied
};

// Where one launch records. Step s, window block w (block window_first + w), slot or element j:
//   counters  [s][kCounters]                   summed over every block of the launch
//   snapshots [s][w][section]                  (full detail only, else null)
//   accesses  [s][w][section] slots            (full detail only, else null)
//   hazards   [s][w][section] 0/1 marks        (full detail of an in-place kernel, else null)
template <class T>
struct TraceBuffers {
    unsigned long long* counters = nullptr;
    T* snapshots = nullptr;
    DeviceAccess* accesses = nullptr;
    uint8_t* hazards = nullptr;
    int64_t window_first = 0, window_blocks = 0;
    int section = 0;
    int warp_width = kWarpSize;
};

// Whether a read returned the value held before: bitwise, so -0.0 against 0.0 (or any float
// change) counts as a different value.
template <class T>
__device__ bool same_bits(const T& a, const T& b) {
    if constexpr (is_flagged_v<T>) {
        return a.flag == b.flag && same_bits(a.value, b.value);  // the padding after the flag is no part of the element
    } else {
        using Bits = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned>;
        Bits x, y;
        memcpy(&x, &a, sizeof(T));
        memcpy(&y, &b, sizeof(T));
        return x == y;
    }
}

struct NullRecorder {
    static constexpr bool enabled = false;
    static constexpr size_t shared_bytes(int /*threads*/, int /*section*/, bool /*watch*/) { return 0; }
    __device__ void bind(unsigned char*, int, int) {}
    __device__ void barrier() { __syncthreads(); }
    template <class T>
    __device__ void before_step(const T*, bool) {}
    template <class T>
    __device__ void read(int, T) {}
    __device__ void access(int, int, int, int32_t, int32_t, bool) {}
    template <class T>
    __device__ void end_step(int, bool, int, const T*) {}
};

template <class T>
class DeviceRecorder {
public:
    static constexpr bool enabled = true;
    explicit DeviceRecorder(TraceBuffers<T> out) : out_(out) {}

    // Scratch after the algorithm's own shared memory: four block counters, a flag per thread,
    // and, where a kernel may watch for hazards (`watch`), a copy of XY at the step's start and a
    // mark per element. They come last, so a kernel that never watches does not allocate them.
    static constexpr size_t shared_bytes(int threads, int section, bool watch) {
        return align(4 * sizeof(unsigned)) + align(size_t(threads)) +
               (watch ? align(size_t(section) * sizeof(T)) + align(size_t(section) * sizeof(unsigned)) : 0);
    }

    __device__ void bind(unsigned char* scratch, int threads, int section) {
        counts_ = reinterpret_cast<unsigned*>(scratch);
        scratch += align(4 * sizeof(unsigned));
        active_ = scratch;
        scratch += align(size_t(threads));
        shadow_ = reinterpret_cast<T*>(scratch);
        scratch += align(size_t(section) * sizeof(T));
        marks_ = reinterpret_cast<unsigned*>(scratch);
        for (int i = threadIdx.x; i < 4; i += blockDim.x) counts_[i] = 0;  // the load's barrier orders this before use
        in_window_ = blockIdx.x >= out_.window_first && blockIdx.x < out_.window_first + out_.window_blocks;
    }

    __device__ void barrier() {
        __syncthreads();
        ++barriers_;
    }

    // Before a step of an in-place kernel with no barrier between its reads and writes: keep XY
    // as it stands, so a read that returns anything else saw another thread's write.
    __device__ void before_step(const T* xy, bool watch) {
        watching_ = watch;
        if (!watch) return;
        for (int j = threadIdx.x; j < out_.section; j += blockDim.x) {
            shadow_[j] = xy[j];
            marks_[j] = 0;
        }
        __syncthreads();
    }

    // A thread read XY[j] and got `value`.
    __device__ void read(int j, T value) {
        if (!watching_ || same_bits(value, shadow_[j])) return;
        if (atomicExch(&marks_[j], 1u) == 0) atomicAdd(&counts_[3], 1u);
    }

    // What thread t did in step s: slot `slot` of its block (its element order for loads and
    // adds, t for a tree step), global positions src and dst.
    __device__ void access(int s, int slot, int t, int32_t src, int32_t dst, bool applies_op) {
        if (!out_.accesses || !in_window_) return;
        DeviceAccess& a = out_.accesses[(int64_t(s) * out_.window_blocks + (blockIdx.x - out_.window_first)) * out_.section + slot];
        a = {int32_t(blockIdx.x * blockDim.x + t), src, dst, applies_op ? 2 : 1};
    }

    // Called by every thread after the step's last barrier. `section_values` (shared XY) is
    // copied at full detail; null for steps that leave shared memory alone.
    __device__ void end_step(int s, bool active, int additions, const T* section_values) {
        // A step may end with no barrier of the algorithm's (three-phase's phases 1 and 3: each
        // thread there touches only its own elements), yet the snapshot below reads every
        // thread's writes: the recorder waits for them itself, and does not count the wait.
        __syncthreads();
        const int t = threadIdx.x;
        active_[t] = active;
        if (additions) atomicAdd(&counts_[0], unsigned(additions));
        if (active) atomicAdd(&counts_[1], 1u);
        if (in_window_) {
            const int64_t base = (int64_t(s) * out_.window_blocks + (blockIdx.x - out_.window_first)) * out_.section;
            for (int j = t; j < out_.section; j += blockDim.x) {
                if (out_.snapshots && section_values) out_.snapshots[base + j] = section_values[j];
                if (out_.hazards && watching_) out_.hazards[base + j] = uint8_t(marks_[j]);
            }
        }
        __syncthreads();
        // Divergence: a warp (of warp_width threads) holding both active and idle threads.
        const int w = out_.warp_width;
        if (t * w < int(blockDim.x)) {
            int on = 0, count = 0;
            for (int u = t * w; u < int(blockDim.x) && u < (t + 1) * w; ++u, ++count) on += active_[u];
            if (on > 0 && on < count) atomicAdd(&counts_[2], 1u);
        }
        __syncthreads();
        if (t == 0) {
            unsigned long long* c = out_.counters + int64_t(s) * kCounters;
            atomicAdd(&c[kAdditions], counts_[0]);
            atomicAdd(&c[kActive], counts_[1]);
            atomicAdd(&c[kIdle], blockDim.x - counts_[1]);
            atomicAdd(&c[kDivergent], counts_[2]);
            atomicAdd(&c[kHazards], counts_[3]);
            atomicMax(&c[kBarriers], (unsigned long long)barriers_);
            counts_[0] = counts_[1] = counts_[2] = counts_[3] = 0;
        }
        barriers_ = 0;
        watching_ = false;
        __syncthreads();  // the next step may not touch XY or the counters before they are saved
    }

private:
    static constexpr size_t align(size_t bytes) { return (bytes + 15) / 16 * 16; }

    TraceBuffers<T> out_;
    unsigned* counts_ = nullptr;  // additions, active, divergent, hazards of this block and step
    unsigned char* active_ = nullptr;
    T* shadow_ = nullptr;
    unsigned* marks_ = nullptr;
    bool in_window_ = false;
    bool watching_ = false;
    int barriers_ = 0;
};

}  // namespace scanlab::gpu
