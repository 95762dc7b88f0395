#pragma once
// The single-pass scan's staged kernel (Hopper and later): one tile per block in blockIdx order,
// as the one-tile kernel, but the tile lives in shared memory rather than registers. Thread 0 asks
// the bulk copy engine for the whole tile in one instruction; the warps scan it row by row in place,
// and every thread adds the prefix row by row on the way out. A block needs few registers, so an SM
// holds as many blocks as its shared memory has tiles (6 of 32 KB on an H100 rather than 4 blocks
// of 32 KB in registers): more tiles in flight while look-backs wait.
//
// Who looks back (policy.cuh, StagedPolicy's LookBackWarp):
//  - warp 0, once the tile is reduced and its aggregate published (the look-back's first loads fly
//    while the warps scan);
//  - or a warp of its own, which draws the epoch and starts the look-back as the block starts:
//    a tile's prefix needs nothing of the tile itself, so the round trips to the predecessors'
//    words overlap the tile's load rather than follow it, and a tile spends less of its life
//    holding shared memory while it waits (docs/performance.md, eighth round).
#include <cstdint>
#include <type_traits>

#include "kernels/production/block_scan.cuh"
#include "kernels/production/bulk_copy.cuh"
#include "kernels/production/policy.cuh"
#include "kernels/production/single_pass_scan.cuh"
#include "kernels/production/thread_io.cuh"
#include "kernels/production/tile_scan.cuh"
#include "kernels/production/tile_status.cuh"

namespace scanlab::production {

// A warp's segment of a staged tile: K rows of 32 vectors in shared memory, this thread's vector
// of row k at `items + k * row` (items: the tile's shared memory plus this thread's offset).
template <int K, class T>
struct StagedSegment {
    static constexpr int kRow = kWarpThreads * kVectorItems<T>;
    T* items;

    // The rows of a partial tile (or misaligned arrays), each thread its own vectors, which only
    // it reads back.
    __device__ __forceinline__ void load_partial_rows(const SinglePassArgs<T>& args, int64_t first, T fill) const {
#pragma unroll
        for (int k = 0; k < K; ++k) {
            T v[kVectorItems<T>];
            load_partial<CacheHints::read_only>(args.in, first + k * kRow, args.n, args.vector_io, fill, v);
            store_shared_vector(items + k * kRow, v);
        }
    }

    // The segment's total, warp-wide, before the scan: integers sum each thread's items then
    // across the warp (another order, exact); floating-point types take the scan's order
    // (block_scan.cuh: reduce_warp_segment), so the aggregate is the scan's total to the bit.
    template <class Op>
    __device__ __forceinline__ T reduce(int lane, Op op) const {
        if constexpr (std::is_integral_v<T>) {
            T mine = Op::identity();
#pragma unroll 2
            for (int k = 0; k < K; ++k) {
                T v[kVectorItems<T>];
                load_shared_vector(items + k * kRow, v);
#pragma unroll
                for (int i = 0; i < kVectorItems<T>; ++i) mine = op(mine, v[i]);
            }
            return warp_reduce(mine, lane, op);
        } else {
            T total = Op::identity();
#pragma unroll 2
            for (int k = 0; k < K; ++k) {
                T v[kVectorItems<T>];
                load_shared_vector(items + k * kRow, v);
                total = op(total, row_total_in_scan_order(v, lane, op));
            }
            return total;
        }
    }

    // Scans the segment in place, row by row (two rows at a time: enough independent shuffles to
    // hide their latency, few enough registers); returns its total.
    template <class Op>
    __device__ __forceinline__ T scan(bool exclusive, int lane, Op op) const {
        T running = Op::identity();
#pragma unroll 2
        for (int k = 0; k < K; ++k) {
            T v[kVectorItems<T>];
            load_shared_vector(items + k * kRow, v);
            scan_warp_row(v, running, exclusive, lane, op);
            store_shared_vector(items + k * kRow, v);
        }
        return running;
    }

    // Adds the prefix and stores, row by row.
    template <class Op>
    __device__ __forceinline__ void store(const SinglePassArgs<T>& args, int64_t first, bool whole, T prefix, Op op) const {
#pragma unroll 2
        for (int k = 0; k < K; ++k) {
            T v[kVectorItems<T>];
            load_shared_vector(items + k * kRow, v);
#pragma unroll
            for (int i = 0; i < kVectorItems<T>; ++i) v[i] = op(prefix, v[i]);
            if (whole)
                store_vector<CacheHints::read_only>(args.out + first + k * kRow, v);
            else
                store_partial<CacheHints::read_only>(args.out, first + k * kRow, args.n, args.vector_io, v);
        }
    }
};

// Thread 0: the whole tile into shared memory by one bulk copy, completing on `full`.
__device__ __forceinline__ void stage_whole_tile(void* shared, const void* global, uint32_t bytes, uint64_t* full) {
    mbarrier_init(full, 1);
    fence_mbarrier_init();
    mbarrier_arrive_expect_bytes(full, bytes);
    bulk_load(shared, global, bytes, full);
}

// Named barriers (ids 1-15; 0 is __syncthreads): `threads` of the block meet, whole warps.
__device__ __forceinline__ void barrier_sync(int id, int threads) { asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory"); }

template <class Policy, class T, class Op>
__global__ void __launch_bounds__(Policy::kThreads, min_blocks_per_sm<Policy>())
    staged_scan_kernel(SinglePassArgs<T> args, TileStatus<T> status) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    static_assert(Policy::kPublish == Publish::after_reduce, "the staged kernel publishes the aggregate before its scan");
    constexpr int K = Policy::kVectorsPerLane;
    constexpr int kScanWarps = Policy::kScanWarps;
    constexpr int kSegmentItems = StagedSegment<K, T>::kRow * K;
    constexpr int64_t kTileItems = int64_t(kSegmentItems) * kScanWarps;
    const Op op{};

    extern __shared__ __align__(128) unsigned char s_bytes[];  // the tile
    __shared__ uint64_t s_full;
    __shared__ uint32_t s_epoch;
    __shared__ TileScanShared<kScanWarps, T> s_scan;
    __shared__ T s_aggregate;

    const int warp = int(threadIdx.x) / kWarpThreads;
    const int lane = int(threadIdx.x) % kWarpThreads;
    const uint32_t tile = blockIdx.x;
    const int64_t tile_base = int64_t(tile) * kTileItems;
    const bool whole = args.vector_io && args.n - tile_base >= kTileItems;
    const bool chained = args.num_tiles > 1;
    const int offset = warp * kSegmentItems + lane * kVectorItems<T>;  // this thread's vector of row 0, in the tile
    const StagedSegment<K, T> segment{reinterpret_cast<T*>(s_bytes) + offset};
    bool last_epoch = false;  // this launch's epoch is the last before tags repeat (tile_status.cuh)

    if constexpr (Policy::kLookBackWarp) {
        // The block meets at two barriers, each one instruction for every warp: A, once the epoch
        // is drawn and the bulk copy's barrier initialised (the scanning warps wait for their tile
        // past it anyway); B, once the prefix is known and the tile scanned. Between them the
        // look-back warp's round trips overlap the tile's load, reduction and scan; the scanning
        // warps meet among themselves (named barrier 1) for the block's totals.
        constexpr int kScanners = kScanWarps * kWarpThreads;
        const bool looks_back = warp == kScanWarps;
        if (looks_back) {
            if (chained && lane == 0) s_epoch = status.arrive(args.num_tiles);
        } else if (whole) {
            if (threadIdx.x == 0) stage_whole_tile(s_bytes, args.in + tile_base, uint32_t(Policy::kSharedBytes), &s_full);
        } else {
            segment.load_partial_rows(args, tile_base + offset, Op::identity());
        }
        __syncthreads();  // A
        last_epoch = chained && s_epoch == kEpochPeriod - 1;
        const uint32_t tag = chained ? s_epoch + 1 : 0;
        T before = Op::identity();
        if (looks_back) {
            T tile_prefix = Op::identity();
            if (chained && tile != 0) {
                typename TileStatus<T>::Word window[1] = {};
                status.template first_window<1>(tile, lane, window);
                tile_prefix = status.template look_back<1, 0>(tile, tag, lane, op, window);
            }
            if (lane == 0) s_scan.tile_prefix = tile_prefix;
        } else {
            if (whole) mbarrier_wait(&s_full, 0);
            const T segment_total = segment.reduce(lane, op);
            if (lane == 0) s_scan.warp_totals[warp] = segment_total;
            barrier_sync(1, kScanners);
            T aggregate = Op::identity();
#pragma unroll
            for (int w = 0; w < kScanWarps; ++w) {
                if (w == warp) before = aggregate;
                aggregate = op(aggregate, s_scan.warp_totals[w]);
            }
            if (chained && threadIdx.x == 0) {
                status.publish_first(tile, aggregate, tag, 0);
                s_aggregate = aggregate;  // read back by this thread only: no register held across the scan
            }
            segment.scan(args.exclusive, lane, op);
        }
        __syncthreads();  // B
        if (!looks_back) {
            const T tile_prefix = s_scan.tile_prefix;
            if (chained && tile != 0 && threadIdx.x == 0) status.publish_inclusive(tile, op(tile_prefix, s_aggregate), tag);
            segment.store(args, tile_base + offset, whole, op(tile_prefix, before), op);
        }
    } else {
        // 1. The tile into shared memory.
        if (whole) {
            if (threadIdx.x == 0) stage_whole_tile(s_bytes, args.in + tile_base, uint32_t(Policy::kSharedBytes), &s_full);
        } else {
            segment.load_partial_rows(args, tile_base + offset, Op::identity());
        }
        __syncthreads();  // the barrier is initialised
        // The epoch, while the copy is in flight; the block scan's barrier shares it.
        if (threadIdx.x == 0 && chained) s_epoch = status.arrive(args.num_tiles);
        if (whole) mbarrier_wait(&s_full, 0);

        // 2. The block's totals: a first pass reduces each segment, so warp 0 can publish the
        // aggregate and send its look-back loads before the scan.
        const WarpPrefix<T> block = combine_warps<kScanWarps>(segment.reduce(lane, op), warp, lane, s_scan.warp_totals, op);

        // 3. Warp 0 publishes and looks back (its first loads in flight while the warps scan).
        const bool looks_back = warp == 0 && chained;
        const uint32_t tag = looks_back ? s_epoch + 1 : 0;
        typename TileStatus<T>::Word window[1] = {};
        if (looks_back) status.publish_and_start(tile, block.tile_aggregate, tag, lane, window);
        segment.scan(args.exclusive, lane, op);
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
        segment.store(args, tile_base + offset, whole, prefix, op);
        last_epoch = chained && s_epoch == kEpochPeriod - 1;
    }

    if (last_epoch) status.clear_if_last(args.num_tiles);
#endif
}

}  // namespace scanlab::production
