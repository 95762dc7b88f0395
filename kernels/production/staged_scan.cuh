#pragma once
// The single-pass scan's staged kernels (Hopper and later). The staged kernel: one tile per block in blockIdx order,
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

// The steps of a staged tile once its items are in shared memory (`s_items`, this block's tile
// `tile`; `whole`: brought in by one bulk copy, else by each thread's own vectors, which only it
// reads back): the block's totals, each warp's scan of its segment in place, warp 0's look-back,
// and the prefix added on the way out. Every thread of the block calls it; barriers inside. The
// epoch is read from `epoch` after the first barrier. The staged and the pipelined kernels share it.
template <class Policy, class T, class Op>
__device__ __forceinline__ void scan_staged_tile(T* s_items, uint32_t tile, bool whole, const SinglePassArgs<T>& args, const TileStatus<T>& status,
                                                 const uint32_t* epoch, TileScanShared<Policy::kWarps, T>& s_scan, int warp, int lane) {
    constexpr int V = kVectorItems<T>;
    constexpr int K = Policy::kVectorsPerLane;
    constexpr int kRow = kWarpThreads * V;  // items of one row of a warp's segment
    constexpr int64_t kTileItems = int64_t(kRow) * K * Policy::kWarps;
    const Op op{};
    const int64_t tile_base = int64_t(tile) * kTileItems;
    const int offset = warp * kRow * K + lane * V;  // this thread's vector of row 0, in the tile

    // The block's totals, then each warp scans its segment in place, row by row (two rows at a
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

    // Warp 0 publishes and looks back (its first loads in flight while the warps scan, early).
    const bool looks_back = warp == 0 && args.num_tiles > 1;
    const uint32_t tag = looks_back ? *epoch + 1 : 0;
    constexpr int M = Policy::kLookBackWords;
    typename TileStatus<T>::Word window[M] = {};
    if (looks_back) status.publish_and_start(tile, block.tile_aggregate, tag, lane, window);
    if constexpr (kEarly) scan_rows();
    T prefix = block.warp_prefix;
    if (tile != 0) {
        if (looks_back) {
            const T tile_prefix = status.template look_back<M, 0>(tile, tag, lane, op, window);
            if (lane == 0) {
                status.publish_inclusive(tile, op(tile_prefix, block.tile_aggregate), tag);
                s_scan.tile_prefix = tile_prefix;
            }
        }
        __syncthreads();
        prefix = op(s_scan.tile_prefix, block.warp_prefix);
    }
    // (No barrier before the rows are read back: each thread reads only the vectors it scanned.)

    // Add the prefix and store, row by row: each thread its vectors, or (BulkStore, a whole tile)
    // back into shared memory, then thread 0 sends the tile out in one bulk copy and waits until the
    // engine has read it (the buffer is reused, or freed when the block ends).
    const uint64_t l2_policy = Policy::kEvictFirst ? l2_evict_first() : 0;
    if (Policy::kBulkStore && whole) {
#pragma unroll 2
        for (int k = 0; k < K; ++k) {
            T v[V];
            load_shared_vector(s_items + offset + k * kRow, v);
#pragma unroll
            for (int i = 0; i < V; ++i) v[i] = op(prefix, v[i]);
            store_shared_vector(s_items + offset + k * kRow, v);
        }
        fence_proxy_async_shared();
        __syncthreads();
        if (threadIdx.x == 0) {
            bulk_store(args.out + tile_base, s_items, uint32_t(Policy::kTileBytes), l2_policy);
            bulk_store_wait_read();
        }
        return;
    }
#pragma unroll 2
    for (int k = 0; k < K; ++k) {
        T v[V];
        load_shared_vector(s_items + offset + k * kRow, v);
#pragma unroll
        for (int i = 0; i < V; ++i) v[i] = op(prefix, v[i]);
        if (whole) {
            if constexpr (Policy::kEvictFirst) store_vector<CacheHints::streaming>(args.out + tile_base + offset + k * kRow, v);
            else store_vector<CacheHints::read_only>(args.out + tile_base + offset + k * kRow, v);
        } else {
            store_partial<CacheHints::read_only>(args.out, tile_base + offset + k * kRow, args.n, args.vector_io, v);
        }
    }
}

// A tile that is not brought in whole by the bulk copy engine (the last, partial tile, or arrays
// not 16-byte aligned): each thread loads its own vectors into the tile's place in shared memory.
template <class Policy, class T, class Op>
__device__ __forceinline__ void load_staged_tile_by_threads(T* s_items, uint32_t tile, const SinglePassArgs<T>& args, int warp, int lane) {
    constexpr int V = kVectorItems<T>;
    constexpr int K = Policy::kVectorsPerLane;
    constexpr int kRow = kWarpThreads * V;
    const int64_t tile_base = int64_t(tile) * (int64_t(kRow) * K * Policy::kWarps);
    const int offset = warp * kRow * K + lane * V;
#pragma unroll
    for (int k = 0; k < K; ++k) {
        T v[V];
        load_partial<CacheHints::read_only>(args.in, tile_base + offset + k * kRow, args.n, args.vector_io, Op::identity(), v);
        store_shared_vector(s_items + offset + k * kRow, v);
    }
}

template <class Policy, class T, class Op>
__global__ void __launch_bounds__(Policy::kThreads, min_blocks_per_sm<Policy>())
    staged_scan_kernel(SinglePassArgs<T> args, TileStatus<T> status) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    static_assert(Policy::kStages == 1, "one tile per block");
    constexpr int64_t kTileItems = Policy::template tile_items<T>();

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
    const bool whole = args.vector_io && args.n - tile_base >= kTileItems;

    // The tile into shared memory: one bulk copy, or (partial tile, misaligned arrays) each thread
    // its own vectors.
    if (whole) {
        if (threadIdx.x == 0) {
            mbarrier_init(&s_full, 1);
            fence_mbarrier_init();
            mbarrier_arrive_expect_bytes(&s_full, uint32_t(Policy::kTileBytes));
            if constexpr (Policy::kEvictFirst) bulk_load(s_bytes, args.in + tile_base, uint32_t(Policy::kTileBytes), &s_full, l2_evict_first());
            else bulk_load(s_bytes, args.in + tile_base, uint32_t(Policy::kTileBytes), &s_full);
        }
    } else {
        load_staged_tile_by_threads<Policy, T, Op>(s_items, tile, args, warp, lane);
    }
    __syncthreads();  // the barrier is initialised
    // The epoch, while the copy is in flight; the block scan's barrier shares it.
    if (threadIdx.x == 0 && args.num_tiles > 1) s_epoch = status.arrive(args.num_tiles);
    if (whole) mbarrier_wait(&s_full, 0);

    scan_staged_tile<Policy, T, Op>(s_items, tile, whole, args, status, &s_epoch, s_scan, warp, lane);

    if (args.num_tiles > 1 && s_epoch == kEpochPeriod - 1) status.clear_if_last(args.num_tiles, &s_last_block);
#endif
}

// The pipelined kernel (Hopper and later): persistent blocks, as many as the SMs hold, each with
// Policy::kStages tiles of shared memory. A block scans one tile while the bulk copy engine brings
// its next ones in, so its look-back's wait (an L2 round trip or more) no longer leaves its share of
// the SM's bandwidth idle; and blocks are launched once, not once per tile. Tiles come from
// tickets (TileStatus::pipelined_ticket), asked for a tile ahead of the copy that needs them: every
// tile a block waits on is held by a block already running.
template <class Policy, class T, class Op>
__global__ void __launch_bounds__(Policy::kThreads, min_blocks_per_sm<Policy>())
    pipelined_scan_kernel(SinglePassArgs<T> args, TileStatus<T> status) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    constexpr int S = Policy::kStages;
    static_assert(S >= 2, "a tile scanned while the next one loads");
    constexpr int64_t kTileItems = Policy::template tile_items<T>();

    extern __shared__ __align__(128) unsigned char s_bytes[];  // S tiles, one after the other
    __shared__ uint64_t s_full[S];
    __shared__ uint32_t s_tile[S];  // the tile each buffer holds or receives; num_tiles or more: none
    __shared__ uint32_t s_epoch;
    __shared__ TileScanShared<Policy::kWarps, T> s_scan;
    __shared__ bool s_last_block;

    const int warp = int(threadIdx.x) / kWarpThreads;
    const int lane = int(threadIdx.x) % kWarpThreads;
    auto buffer = [&](int b) { return reinterpret_cast<T*>(s_bytes + size_t(b) * Policy::kTileBytes); };
    auto is_whole = [&](uint32_t tile) { return args.vector_io && args.n - int64_t(tile) * kTileItems >= kTileItems; };
    // Thread 0: buffer b's next phase, for `tile`: the bulk copy, or (no tile, a tile the threads
    // load) an arrival with no bytes, so that every phase of every buffer completes.
    auto fill = [&](int b, uint32_t tile) {
        if (tile < args.num_tiles && is_whole(tile)) {
            mbarrier_arrive_expect_bytes(&s_full[b], uint32_t(Policy::kTileBytes));
            if constexpr (Policy::kEvictFirst)
                bulk_load(buffer(b), args.in + int64_t(tile) * kTileItems, uint32_t(Policy::kTileBytes), &s_full[b], l2_evict_first());
            else
                bulk_load(buffer(b), args.in + int64_t(tile) * kTileItems, uint32_t(Policy::kTileBytes), &s_full[b]);
        } else {
            mbarrier_arrive(&s_full[b]);
        }
    };
    // Thread 0: tickets, until the first one past the last tile (each block draws exactly one such;
    // TileStatus::draw_pipelined counts on it). A ticket is asked for a tile before it is needed, and
    // its answer read only then, so the atomic's round trip is never waited for.
    uint32_t last_drawn = 0;
    uint64_t asked = 0;
    auto take = [&]() {  // the ticket asked for, and the next one asked for
        if (last_drawn >= args.num_tiles) return last_drawn;
        const Ticket t = status.pipelined_ticket(asked, args.num_tiles, gridDim.x);
        if (t.tile < args.num_tiles) asked = status.ask_ticket();
        s_epoch = t.epoch;
        return last_drawn = t.tile;
    };

    if (threadIdx.x == 0) {
#pragma unroll
        for (int b = 0; b < S; ++b) mbarrier_init(&s_full[b], 1);
        fence_mbarrier_init();
        asked = status.ask_ticket();
        for (int b = 0; b < S; ++b) {
            s_tile[b] = take();
            fill(b, s_tile[b]);
        }
    }
    __syncthreads();
    const uint32_t epoch = s_epoch;

    for (uint32_t i = 0;; ++i) {
        const int b = int(i % S);
        const uint32_t tile = s_tile[b];
        if (tile >= args.num_tiles) break;  // tickets rise: every later buffer is empty too
        T* const s_items = buffer(b);
        const bool whole = is_whole(tile);
        if (!whole) load_staged_tile_by_threads<Policy, T, Op>(s_items, tile, args, warp, lane);
        mbarrier_wait(&s_full[b], (i / S) & 1u);

        scan_staged_tile<Policy, T, Op>(s_items, tile, whole, args, status, &epoch, s_scan, warp, lane);

        // The buffer's last reads and writes by the threads come before the copy engine's writes.
        fence_proxy_async_shared();
        __syncthreads();
        if (threadIdx.x == 0) {
            // (Buffer b's tile is read again S tiles later, after the barriers of the tiles between.)
            s_tile[b] = take();
            fill(b, s_tile[b]);
        }
    }

    if (epoch == kEpochPeriod - 1) status.clear_if_last(gridDim.x, &s_last_block);
#endif
}

}  // namespace scanlab::production
