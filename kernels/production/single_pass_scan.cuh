#pragma once
// The single-pass scan's kernel, one tile per block: each block reads its tile once and writes it
// once (Merrill & Garland 2016, "Single-pass Parallel Prefix Scan with Decoupled Look-back").
//
//   1. the tile: blockIdx.x, or a ticket drawn before the loads (policy.cuh, TileOrder);
//   2. load the tile (16-byte vectors, several in flight per thread); in blockIdx order, thread 0
//      learns the epoch that tags this launch's status words beside the loads (and warp 0 may ask
//      L2 for the first look-back window's lines: policy.cuh, PrefetchWindow);
//   3. scan it and find its prefix (tile_scan.cuh: block scan, decoupled look-back);
//   4. store.
// Inclusive or exclusive is a run-time flag (a uniform branch in the warp's scan), so each type
// and operator is one instantiation. The production scan uses it while the tiles fit in one wave
// of blocks, and on GPUs older than Hopper; staged_scan.cuh takes larger inputs on Hopper.
#include <cstdint>

#include "kernels/production/policy.cuh"
#include "kernels/production/thread_io.cuh"
#include "kernels/production/tile_scan.cuh"
#include "kernels/production/tile_status.cuh"

namespace scanlab::production {

template <class T>
struct SinglePassArgs {
    const T* in;
    T* out;
    int64_t n;
    uint32_t num_tiles;
    bool exclusive;
    bool vector_io;  // both arrays 16-byte aligned: whole 16-byte vectors wherever they fit
};

template <class Policy, class T, class Op>
__global__ void __launch_bounds__(Policy::kThreads, min_blocks_per_sm<Policy>())
    single_pass_scan_kernel(SinglePassArgs<T> args, TileStatus<T> status) {
    constexpr int V = kVectorItems<T>;
    constexpr int K = Policy::kVectorsPerLane;
    constexpr int64_t kSegmentItems = int64_t(kWarpThreads) * K * V;  // one warp's share
    constexpr int64_t kTileItems = kSegmentItems * Policy::kWarps;
    constexpr bool kTicket = Policy::kOrder == TileOrder::ticket;
    const Op op{};

    __shared__ uint32_t s_tile, s_epoch;
    __shared__ TileScanShared<Policy::kWarps, T> s_scan;

    const int warp = int(threadIdx.x) / kWarpThreads;
    const int lane = int(threadIdx.x) % kWarpThreads;
    T x[K][V];

    // 1. The tile.
    uint32_t tile;
    if constexpr (kTicket) {
        if (threadIdx.x == 0) {
            const Ticket t = status.draw_ticket(args.num_tiles);
            s_tile = t.tile;
            s_epoch = t.epoch;
        }
        __syncthreads();
        tile = s_tile;
    } else {
        tile = blockIdx.x;
    }

    // 2. Load. Lane's vector k starts at `first + k * 32 * V`.
    const int64_t tile_base = int64_t(tile) * kTileItems;
    const int64_t first = tile_base + warp * kSegmentItems + lane * V;
    const bool whole_vectors = args.vector_io && args.n - tile_base >= kTileItems;
    load_tile<Policy::kHints>(args.in, first, args.n, whole_vectors, args.vector_io, Op::identity(), x);
    // The epoch, while the loads are in flight; the first barrier in scan_tile shares it. The first
    // window's prefetch goes out before it: thread 0 then waits for the atomic's answer.
    if constexpr (!kTicket) {
        if constexpr (Policy::kPrefetchWindow)
            if (warp == 0 && tile != 0) status.template prefetch_window<Policy::kLookBackWords>(tile, lane);
        if (threadIdx.x == 0 && args.num_tiles > 1) s_epoch = status.arrive(args.num_tiles);
    }

    // 3. Scan, look back, add the prefix.
    scan_tile<Policy>(x, tile, args.num_tiles, args.exclusive, status, &s_epoch, s_scan, warp, lane, op);

    // 4. Store.
    store_tile<Policy::kHints>(args.out, first, args.n, whole_vectors, args.vector_io, x);

    // Once every kEpochPeriod launches: clear the words before the tags come round again. (A
    // single tile in blockIdx order neither reads nor advances the epoch.)
    if ((kTicket || args.num_tiles > 1) && s_epoch == kEpochPeriod - 1) status.clear_if_last(args.num_tiles);
}

}  // namespace scanlab::production
