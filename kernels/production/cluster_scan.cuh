#pragma once
// The single-pass scan's kernel for small inputs on Hopper and later: all the tiles in one thread
// block cluster (one block per tile, at most 8 or 16 of them), which share their aggregates through
// distributed shared memory instead of global status words. No look-back round trips through L2, no
// atomics, no epoch: a launch that is mostly latency keeps only what a copy has (load, store) plus
// the block scan and two cluster barriers, the first of them hidden behind the warps' scans.
//
//   load the tile -> reduce it (or scan it: floating-point types) -> the aggregate into this block's
//   shared memory -> arrive (release) -> scan -> wait -> warp 0 reads the aggregates of the blocks
//   before it, in rank order -> add -> store -> no block leaves before every block has read.
#include <cstdint>
#include <type_traits>

#include "block_scan.cuh"
#include "bulk_copy.cuh"
#include "policy.cuh"
#include "single_pass_scan.cuh"
#include "thread_io.cuh"

namespace scanlab::production {

// All threads of all the cluster's blocks take part in each phase; `aligned`: every thread of a
// warp executes it together.
__device__ __forceinline__ void cluster_arrive_release() { asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory"); }
__device__ __forceinline__ void cluster_arrive_relaxed() { asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory"); }
__device__ __forceinline__ void cluster_wait() { asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory"); }

// `local` (a variable in this block's shared memory) as block `rank` of the cluster holds it.
template <class T> __device__ __forceinline__ T load_from_block(const T* local, uint32_t rank) {
    uint32_t remote;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(shared_address(local)), "r"(rank));
    if constexpr (sizeof(T) == 4) {
        uint32_t bits;
        asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(bits) : "r"(remote) : "memory");
        return from_bits<T>(bits);
    } else {
        uint64_t bits;
        asm volatile("ld.shared::cluster.u64 %0, [%1];" : "=l"(bits) : "r"(remote) : "memory");
        return from_bits<T>(bits);
    }
}

// One cluster of gridDim.x blocks (= the tiles, blockIdx.x = the tile = the rank in the cluster).
template <class Policy, class T, class Op>
__global__ void __launch_bounds__(Policy::kThreads) cluster_scan_kernel(SinglePassArgs<T> args) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    constexpr int V = kVectorItems<T>;
    constexpr int K = Policy::kVectorsPerLane;
    constexpr int64_t kSegmentItems = int64_t(kWarpThreads) * K * V;
    constexpr int64_t kTileItems = kSegmentItems * Policy::kWarps;
    // Reducing first is exact for integers only (block_scan.cuh); floating-point types scan first.
    constexpr bool kReduceFirst = std::is_integral_v<T>;
    const Op op{};

    __shared__ T s_warp_totals[Policy::kWarps];
    __shared__ T s_aggregate;    // this tile's, read by the blocks after it
    __shared__ T s_tile_prefix;  // the tiles' before it

    const int warp = int(threadIdx.x) / kWarpThreads;
    const int lane = int(threadIdx.x) % kWarpThreads;
    const uint32_t tile = blockIdx.x;
    const bool alone = args.num_tiles == 1;

    T x[K][V];
    const int64_t tile_base = int64_t(tile) * kTileItems;
    const int64_t first = tile_base + warp * kSegmentItems + lane * V;
    const bool whole_vectors = args.vector_io && args.n - tile_base >= kTileItems;
    load_tile<CacheHints::read_only>(args.in, first, args.n, whole_vectors, args.vector_io, Op::identity(), x);

    const bool reduce_first = kReduceFirst && !alone;
    const T segment_total = reduce_first ? reduce_warp_segment<K>(x, lane, op) : scan_warp_segment<K>(x, args.exclusive, lane, op);
    const WarpPrefix<T> block = combine_warps<Policy::kWarps>(segment_total, warp, lane, s_warp_totals, op);

    T prefix = block.warp_prefix;
    if (!alone) {
        if (threadIdx.x == 0) s_aggregate = block.tile_aggregate;
        cluster_arrive_release();
        if (reduce_first) scan_warp_segment<K>(x, args.exclusive, lane, op);
        cluster_wait();
        if (warp == 0) {
            // Lane r holds block r's aggregate (r < tile): reduced in rank order, the tiles before this one.
            const T aggregate = uint32_t(lane) < tile ? load_from_block(&s_aggregate, uint32_t(lane)) : Op::identity();
            const T before = warp_reduce(aggregate, lane, op);
            if (lane == 0) s_tile_prefix = before;
        }
        cluster_arrive_relaxed();  // done reading the other blocks' shared memory
        __syncthreads();
        prefix = op(s_tile_prefix, block.warp_prefix);
    }
#pragma unroll
    for (int k = 0; k < K; ++k)
#pragma unroll
        for (int i = 0; i < V; ++i) x[k][i] = op(prefix, x[k][i]);
    store_tile<CacheHints::read_only>(args.out, first, args.n, whole_vectors, args.vector_io, x);
    if (!alone) cluster_wait();  // no block's shared memory goes while another may read it
#endif
}

}  // namespace scanlab::production
