#pragma once
// Tuning of the single-pass scan, as template policies (CUB's habit): how many threads a block
// has, how many 16-byte vectors each thread loads, and the cache hints of those loads and stores.
// The kernel is written once; each policy is one instantiation. Every variant the benchmark can
// time side by side (`scanlab bench --variants`) is one line of the table in single_pass_scan.cu.
#include <cstdint>

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

template <int Threads, int VectorsPerLane, CacheHints Hints = CacheHints::read_only, int MinBlocksPerSM = 1,
          TileOrder Order = TileOrder::ticket>
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

    template <class T> static constexpr int vector_items() { return int(16 / sizeof(T)); }
    template <class T> static constexpr int items_per_thread() { return VectorsPerLane * vector_items<T>(); }
    template <class T> static constexpr int tile_items() { return Threads * items_per_thread<T>(); }
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

template <class Policy> constexpr int min_blocks_per_sm() {
    const int fit = max_threads_per_sm() / Policy::kThreads;
    return Policy::kMinBlocksPerSM < fit ? Policy::kMinBlocksPerSM : (fit > 0 ? fit : 1);
}

// The production choice: 256 threads and 64 bytes per thread, so a tile is 16 KB whatever the
// element size (4096 int32/float, 2048 int64/double). 4-byte types need 43 registers (5 blocks
// of 256 per H100 SM); 8-byte types are held to 48 (5 blocks rather than 4), without spills on
// any architecture of the fat binary. Several blocks per SM keep loads in flight while others
// wait on their look-back.
template <class T> using DefaultPolicy = SinglePassPolicy<256, 4, CacheHints::read_only, sizeof(T) == 8 ? 5 : 1>;

}  // namespace scanlab::production
