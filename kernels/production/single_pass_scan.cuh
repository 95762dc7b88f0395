#pragma once
// The single-pass scan's kernel: one block scans one tile, reading every element once and writing
// it once (Merrill & Garland 2016, "Single-pass Parallel Prefix Scan with Decoupled Look-back").
//
//   1. draw a ticket: the tile, and the epoch that tags this launch's status words;
//   2. load the tile (16-byte vectors, several in flight per thread) and scan it in registers:
//      thread, warp (shuffles), block (one shared-memory pass over the warp totals);
//   3. warp 0 publishes the tile's aggregate, looks back for its exclusive prefix, publishes the
//      inclusive prefix;
//   4. every thread adds the tile's prefix and stores.
// Inclusive or exclusive is a run-time flag (a uniform branch in the warp's scan), so each type
// and operator is one instantiation.
#include <cstdint>

#include "block_scan.cuh"
#include "policy.cuh"
#include "thread_io.cuh"
#include "tile_status.cuh"

namespace scanlab::production {

template <class T> struct SinglePassArgs {
    const T* in;
    T* out;
    int64_t n;
    uint32_t num_tiles;
    bool exclusive;
    bool vector_io;  // both arrays 16-byte aligned: full tiles move whole vectors
};

template <class Policy, class T, class Op>
__global__ void __launch_bounds__(Policy::kThreads, min_blocks_per_sm<Policy>())
    single_pass_scan_kernel(SinglePassArgs<T> args, TileStatus<T> status) {
    constexpr int V = kVectorItems<T>;
    constexpr int K = Policy::kVectorsPerLane;
    constexpr int kWarps = Policy::kWarps;
    constexpr int64_t kSegmentItems = int64_t(kWarpThreads) * K * V;  // one warp's share
    constexpr int64_t kTileItems = kSegmentItems * kWarps;
    const Op op{};

    __shared__ Ticket s_ticket;
    __shared__ T s_warp_totals[kWarps];
    __shared__ T s_tile_prefix;
    __shared__ bool s_last_block;

    const int warp = int(threadIdx.x) / kWarpThreads;
    const int lane = int(threadIdx.x) % kWarpThreads;
    T x[K][V];

    // 1. The tile, and the epoch that tags this launch's status words.
    uint32_t tile, arrival = 0;
    if constexpr (Policy::kOrder == TileOrder::ticket) {
        if (threadIdx.x == 0) s_ticket = status.draw_ticket(args.num_tiles);
        __syncthreads();
        tile = s_ticket.tile;
    } else {
        tile = blockIdx.x;
    }

    // 2. Load and scan the tile. Lane's vector k starts at `first + k * 32 * V`.
    const int64_t tile_base = int64_t(tile) * kTileItems;
    const int64_t first = tile_base + warp * kSegmentItems + lane * V;
    const bool whole_vectors = args.vector_io && args.n - tile_base >= kTileItems;
    if (whole_vectors) {
#pragma unroll
        for (int k = 0; k < K; ++k) load_vector<Policy::kHints>(args.in + first + k * kWarpThreads * V, x[k]);
    } else {
#pragma unroll
        for (int k = 0; k < K; ++k) load_guarded(args.in, first + k * kWarpThreads * V, args.n, Op::identity(), x[k]);
    }
    if constexpr (Policy::kOrder == TileOrder::block_index) {
        // While the loads are in flight; the barrier in combine_warps publishes it to the block.
        if (threadIdx.x == 0) {
            s_ticket.epoch = status.read_epoch();
            arrival = status.arrive();  // its value is needed only at the very end
        }
    }

    const T segment_total = scan_warp_segment<K>(x, args.exclusive, lane, op);
    const WarpPrefix<T> block = combine_warps<kWarps>(segment_total, warp, lane, s_warp_totals, op);
    const uint32_t epoch = s_ticket.epoch;
    const uint32_t tag = epoch + 1;

    // 3. Decoupled look-back, by warp 0 while the other warps wait at the barrier.
    if (warp == 0) {
        T tile_prefix = Op::identity();
        if (tile == 0) {
            if (lane == 0) status.publish_inclusive(0, block.tile_aggregate, tag);
        } else {
            if (lane == 0) status.publish_aggregate(tile, block.tile_aggregate, tag);
            tile_prefix = status.look_back(tile, tag, lane, op);
            if (lane == 0) status.publish_inclusive(tile, op(tile_prefix, block.tile_aggregate), tag);
        }
        if (lane == 0) s_tile_prefix = tile_prefix;
    }
    __syncthreads();

    // 4. Add the prefix of everything before this warp's segment, and store.
    const T prefix = op(s_tile_prefix, block.warp_prefix);
#pragma unroll
    for (int k = 0; k < K; ++k)
#pragma unroll
        for (int i = 0; i < V; ++i) x[k][i] = op(prefix, x[k][i]);
    if (whole_vectors) {
#pragma unroll
        for (int k = 0; k < K; ++k) store_vector<Policy::kHints>(args.out + first + k * kWarpThreads * V, x[k]);
    } else {
#pragma unroll
        for (int k = 0; k < K; ++k) store_guarded(args.out, first + k * kWarpThreads * V, args.n, x[k]);
    }

    if constexpr (Policy::kOrder == TileOrder::block_index) {
        if (threadIdx.x == 0 && arrival == args.num_tiles - 1) status.advance_epoch(epoch);
    }
    // Once every kEpochPeriod launches: clear the words before the tags come round again.
    if (epoch == kEpochPeriod - 1) status.clear_if_last(args.num_tiles, &s_last_block);
}

}  // namespace scanlab::production
