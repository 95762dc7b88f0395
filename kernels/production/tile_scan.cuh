#pragma once
// One tile's work once its items are in registers (CUB's agent level): the block scan, the
// decoupled look-back for the prefix of every tile before it, and that prefix added to every
// item (single_pass_scan.cuh). The staged kernel (staged_scan.cuh) does the same steps on a tile
// in shared memory, and shares the pieces below.
#include <cstdint>
#include <type_traits>

#include "kernels/production/block_scan.cuh"
#include "kernels/production/policy.cuh"
#include "kernels/production/tile_status.cuh"

namespace scanlab::production {

template <int Warps, class T>
struct TileScanShared {
    T warp_totals[Warps];
    T tile_prefix;
};

// Publishing before the scan: the reduction gives the scan's total (block_scan.cuh: reduce_warp_segment).
template <class Policy, class T>
inline constexpr bool kPublishEarly = Policy::kPublish == Publish::after_reduce;

// Scans tile `tile` of `num_tiles`, held in x (each thread's K vectors), and adds the prefix of
// every tile before it. Every thread of the block calls it, once; up to two barriers inside. The
// epoch is read from `epoch` after the first barrier (thread 0 may still write it before). A tile
// alone (num_tiles == 1) publishes nothing; the first tile needs no second barrier (its prefix is
// the identity).
template <class Policy, class T, class Op>
__device__ __forceinline__ void scan_tile(T (&x)[Policy::kVectorsPerLane][kVectorItems<T>], uint32_t tile, uint32_t num_tiles,
                                          bool exclusive, const TileStatus<T>& status, const uint32_t* epoch,
                                          TileScanShared<Policy::kWarps, T>& shared, int warp, int lane, Op op) {
    constexpr int K = Policy::kVectorsPerLane;
    constexpr bool kEarly = kPublishEarly<Policy, T>;

    const T segment_total = kEarly ? reduce_warp_segment<K>(x, lane, op) : scan_warp_segment<K>(x, exclusive, lane, op);
    const WarpPrefix<T> block = combine_warps<Policy::kWarps>(segment_total, warp, lane, shared.warp_totals, op);

    // Warp 0 publishes the aggregate (or, for the first tile, the inclusive prefix) and sends the
    // look-back's first loads; with early publishing every warp scans its segment while they fly
    // (or, WindowAfterScan, warp 0 sends them after its scan: fewer come back too early).
    const bool looks_back = warp == 0 && num_tiles > 1;
    const uint32_t tag = looks_back ? *epoch + 1 : 0;
    constexpr int M = Policy::kLookBackWords;
    typename TileStatus<T>::Word window[M] = {};
    if constexpr (Policy::kWindowAfterScan) {
        if (looks_back) status.publish_first(tile, block.tile_aggregate, tag, lane);
        scan_warp_segment<K>(x, exclusive, lane, op);
        if (looks_back && tile != 0) status.first_window(tile, lane, window);
    } else {
        if (looks_back) status.publish_and_start(tile, block.tile_aggregate, tag, lane, window);
        if constexpr (kEarly) scan_warp_segment<K>(x, exclusive, lane, op);
    }
    if (warp == 0) {
        T tile_prefix = Op::identity();
        if (looks_back && tile != 0) {
            tile_prefix = status.template look_back<M, Policy::kBackoffNs>(tile, tag, lane, op, window);
            if (lane == 0) status.publish_inclusive(tile, op(tile_prefix, block.tile_aggregate), tag);
        }
        if (lane == 0) shared.tile_prefix = tile_prefix;
    }
    if (tile == 0) {
#pragma unroll
        for (int k = 0; k < K; ++k)
#pragma unroll
            for (int i = 0; i < kVectorItems<T>; ++i) x[k][i] = op(block.warp_prefix, x[k][i]);
        return;
    }
    __syncthreads();

    const T prefix = op(shared.tile_prefix, block.warp_prefix);
#pragma unroll
    for (int k = 0; k < K; ++k)
#pragma unroll
        for (int i = 0; i < kVectorItems<T>; ++i) x[k][i] = op(prefix, x[k][i]);
}

}  // namespace scanlab::production
