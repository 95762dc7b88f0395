#pragma once
// The scan of one tile inside one block, before the tile knows what comes before it.
//
// Layout ("warp-striped vectors"): warp w owns a contiguous segment of 32 * K vectors of the tile;
// row k of that segment is 32 consecutive 16-byte vectors, lane l holding the l-th. So every load
// and store instruction of a warp covers 512 contiguous bytes (perfectly coalesced), and no
// shared-memory transpose is needed. The scan goes thread (within a vector), warp (across the 32
// lanes of a row, row after row), block (across warps, one shared-memory pass).
#include <type_traits>

#include "kernels/production/thread_io.cuh"
#include "kernels/production/warp_scan.cuh"

namespace scanlab::production {

// Scans one row of the warp's segment in place (lane l's vector v), given the combination of the
// segment's rows before it, which it then advances by this row's total.
template <class T, class Op>
__device__ __forceinline__ void scan_warp_row(T (&v)[kVectorItems<T>], T& segment_total, bool exclusive, int lane, Op op) {
    constexpr int V = kVectorItems<T>;
#pragma unroll
    for (int i = 1; i < V; ++i) v[i] = op(v[i - 1], v[i]);
    const T inclusive = warp_inclusive_scan(v[V - 1], lane, op);
    T exclusive_lane = __shfl_up_sync(kFullWarp, inclusive, 1);
    if (lane == 0) exclusive_lane = Op::identity();
    const T row_total = __shfl_sync(kFullWarp, inclusive, kWarpThreads - 1);
    // Everything of the segment before this lane's vector.
    const T before = op(segment_total, exclusive_lane);
    if (exclusive) {
#pragma unroll
        for (int i = V - 1; i > 0; --i) v[i] = op(before, v[i - 1]);
        v[0] = before;
    } else {
#pragma unroll
        for (int i = 0; i < V; ++i) v[i] = op(before, v[i]);
    }
    segment_total = op(segment_total, row_total);
}

// Scans the warp's segment in place. On return x[k][i] is the scan of the segment up to that item
// (inclusive), or up to the item before it (exclusive: the segment's first item becomes the
// identity), and the segment's aggregate is returned to every lane. What is left to add is the
// prefix of everything before the segment, the same for every item.
template <int K, class T, class Op>
__device__ __forceinline__ T scan_warp_segment(T (&x)[K][kVectorItems<T>], bool exclusive, int lane, Op op) {
    T segment_total = Op::identity();
#pragma unroll
    for (int k = 0; k < K; ++k) scan_warp_row(x[k], segment_total, exclusive, lane, op);
    return segment_total;
}

// The total scan_warp_row adds to the segment for this row, to the bit: the lane's items in order,
// then the lanes in the tree that Kogge-Stone's last lane ends with (a butterfly pairs the same
// lanes, earlier operand first, at every level: warp_scan.cuh).
template <class T, class Op>
__device__ __forceinline__ T row_total_in_scan_order(const T (&v)[kVectorItems<T>], int lane, Op op) {
    T total = v[0];
#pragma unroll
    for (int i = 1; i < kVectorItems<T>; ++i) total = op(total, v[i]);
    return warp_reduce(total, lane, op);
}

// The segment's aggregate before any scan, for publishing it early. Integers: each thread folds
// its items, then one warp reduction (another order than the scan's, exact for them). Other types:
// the scan's own order, row by row (one butterfly per row, the rows independent of each other), so
// the aggregate published is the very value the scan ends with.
template <int K, class T, class Op>
__device__ __forceinline__ T reduce_warp_segment(const T (&x)[K][kVectorItems<T>], int lane, Op op) {
    constexpr int V = kVectorItems<T>;
    if constexpr (std::is_integral_v<T>) {
        T total = x[0][0];
#pragma unroll
        for (int k = 0; k < K; ++k)
#pragma unroll
            for (int i = (k == 0 ? 1 : 0); i < V; ++i) total = op(total, x[k][i]);
        return warp_reduce(total, lane, op);
    } else {
        T total = Op::identity();
#pragma unroll
        for (int k = 0; k < K; ++k) total = op(total, row_total_in_scan_order(x[k], lane, op));
        return total;
    }
}

template <class T>
struct WarpPrefix {
    T warp_prefix;  // everything of the tile before this warp's segment
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
