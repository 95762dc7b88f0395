#pragma once
// PMPP 4th ed. §11.7's domino scan as one kernel (core/algorithms/domino.hpp has its story): a
// dynamic block index, the section scan of the algorithm definition (the same Work the emulation
// runs), a wait on flags[bid], scan_value[bid + 1] passed on behind a fence, and the prefix added
// to the section. Thread 0 records each of its block's events in the event log.
#include <cstdint>

#include "core/algorithms/domino.hpp"
#include "core/algorithms/load.hpp"
#include "core/events.hpp"
#include "kernels/chapter/event_log.cuh"

namespace scanlab::gpu {

template <class T>
struct DominoArgs {
    const T* X = nullptr;
    T* Y = nullptr;
    int64_t n = 0;
    int section = 2;
    bool exclusive = false;
    unsigned int* block_counter = nullptr;  // zeroed: the dynamic block index
    unsigned int* flags = nullptr;  // Domino::slots(grid): flags[0] = 1, the rest 0
    T* scan_value = nullptr;  // Domino::slots(grid): scan_value[0] = the identity
    EventLog events;
};

// One block per section, section threads (Domino::BlockScan::threads), section * sizeof(T) of
// dynamic shared memory for XY.
template <class T, class Op>
__global__ void domino_kernel(DominoArgs<T> p) {
    using BlockScan = Domino::BlockScan;
    extern __shared__ __align__(16) unsigned char shared[];
    T* XY = reinterpret_cast<T*>(shared);
    __shared__ unsigned int bid_s;
    __shared__ T previous_sum;
    const int t = threadIdx.x;
    const Op op;

    // The tile this block scans is the order it started in, not its blockIdx.
    if (t == 0) {
        bid_s = atomicAdd(p.block_counter, 1u);
        p.events.record(int32_t(EventKind::start), int32_t(bid_s), 0, T{});
    }
    __syncthreads();
    const unsigned int bid = bid_s;
    const int64_t first = int64_t(bid) * p.section;

    const long long src = load_source(first + t, p.n, p.exclusive);
    XY[t] = src >= 0 ? p.X[src] : Op::identity();
    __syncthreads();
    const int steps = BlockScan::steps(p.section);
    for (int k = 0; k < steps; ++k) {
        const Work w = BlockScan::work(k, t, p.section);
        T value{};
        if (w.active) value = w.applies_op ? op(XY[w.src], XY[w.dst]) : XY[w.src];
        __syncthreads();  // every read before any write: Kogge-Stone's temporary
        if (w.active) XY[w.dst] = value;
        __syncthreads();
    }
    const T local_sum = XY[p.section - 1];

    if (t == 0) {
        p.events.record(int32_t(EventKind::scanned), int32_t(bid), 0, local_sum);
        uint32_t polls = 0;
        // An atomic read of the flag, so the loop sees the predecessor's store and is not hoisted.
        while (atomicAdd(&p.flags[Domino::waits_on(bid)], 0u) == 0) ++polls;
        __threadfence();  // the flag before scan_value: read the value the flag announces
        const T previous = *static_cast<volatile T*>(&p.scan_value[Domino::waits_on(bid)]);
        *static_cast<volatile T*>(&p.scan_value[Domino::passes_to(bid)]) = op(previous, local_sum);
        // The number is taken before the flag is set, so the successor's next event numbers later.
        p.events.record(int32_t(EventKind::passed), int32_t(bid), polls, previous);
        __threadfence();  // scan_value before the flag: the successor reads what the flag announces
        atomicAdd(&p.flags[Domino::passes_to(bid)], 1u);
        previous_sum = previous;
    }
    __syncthreads();
    if (first + t < p.n) p.Y[first + t] = op(previous_sum, XY[t]);
    __syncthreads();  // "done" means every thread of the block has written its element
    if (t == 0) p.events.record(int32_t(EventKind::done), int32_t(bid), 0, T{});
}

}  // namespace scanlab::gpu
