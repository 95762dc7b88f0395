#pragma once
// The book's in-place Kogge-Stone of Figure 9.2 as printed (the racy lesson): the barrier sits
// inside a loop whose trip count depends on threadIdx.x, so this kernel cannot share the step
// kernel (block_scan_kernel.cuh), whose every step ends in a barrier all threads reach. The loop's
// condition and body are the algorithm definition's (core/algorithms/kogge_stone_racy.hpp), the
// ones the CPU emulation runs.
//
// Its recording policy can add no barrier of its own: a thread that has left the loop must reach
// no __syncthreads() before it exits, or it would be counted as arriving at the loop's barrier.
// So the recorder works thread by thread: each thread writes its own element's value after every
// stride it runs (and, on leaving the loop, for every later stride: only thread t writes XY[t]),
// which is the step's snapshot and, kept for every block, the reference a read is held against: a
// read of XY[t - stride] that differs from that element's value at the stride's barrier saw a
// write of this stride, a hazard. The counts go to the launch's counters with atomics; idle
// threads and divergent warps are worked out on the host from the per-warp counts of threads at
// work.
#include <cstdint>

#include "core/algorithms/load.hpp"
#include "kernels/chapter/block_scan_kernel.cuh"
#include "kernels/chapter/recording.cuh"

namespace scanlab::gpu {

// Every recording call compiles to nothing: the untraced kernel.
struct NullBookLoopRecorder {
    static constexpr bool enabled = false;
    template <class T>
    __device__ void loaded(int, int32_t, int32_t, T) {}
    __device__ void barrier(int) {}
    template <class T>
    __device__ void read(int, int, T) {}
    template <class T>
    __device__ void stepped(int, int, int32_t, int32_t, T) {}
    template <class T>
    __device__ void left(int, T) {}
};

// Where the book-loop recorder writes, besides the launch's TraceBuffers (same layout as
// DeviceRecorder's): for every block, every step's section as its threads left it (`history`,
// [s][block][section]), a mark per element read stale (`marks`, same shape, to count each element
// once), and the threads at work per warp (`on`, [s][block][warp]).
template <class T>
struct BookLoopBuffers {
    TraceBuffers<T> trace;
    T* history = nullptr;
    unsigned* marks = nullptr;
    unsigned* on = nullptr;
    int64_t grid = 0;
    int steps = 0;  // strides of the longest trip; steps + 1 recorded steps with the load
    int warps = 0;  // warps of warp_width threads per block
};

template <class T>
class BookLoopRecorder {
public:
    static constexpr bool enabled = true;
    explicit BookLoopRecorder(BookLoopBuffers<T> out) : out_(out) {}

    // Thread t loaded XY[t] = `value` from input index src (-1: the identity) to position dst.
    __device__ void loaded(int t, int32_t src, int32_t dst, T value) {
        own(0, t, value);
        count(0, kActive, 1);
        access(0, t, src, dst, false);
    }

    // The barrier at the start of stride k, as the thread passes it. The block passed one.
    __device__ void barrier(int k) {
        if (threadIdx.x == blockDim.x - 1) atomicMax(&counter(k + 1, kBarriers), 1ull);  // the last thread takes every stride
    }

    // In stride k the thread read XY[j] and got `value`.
    __device__ void read(int k, int j, T value) {
        const int64_t at = index(k, j);
        if (same_bits(value, out_.history[at])) return;
        if (atomicExch(&out_.marks[index(k + 1, j)], 1u) != 0) return;
        count(k + 1, kHazards, 1);
        if (out_.trace.hazards && in_window()) out_.trace.hazards[window_index(k + 1, j)] = 1;
    }

    // Thread t ran the body of stride k: XY[dst] = XY[src] op XY[dst] = `value` (global src, dst).
    __device__ void stepped(int k, int t, int32_t src, int32_t dst, T value) {
        own(k + 1, t, value);
        count(k + 1, kAdditions, 1);
        count(k + 1, kActive, 1);
        atomicAdd(&out_.on[(int64_t(k + 1) * out_.grid + blockIdx.x) * out_.warps + t / out_.trace.warp_width], 1u);
        access(k + 1, t, src, dst, true);
    }

    // The thread left the loop after `trips` strides holding `value`: its element keeps it in
    // every later step. Written before the thread exits, which every later barrier waits for.
    __device__ void left(int trips, T value) {
        for (int s = trips + 1; s <= out_.steps; ++s) own(s, int(threadIdx.x), value);
        __threadfence_block();
    }

private:
    __device__ int64_t index(int s, int j) const { return (int64_t(s) * out_.grid + blockIdx.x) * out_.trace.section + j; }
    __device__ bool in_window() const {
        return blockIdx.x >= out_.trace.window_first && blockIdx.x < out_.trace.window_first + out_.trace.window_blocks;
    }
    __device__ int64_t window_index(int s, int j) const {
        return (int64_t(s) * out_.trace.window_blocks + (blockIdx.x - out_.trace.window_first)) * out_.trace.section + j;
    }
    __device__ unsigned long long& counter(int s, int c) { return out_.trace.counters[int64_t(s) * kCounters + c]; }
    __device__ void count(int s, int c, unsigned long long v) { atomicAdd(&counter(s, c), v); }

    // Element t's value after step s, in the history and (full detail) in the step's snapshot.
    __device__ void own(int s, int t, T value) {
        out_.history[index(s, t)] = value;
        if (out_.trace.snapshots && in_window()) out_.trace.snapshots[window_index(s, t)] = value;
    }

    __device__ void access(int s, int t, int32_t src, int32_t dst, bool applies_op) {
        if (!out_.trace.accesses || !in_window()) return;
        out_.trace.accesses[window_index(s, t)] = {int32_t(blockIdx.x * blockDim.x + t), src, dst, applies_op ? 2 : 1};
    }

    BookLoopBuffers<T> out_;
};

// One block per section of blockDim.x elements, one element per thread, XY in dynamic shared
// memory. Read with the recording calls left out it is the book's kernel:
//     XY[threadIdx.x] = X[i];
//     for (unsigned int stride = 1; stride <= threadIdx.x; stride *= 2) {
//         __syncthreads();
//         XY[threadIdx.x] += XY[threadIdx.x-stride];
//     }
//     Y[i] = XY[threadIdx.x];
template <class Algo, class T, class Op, class Rec>
__global__ void book_loop_kernel(BlockScanArgs<T> p, Rec rec) {
    extern __shared__ __align__(16) unsigned char shared[];
    T* XY = reinterpret_cast<T*>(shared);
    const unsigned t = threadIdx.x;
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + t;
    const Op op;

    // The identity past the end of the input (and first, for an exclusive scan's shifted load).
    const long long src = load_source(i, p.n, p.exclusive);
    XY[t] = src >= 0 ? p.X[src] : Op::identity();
    SCANLAB_RECORD(rec.loaded(int(t), int32_t(src), int32_t(i), XY[t]));

    // No barrier after the load: the first stride's opens the loop, as the book has it.
    int k = 0;
    for (unsigned stride = 1; Algo::in_loop(stride, t); stride *= 2, ++k) {
        __syncthreads();  // not reached by the threads that have left the loop: see the definition
        SCANLAB_RECORD(rec.barrier(k));
        const Work w = Algo::body(stride, t);
        const T earlier = XY[w.src];
        SCANLAB_RECORD(rec.read(k, w.src, earlier));
        XY[w.dst] = op(earlier, XY[w.dst]);
        SCANLAB_RECORD(rec.stepped(k, int(t), int32_t(i - int64_t(t) + w.src), int32_t(i - int64_t(t) + w.dst), XY[w.dst]));
    }
    SCANLAB_RECORD(rec.left(k, XY[t]));
    if (i < p.n) p.Y[i] = XY[t];
}

}  // namespace scanlab::gpu
