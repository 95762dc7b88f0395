#pragma once
// The scan of one tile inside one block, before the tile knows what comes before it.
//
// Layout ("warp-striped vectors"): warp w owns a contiguous segment of 32 * K vectors of the tile;
// row k of that segment is 32 consecutive 16-byte vectors, lane l holding the l-th. So every load
// and store instruction of a warp covers 512 contiguous bytes (perfectly coalesced), and no
// shared-memory transpose is needed. The scan goes thread (within a vector), warp (across the 32
// lanes of a row, row after row), block (across warps, one shared-memory pass).
#include "thread_io.cuh"
#include "warp_scan.cuh"

namespace scanlab::production {

// Scans the warp's segment in place. On return x[k][i] is the inclusive scan of lane's vector k up
// to item i (the vector alone), lane_prefix[k] combines everything of the segment before that
// vector, and the segment's aggregate is returned to every lane.
template <int K, class T, class Op>
__device__ __forceinline__ T scan_warp_segment(T (&x)[K][kVectorItems<T>], T (&lane_prefix)[K], int lane, Op op) {
    constexpr int V = kVectorItems<T>;
    T segment_total = Op::identity();
#pragma unroll
    for (int k = 0; k < K; ++k) {
#pragma unroll
        for (int i = 1; i < V; ++i) x[k][i] = op(x[k][i - 1], x[k][i]);
        const T inclusive = warp_inclusive_scan(x[k][V - 1], lane, op);
        T exclusive = __shfl_up_sync(kFullWarp, inclusive, 1);
        if (lane == 0) exclusive = Op::identity();
        const T row_total = __shfl_sync(kFullWarp, inclusive, kWarpThreads - 1);
        lane_prefix[k] = op(segment_total, exclusive);
        segment_total = op(segment_total, row_total);
    }
    return segment_total;
}

template <class T> struct WarpPrefix {
    T warp_prefix;     // everything of the tile before this warp's segment
    T tile_aggregate;  // the whole tile
};

// One shared-memory pass over the warps' aggregates (a barrier inside: every thread must call it).
template <int Warps, class T, class Op>
__device__ __forceinline__ WarpPrefix<T> combine_warps(T segment_total, int warp, int lane, T* shared_totals, Op op) {
    if (lane == 0) shared_totals[warp] = segment_total;
    __syncthreads();
    T running = Op::identity(), before = Op::identity();
#pragma unroll
    for (int w = 0; w < Warps; ++w) {
        if (w == warp) before = running;
        running = op(running, shared_totals[w]);
    }
    return {before, running};
}

}  // namespace scanlab::production
