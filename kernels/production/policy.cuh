#pragma once
// Tuning of the single-pass scan, as template policies (CUB's habit): how many threads a block
// has, how many 16-byte vectors each thread loads, and the cache hints of those loads and stores.
// The kernel is written once; each policy is one instantiation. Every variant the benchmark can
// time side by side (`scanlab bench --variants`) is one line of the table in single_pass_scan.cu.
#include <cstdint>
#include <type_traits>

#include "core/operators.hpp"

namespace scanlab::production {

// How loads and stores treat the caches.
enum class CacheHints : uint8_t {
    read_only,  // loads through the read-only path (ld.global.nc), plain stores
    streaming,  // evict-first loads and stores (ld.global.cs / st.global.cs): touched once
};

// How a block learns which tile it scans.
enum class TileOrder : uint8_t {
    // A ticket from a global counter, drawn by thread 0 before the loads: tiles go out in the order
    // blocks actually start, so a block only ever waits on tiles held by blocks already running.
    // Forward progress is guaranteed whatever the hardware's scheduling; the cost is one atomic
    // round trip before each block's loads.
    ticket,
    // blockIdx.x, as CUB does: the loads start at once, and the epoch is read beside them. Forward
    // progress relies on the GPU starting blocks in index order (every NVIDIA GPU does; the CUDA
    // programming guide does not promise it).
    block_index,
};

// When a tile's aggregate is published for its successors.
enum class Publish : uint8_t {
    // After the whole tile is scanned (the scan's last value is the aggregate).
    after_scan,
    // As soon as the tile is reduced (integers: a sum of each thread's items, one warp reduction;
    // floating-point types: the scan's own order, one warp reduction per row, so the aggregate is
    // the scan's total to the bit; then the warps' totals): warp 0 then looks back while every
    // warp scans its segment, so the look-back's L2 round trips overlap the scan.
    after_reduce,
};

// LookBackWords (M): each step of the look-back inspects 32 * M predecessors (M status words per
// lane), one round trip for all of them. WindowAfterScan (with Publish::after_reduce): warp 0 sends
// the first window's loads after its own scan rather than before it, so they come back later and
// find more of the predecessors' words written (fewer re-reads). BackoffNs: a pause (__nanosleep)
// before the look-back reads words that were not ready yet again, to spare L2 the polling. PrefetchWindow (blockIdx
// order): as the block starts, beside its loads, warp 0 asks L2 for the lines of its first window
// of status words, so that the window's reads, and any re-reads, find them in L2 even where a
// predecessor has not written its word yet (and not in device memory, where an L2 flush or other
// work since the last scan left them).
template <int Threads, int VectorsPerLane, CacheHints Hints = CacheHints::read_only, int MinBlocksPerSM = 1,
          TileOrder Order = TileOrder::ticket, Publish When = Publish::after_scan, int LookBackWords = 1, int BackoffNs = 0,
          bool PrefetchWindow = false, bool WindowAfterScan = false>
struct SinglePassPolicy {
    static_assert(Threads % 32 == 0 && Threads >= 32 && Threads <= 1024, "whole warps, at most 1024 threads");
    static_assert(VectorsPerLane >= 1 && VectorsPerLane <= 16, "a few 16-byte vectors per thread");
    static constexpr int kThreads = Threads;
    static constexpr int kWarps = Threads / 32;
    // Each thread holds VectorsPerLane vectors of 16 bytes: 4 elements of a 4-byte type, 2 of an 8-byte one.
    static constexpr int kVectorsPerLane = VectorsPerLane;
    static constexpr CacheHints kHints = Hints;
    static constexpr int kMinBlocksPerSM = MinBlocksPerSM;
    static constexpr TileOrder kOrder = Order;
    static constexpr Publish kPublish = When;
    static constexpr int kLookBackWords = LookBackWords;
    static constexpr int kBackoffNs = BackoffNs;
    static constexpr bool kPrefetchWindow = PrefetchWindow;
    static constexpr bool kWindowAfterScan = WindowAfterScan;
    static_assert(!WindowAfterScan || When == Publish::after_reduce, "a window after the scan needs the aggregate before it");

    template <class T>
    static constexpr int vector_items() {
        return int(16 / sizeof(T));
    }
    template <class T>
    static constexpr int items_per_thread() {
        return VectorsPerLane * vector_items<T>();
    }
    template <class T>
    static constexpr int tile_items() {
        return Threads * items_per_thread<T>();
    }
};

// The staged kernel (staged_scan.cuh, Hopper and later): one tile per block in blockIdx order,
// the tile brought into shared memory by one bulk copy and scanned there row by row, so a block
// holds few registers and many more blocks (tiles in flight) fit on an SM than when registers hold
// them. With LookBackWarp, the block has one more warp than scans (Threads counts it), which looks
// back from the block's start.
template <int Threads, int VectorsPerLane, int MinBlocksPerSM, Publish When = Publish::after_reduce, bool LookBackWarp = false>
struct StagedPolicy {
    static_assert(Threads % 32 == 0 && Threads >= 64 && Threads <= 1024, "whole warps, at most 1024 threads");
    static constexpr int kThreads = Threads;
    static constexpr int kWarps = Threads / 32;
    static constexpr bool kLookBackWarp = LookBackWarp;
    static constexpr int kScanWarps = kWarps - (LookBackWarp ? 1 : 0);  // the warps that hold the tile
    static constexpr int kVectorsPerLane = VectorsPerLane;
    static constexpr int kMinBlocksPerSM = MinBlocksPerSM;
    static constexpr Publish kPublish = When;
    static constexpr int kSharedBytes = kScanWarps * 32 * VectorsPerLane * 16;  // dynamic shared memory: the tile
    // Past the default 48 KB of shared memory per block (with the kernel's own few bytes) a tile
    // needs the kernel's opt-in, which the launch asks for; 227 KB is Hopper's most per block.
    static constexpr bool kOptIn = kSharedBytes > 47 * 1024;
    static_assert(kSharedBytes <= 226 * 1024, "a tile within one block's shared memory on Hopper");

    template <class T>
    static constexpr int vector_items() {
        return int(16 / sizeof(T));
    }
    template <class T>
    static constexpr int items_per_thread() {
        return VectorsPerLane * vector_items<T>();
    }
    template <class T>
    static constexpr int tile_items() {
        return kScanWarps * 32 * items_per_thread<T>();
    }
};

// Threads an SM can hold on the architecture being compiled (device passes see __CUDA_ARCH__), so
// a policy's minimum of resident blocks never asks more of an older GPU than it has.
constexpr int max_threads_per_sm() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
    return 1024;
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || __CUDA_ARCH__ == 890)
    return 1536;
#else
    return 2048;
#endif
}

template <class Policy>
constexpr int min_blocks_per_sm() {
    const int fit = max_threads_per_sm() / Policy::kThreads;
    return Policy::kMinBlocksPerSM < fit ? Policy::kMinBlocksPerSM : (fit > 0 ? fit : 1);
}

// The production choice (variant 0 of every type and operator), by GPU and size:
//  - Small (tiles of 16 KB, no more than kSmallTilesPerSM per SM: one wave of blocks): one tile per
//    block in registers, blockIdx order, the first look-back window prefetched into L2. Integers and
//    floating-point sums publish the aggregate after the reduction and send the first window's
//    loads after the warp's scan; floating-point max and min publish after the scan. The fewest
//    round trips on the critical path of a launch that is mostly latency.
//  - Large, on Hopper and later: the staged kernel, 32 KB tiles in shared memory, 6 blocks per
//    H100 SM (192 KB of tiles in flight per SM rather than 80-128 KB in registers), each block with
//    a ninth warp that only looks back, from the block's start (0.978-0.983 of the copy at 2^27-2^28
//    on an H100 against 0.969-0.976 when warp 0 looked back after the tile's reduction:
//    docs/performance.md, eighth round). 44 KB tiles, 5 per SM, for inputs of 1 GiB or more on a
//    GPU whose memory moves more bytes per SM than an H100's (large_kernel_choice.hpp).
//  - LargeBeforeHopper (no bulk copy engine): one tile per block in registers, ticket order; 32 KB
//    tiles for 4-byte types, 16 KB for 8-byte ones (held to 48 registers, 5 blocks per SM, without
//    spills on any architecture of the fat binary).
// Small has the smallest tile, so storage sized for it serves the others.
template <class T, class Op>
struct DefaultPolicy {
    // Publishing early (the reduction first) with the first window read after the warp's scan:
    // 0.1-0.85 us faster at 2^14-2^18 on an H100 for int64 and the floating-point sums, up to 0.3 us
    // for int32. Floating-point max and min reduce row by row in the scan's order, and that
    // butterfly on the critical path cost them more than the later window saved (docs/performance.md,
    // fifth round). The first window's lines are prefetched (fourth round).
    static constexpr bool kEarly = std::is_integral_v<T> || std::is_same_v<Op, SumOp<T>>;
    using Small = SinglePassPolicy<256, 4, CacheHints::read_only, 1, TileOrder::block_index,
                                   kEarly ? Publish::after_reduce : Publish::after_scan, 1, 0, true, kEarly>;
    static constexpr int kSmallTilesPerSM = 4;
    using Large = StagedPolicy<288, 8, 6, Publish::after_reduce, true>;
    // Where the memory moves more bytes per SM (an H200) and the input is large: 44 KB tiles, 5 per SM
    // (large_kernel_choice.hpp says when; docs/performance.md, sixth round, where they were measured
    // on an H200 with warp 0 looking back; with the look-back warp they were measured on an H100 only).
    using LargeWide = StagedPolicy<288, 11, 5, Publish::after_reduce, true>;
    using LargeBeforeHopper =
        std::conditional_t<sizeof(T) == 8, SinglePassPolicy<256, 4, CacheHints::read_only, 5>, SinglePassPolicy<256, 8>>;
};

}  // namespace scanlab::production
