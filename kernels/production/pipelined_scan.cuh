#pragma once
// The single-pass scan's pipelined kernel (Hopper and later): a persistent grid, a few blocks per
// SM, each scanning tile after tile. A block keeps up to `depth` tiles in flight in shared memory,
// brought by the bulk copy engine (bulk_copy.cuh), so while warp 0 waits on a tile's look-back the
// next tiles' bytes are already on their way: the look-back's latency no longer idles the memory
// system, which one-tile-per-block blocks only hide by being many.
//
// Per block, thread 0 is the producer: it draws tickets (tile numbers, in the order blocks ask for
// them, so a block only ever waits on tiles held by running blocks) and asks the copy engine for
// each tile, into stage (fill number % depth), completing on that stage's barrier. Every thread
// consumes the fills in order:
//
//   wait for the stage's barrier -> the tile number (none: the block is done) and its bytes ->
//   registers; the block scan's first barrier (every thread has its items: thread 0 refills the
//   stage with the next ticket's tile and draws another) -> look-back -> store from registers.
//
// Partial tiles and misaligned arrays skip the copy engine: the producer only arrives, and the
// consumers read that tile from global memory as the one-tile kernel does. Tickets are drawn one
// at a time: `depth` round trips fill the stages at the start, then each refill draws the ticket
// of the next one. Each block stops drawing at its first ticket past the last tile; the last block
// to stop sets the counter to the next epoch (tile_status.cuh).
#include <cstdint>

#include "bulk_copy.cuh"
#include "policy.cuh"
#include "single_pass_scan.cuh"
#include "thread_io.cuh"
#include "tile_scan.cuh"
#include "tile_status.cuh"

namespace scanlab::production {

inline constexpr uint32_t kNoTile = 0xffffffffu;

// depth: stages in use (1..Policy::kStages), chosen by the host so that the first draws leave
// tickets for every block.
template <class Policy, class T, class Op>
__global__ void __launch_bounds__(Policy::kThreads, Policy::kBlocksPerSM)
    pipelined_scan_kernel(SinglePassArgs<T> args, TileStatus<T> status, uint32_t depth) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    constexpr int V = kVectorItems<T>;
    constexpr int K = Policy::kVectorsPerLane;
    constexpr int64_t kSegmentItems = int64_t(kWarpThreads) * K * V;
    constexpr int64_t kTileItems = kSegmentItems * Policy::kWarps;
    constexpr uint32_t kTileBytes = uint32_t(kTileItems * sizeof(T));
    const Op op{};

    extern __shared__ __align__(128) unsigned char s_stages[];  // depth x kTileBytes
    __shared__ uint64_t s_full[Policy::kStages];
    __shared__ uint32_t s_tile[Policy::kStages];
    __shared__ uint32_t s_epoch;
    __shared__ TileScanShared<Policy::kWarps, T> s_scan;
    __shared__ bool s_last_block;

    const int warp = int(threadIdx.x) / kWarpThreads;
    const int lane = int(threadIdx.x) % kWarpThreads;
    // Tiles the copy engine can bring: whole, with both arrays aligned.
    const uint64_t copyable = args.vector_io ? uint64_t(args.n / kTileItems) : 0;

    // The producer (thread 0): fills a stage with a tile, or with "none".
    auto fill = [&](uint32_t stage, uint32_t tile) {
        s_tile[stage] = tile;
        if (tile < copyable) {
            mbarrier_arrive_expect_bytes(&s_full[stage], kTileBytes);
            bulk_load(s_stages + size_t(stage) * kTileBytes, args.in + int64_t(tile) * kTileItems, kTileBytes, &s_full[stage]);
        } else {
            mbarrier_arrive(&s_full[stage]);
        }
    };
    // Thread 0's state: the ticket of the next fill (drawn one fill ahead), whether more may
    // come, and whether a "none" is queued (the consumers stop there; nothing is filled after it).
    uint32_t pending = kNoTile;
    bool drawing = false, none_queued = false;
    if (threadIdx.x == 0) {
        for (int s = 0; s < Policy::kStages; ++s) mbarrier_init(&s_full[s], 1);
        fence_mbarrier_init();
        // One ticket at a time, each after the last came back: every block draws its first tile
        // in the first round trip, its second in the second, ... so a block's stages hold tiles
        // about a grid apart. (Drawing `depth` consecutive tiles at once chained the blocks: a
        // block's first tile waited on its predecessor's last, which that block scans last.)
        const uint64_t drawn = status.draw(1);
        const uint32_t epoch = uint32_t(drawn >> 32);
        if (epoch >= kEpochPeriod) __trap();  // the storage was not prepared
        s_epoch = epoch;
        uint32_t next = uint32_t(drawn);
        for (uint32_t s = 0; s < depth && !none_queued; ++s) {
            if (next < args.num_tiles) {
                fill(s, next);
                next = uint32_t(status.draw(1));
            } else {
                fill(s, kNoTile);
                none_queued = true;
            }
        }
        drawing = !none_queued;
        if (drawing) pending = next;
        else status.stop_drawing(gridDim.x, epoch);
    }
    __syncthreads();

    T x[K][V];
    for (uint32_t fill_number = 0;; ++fill_number) {
        const uint32_t stage = fill_number % depth;
        mbarrier_wait(&s_full[stage], (fill_number / depth) & 1u);
        const uint32_t tile = s_tile[stage];
        if (tile == kNoTile) break;

        const int64_t tile_base = int64_t(tile) * kTileItems;
        const int64_t offset = warp * kSegmentItems + lane * V;  // in the tile
        const bool staged = tile < copyable;
        if (staged) {
            const T* items = reinterpret_cast<const T*>(s_stages + size_t(stage) * kTileBytes);
#pragma unroll
            for (int k = 0; k < K; ++k) load_shared_vector(items + offset + k * kWarpThreads * V, x[k]);
        } else {
            load_tile<CacheHints::read_only>(args.in, tile_base + offset, args.n, false, args.vector_io, Op::identity(), x);
        }

        scan_tile<Policy, /*Persistent=*/true>(x, tile, args.num_tiles, args.exclusive, status, &s_epoch, s_scan, warp, lane, op, [&] {
            // Every thread has read the stage: thread 0 refills it with the ticket drawn one fill
            // ago, and draws the next.
            if (threadIdx.x != 0 || none_queued) return;
            if (drawing && pending < args.num_tiles) {
                fill(stage, pending);
                pending = uint32_t(status.draw(1));
            } else {
                fill(stage, kNoTile);
                none_queued = true;
                if (drawing) status.stop_drawing(gridDim.x, s_epoch);
                drawing = false;
            }
        });

        store_tile<CacheHints::read_only>(args.out, tile_base + offset, args.n, staged, args.vector_io, x);
    }

    if (s_epoch == kEpochPeriod - 1) status.clear_if_last(gridDim.x, &s_last_block);
#endif
}

}  // namespace scanlab::production
