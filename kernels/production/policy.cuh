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

template <int Threads, int VectorsPerLane, CacheHints Hints = CacheHints::read_only, int MinBlocksPerSM = 1>
struct SinglePassPolicy {
    static_assert(Threads % 32 == 0 && Threads >= 32 && Threads <= 1024, "whole warps, at most 1024 threads");
    static_assert(VectorsPerLane >= 1 && VectorsPerLane <= 16, "a few 16-byte vectors per thread");
    static constexpr int kThreads = Threads;
    static constexpr int kWarps = Threads / 32;
    // Each thread holds VectorsPerLane vectors of 16 bytes: 4 elements of a 4-byte type, 2 of an 8-byte one.
    static constexpr int kVectorsPerLane = VectorsPerLane;
    static constexpr CacheHints kHints = Hints;
    static constexpr int kMinBlocksPerSM = MinBlocksPerSM;

    template <class T> static constexpr int vector_items() { return int(16 / sizeof(T)); }
    template <class T> static constexpr int items_per_thread() { return VectorsPerLane * vector_items<T>(); }
    template <class T> static constexpr int tile_items() { return Threads * items_per_thread<T>(); }
};

// The production choice for every type: 256 threads and 64 bytes per thread, so a tile is 16 KB
// whatever the element size (4096 int32/float, 2048 int64/double). Several such blocks fit an SM,
// so there are always loads in flight while other blocks wait on their look-back.
using DefaultPolicy = SinglePassPolicy<256, 4>;

}  // namespace scanlab::production
