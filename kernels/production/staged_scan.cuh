#pragma once
// The single-pass scan's staged kernel (Hopper and later): one tile per block in blockIdx order,
// as the one-tile kernel, but the tile lives in shared memory rather than registers. Thread 0 asks
// the bulk copy engine for the whole tile in one instruction; the warps scan it row by row in place,
// warp 0 looks back, and every thread adds the prefix row by row on the way out. A block needs few
// registers, so an SM holds as many blocks as its shared memory has tiles (6 of 32 KB on an H100
// rather than 4 blocks of 32 KB in registers): more tiles in flight while look-backs wait.
#include <cstdint>

#include "kernels/production/block_scan.cuh"
#include "kernels/production/bulk_copy.cuh"
#include "kernels/production/policy.cuh"
#include "kernels/production/single_pass_scan.cuh"
#include "kernels/production/thread_io.cuh"
#include "kernels/production/tile_scan.cuh"
#include "kernels/production/tile_status.cuh"

namespace scanlab::production {

template <class Policy, class T, class Op>
__global__ void __launch_bounds__(Policy::kThreads, min_blocks_per_sm<Policy>())
    staged_scan_kernel(SinglePassArgs<T> args, TileStatus<T> status) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    constexpr int V = kVectorItems<T>;
    constexpr int K = Policy::kVectorsPerLane;
    constexpr int kRow = kWarpThreads * V;  // items of one row of a warp's segment
    constexpr int64_t kSegmentItems = int64_t(kRow) * K;
    constexpr int64_t kTileItems = kSegmentItems * Policy::kWarps;
    constexpr uint32_t kTileBytes = uint32_t(kTileItems * sizeof(T));
    const Op op{};

    extern __shared__ __align__(128) unsigned char s_bytes[];  // the tile
    T* const s_items = reinterpret_cast<T*>(s_bytes);
    __shared__ uint64_t s_full;
    __shared__ uint32_t s_epoch;
    __shared__ TileScanShared<Policy::kWarps, T> s_scan;
    __shared__ bool s_last_block;

    const int warp = int(threadIdx.x) / kWarpThreads;
    const int lane = int(threadIdx.x) % kWarpThreads;
    const uint32_t tile = blockIdx.x;
    const int64_t tile_base = int64_t(tile) * kTileItems;
    const int offset = warp * int(kSegmentItems) + lane * V;  // this thread's vector of row 0, in the tile
    const bool whole = args.vector_io && args.n - tile_base >= kTileItems;

    // 1. The tile into shared memory: one bulk copy, or (partial tile, misaligned arrays) each thread
    // its own vectors, which only it reads back.
    if (whole) {
        if (threadIdx.x == 0) {
            mbarrier_init(&s_full, 1);
            fence_mbarrier_init();
            mbarrier_arrive_expect_bytes(&s_full, kTileBytes);
            bulk_load(s_bytes, args.in + tile_base, kTileBytes, &s_full);
        }
    } else {
#pragma unroll
        for (int k = 0; k < K; ++k) {
            T v[V];
            load_partial<CacheHints::read_only>(args.in, tile_base + offset + k * kRow, args.n, args.vector_io, Op::identity(), v);
            store_shared_vector(s_items + offset + k * kRow, v);
        }
    }
    __syncthreads();  // the barrier is initialised
    // The epoch, while the copy is in flight; the block scan's barrier shares it.
    if (threadIdx.x == 0 && args.num_tiles > 1) s_epoch = status.arrive(args.num_tiles);
    if (whole) mbarrier_wait(&s_full, 0);

    // 2. The block's totals, then each warp scans its segment in place, row by row (two rows at a
    // time: enough independent shuffles to hide their latency, few enough registers). Publishing
    // early, a first pass reduces the segment so warp 0 can publish the aggregate and send its
    // look-back loads before the scan; otherwise the scan's totals serve.
    constexpr bool kEarly = kPublishEarly<Policy, T>;
    auto scan_rows = [&] {
        T running = Op::identity();
#pragma unroll 2
        for (int k = 0; k < K; ++k) {
            T v[V];
            load_shared_vector(s_items + offset + k * kRow, v);
            scan_warp_row(v, running, args.exclusive, lane, op);
            store_shared_vector(s_items + offset + k * kRow, v);
        }
        return running;
    };
    T segment_total = Op::identity();
    if constexpr (kEarly && std::is_integral_v<T>) {
        T mine = Op::identity();
#pragma unroll 2
        for (int k = 0; k < K; ++k) {
            T v[V];
            load_shared_vector(s_items + offset + k * kRow, v);
#pragma unroll
            for (int i = 0; i < V; ++i) mine = op(mine, v[i]);
        }
        segment_total = warp_reduce(mine, lane, op);
    } else if constexpr (kEarly) {
        // The scan's order (block_scan.cuh: reduce_warp_segment), so the aggregate is the scan's total to the bit.
#pragma unroll 2
        for (int k = 0; k < K; ++k) {
            T v[V];
            load_shared_vector(s_items + offset + k * kRow, v);
            segment_total = op(segment_total, row_total_in_scan_order(v, lane, op));
        }
    } else {
        segment_total = scan_rows();
    }
    const WarpPrefix<T> block = combine_warps<Policy::kWarps>(segment_total, warp, lane, s_scan.warp_totals, op);

    // 3. Warp 0 publishes and looks back (its first loads in flight while the warps scan, early).
    const bool looks_back = warp == 0 && args.num_tiles > 1;
    const uint32_t tag = looks_back ? s_epoch + 1 : 0;
    typename TileStatus<T>::Word window[1] = {};
    if (looks_back) status.publish_and_start(tile, block.tile_aggregate, tag, lane, window);
    if constexpr (kEarly) scan_rows();
    T prefix = block.warp_prefix;
    if (tile != 0) {
        if (looks_back) {
            const T tile_prefix = status.template look_back<1, 0>(tile, tag, lane, op, window);
            if (lane == 0) {
                status.publish_inclusive(tile, op(tile_prefix, block.tile_aggregate), tag);
                s_scan.tile_prefix = tile_prefix;
            }
        }
        __syncthreads();
        prefix = op(s_scan.tile_prefix, block.warp_prefix);
    }
    // (No barrier before the rows are read back: each thread reads only the vectors it scanned.)

    // 4. Add the prefix and store, row by row.
#pragma unroll 2
    for (int k = 0; k < K; ++k) {
        T v[V];
        load_shared_vector(s_items + offset + k * kRow, v);
#pragma unroll
        for (int i = 0; i < V; ++i) v[i] = op(prefix, v[i]);
        if (whole) store_vector<CacheHints::read_only>(args.out + tile_base + offset + k * kRow, v);
        else store_partial<CacheHints::read_only>(args.out, tile_base + offset + k * kRow, args.n, args.vector_io, v);
    }

    if (args.num_tiles > 1 && s_epoch == kEpochPeriod - 1) status.clear_if_last(args.num_tiles, &s_last_block);
#endif
}

}  // namespace scanlab::production
