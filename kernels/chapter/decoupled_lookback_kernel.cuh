#pragma once
// The traced decoupled look-back scan (Merrill & Garland 2016), one tile per block, one element a
// thread: the teaching form of what kernels/production/ runs for speed. Every block draws its tile
// from a counter, scans it with a block algorithm's steps (core/algorithms/), publishes its
// aggregate, looks back over windows of its predecessors' status words and publishes its
// inclusive prefix. The decisions of the look-back are core/algorithms/lookback_window.hpp's, the
// same functions the emulation runs, so replaying the device's event log through the emulation
// gives the same values bit for bit.
//
// A status word is a flag (invalid / aggregate / inclusive prefix) beside two value arrays: the
// value is stored first, a fence, then the flag; a reader reads the flag, a fence, then the value
// the flag announces. The aggregate and the inclusive prefix have arrays of their own, so a word
// that turns from A to P between the flag read and the value read still hands the reader the
// value of the flag it saw.
#include <cstdint>

#include "core/algorithms/block_step.hpp"
#include "core/algorithms/load.hpp"
#include "core/algorithms/lookback_window.hpp"
#include "kernels/chapter/event_log.cuh"

namespace scanlab::gpu {

inline constexpr int kWarpLanes = 32;

template <class T>
struct LookbackArgs {
    const T* X = nullptr;
    T* Y = nullptr;
    int64_t n = 0;
    int section = 2;
    bool exclusive = false;
    int window = kDefaultLookbackWindow;
    unsigned int* next_tile = nullptr;  // zeroed before the launch: tiles in the order blocks draw them
    volatile int* flag = nullptr;  // per tile, zeroed (invalid) before the launch
    volatile T* aggregate = nullptr;  // per tile
    volatile T* inclusive = nullptr;  // per tile
    EventLog log;  // the order of events (event_log.cuh)
};

// Algo::threads(section) threads per block, one block per tile.
template <class Algo, class T, class Op>
__global__ void decoupled_lookback_kernel(LookbackArgs<T> p) {
    extern __shared__ __align__(16) unsigned char shared[];
    T* XY = reinterpret_cast<T*>(shared);  // Algo::buffers sections
    __shared__ int s_tile;
    __shared__ T s_prefix;  // the exclusive prefix: every earlier tile combined
    __shared__ TileStatus s_flag[kMaxLookbackWindow];
    __shared__ T s_value[kMaxLookbackWindow];
    __shared__ int64_t s_nearest;
    __shared__ bool s_done;
    const int section = p.section;
    const int t = threadIdx.x;
    const int threads = blockDim.x;
    const Op op;

    // Tiles in the order blocks draw them: a tile only ever waits on tiles that running blocks
    // hold, so the look-back always progresses, whatever order the GPU starts blocks in.
    if (t == 0) {
        s_tile = int(atomicAdd(p.next_tile, 1u));
        p.log.record(int32_t(EventKind::start), s_tile, 0u, T{});
    }
    __syncthreads();
    const int tile = s_tile;
    const int64_t first = int64_t(tile) * section;

    for (int j = t; j < section; j += threads) {
        const long long src = load_source(first + j, p.n, p.exclusive);
        XY[j] = src >= 0 ? p.X[src] : Op::identity();
    }
    __syncthreads();
    // The local scan, step by step as the block algorithm's definition says (as block_scan_kernel).
    const int steps = Algo::steps(section);
    for (int k = 0; k < steps; ++k) {
        const Work w = Algo::work(k, t, section);
        const T* in = XY + Algo::in_buffer(k) * section;
        T* out = XY + Algo::out_buffer(k) * section;
        T value{};
        if (w.active) value = w.applies_op ? op(in[w.src], in[w.dst]) : in[w.src];
        if constexpr (Algo::barrier_between) __syncthreads();
        if (w.active) out[w.dst] = value;
        __syncthreads();
    }
    const T* scanned = XY + (steps > 0 ? Algo::out_buffer(steps - 1) : 0) * section;
    const T total = scanned[section - 1];

    // Publish: the value, then (after the event's seq and a fence) the flag. Tile 0's total is
    // already its inclusive prefix.
    if (t == 0) {
        p.log.record(int32_t(EventKind::scanned), tile, 0u, total);
        if (tile == 0) {
            p.inclusive[0] = total;
            p.log.record(int32_t(EventKind::publish_prefix), tile, 0u, total);
            __threadfence();
            p.flag[0] = int(TileStatus::prefix);
            s_prefix = Op::identity();
        } else {
            p.aggregate[tile] = total;
            p.log.record(int32_t(EventKind::publish_aggregate), tile, 0u, total);
            __threadfence();
            p.flag[tile] = int(TileStatus::aggregate);
            s_nearest = tile - 1;
            s_done = false;
        }
    }
    __syncthreads();

    // The look-back, by the first lanes of warp 0 (up to 32): lane l reads the words of tiles
    // nearest - l, nearest - l - readers, ... of the window; lane 0 judges and combines.
    const int readers = threads < kWarpLanes ? threads : kWarpLanes;
    const unsigned lanes = readers == kWarpLanes ? 0xffffffffu : (1u << readers) - 1u;
    if (tile > 0 && t < readers) {
        LookBack<T> lb = start_look_back<T>(tile, p.window, Op::identity());  // lane 0's is the one that counts
        int64_t polls_before = 0;
        for (;;) {
            const int64_t nearest = s_nearest;
            const int64_t size = nearest - window_first(nearest, p.window) + 1;
            for (int64_t l = t; l < size; l += readers) {
                const TileStatus f = TileStatus(p.flag[nearest - l]);
                s_flag[l] = f;
                __threadfence();  // the flag before the value it announces
                s_value[l] = f == TileStatus::prefix      ? p.inclusive[nearest - l]
                             : f == TileStatus::aggregate ? p.aggregate[nearest - l]
                                                          : Op::identity();
            }
            __syncwarp(lanes);
            if (t == 0) {
                const WindowVerdict v = lb.read_window(
                    op, [&](int64_t j) { return s_flag[nearest - j]; }, [&](int64_t j) { return s_value[nearest - j]; });
                if (!v.wait) {
                    // After every lane's flag read and fence: each word read here was published
                    // under a smaller seq.
                    __threadfence();
                    p.log.record_window(tile, uint32_t(lb.polls - polls_before), int32_t(window_first(nearest, p.window)), int32_t(nearest),
                                        v.found ? int32_t(nearest - v.combine + 1) : -1, lb.prefix);
                    polls_before = lb.polls;
                    s_nearest = lb.nearest;
                    s_done = lb.done;
                    if (lb.done) s_prefix = lb.prefix;
                }
            }
            __syncwarp(lanes);
            if (s_done) break;
        }
        if (t == 0) {
            const T inclusive = op(s_prefix, total);
            p.inclusive[tile] = inclusive;
            p.log.record(int32_t(EventKind::publish_prefix), tile, 0u, inclusive);
            __threadfence();
            p.flag[tile] = int(TileStatus::prefix);
        }
    }
    __syncthreads();

    // Add the exclusive prefix (tile 0 has none) and store.
    const T prefix = s_prefix;
    for (int j = t; j < section; j += threads)
        if (first + j < p.n) p.Y[first + j] = tile > 0 ? op(prefix, scanned[j]) : scanned[j];
    __syncthreads();
    if (t == 0) p.log.record(int32_t(EventKind::done), tile, 0u, prefix);
}

}  // namespace scanlab::gpu
