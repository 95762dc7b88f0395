#pragma once
// Cooperative groups as Scan Lab's kernel runner answers <cooperative_groups.h>: the block
// (this_thread_block(), its sync() a __syncthreads()) and tiles of a warp (tiled_partition<N>,
// with their sync(), shuffles and votes, each a warp-wide call over the tile's lanes). Grid-wide
// groups and the reduce and scan functions are not here: a file that uses one is told so by the compiler
// naming the missing member of cooperative_groups.
#include "scanlab_cuda.hpp"

namespace cooperative_groups {

struct thread_block {
    SCANLAB_AT_CALLER void sync() const { __syncthreads(); }
    unsigned thread_rank() const { return threadIdx.x; }
    unsigned size() const { return blockDim.x; }
    unsigned num_threads() const { return blockDim.x; }
    dim3 group_index() const { return dim3(blockIdx.x); }
    dim3 thread_index() const { return dim3(threadIdx.x); }
    dim3 group_dim() const { return dim3(blockDim.x); }
};
inline thread_block this_thread_block() { return {}; }
SCANLAB_AT_CALLER void sync(const thread_block& g) { g.sync(); }

// N lanes of a warp: lanes [N * k, N * k + N) of the warp for tile k.
template <unsigned N>
struct thread_block_tile {
    static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0, "a tile is a power of two of up to 32 threads");
    SCANLAB_AT_CALLER static unsigned mask() {
        const unsigned lane = threadIdx.x % unsigned(warpSize);
        const unsigned bits = N == 32 ? 0xffffffffu : ((1u << N) - 1u);
        return N == 32 ? bits : bits << (lane / N * N);
    }
    SCANLAB_AT_CALLER void sync() const { scanlab_syncwarp(mask()); }
    unsigned thread_rank() const { return threadIdx.x % N; }
    unsigned size() const { return N; }
    unsigned num_threads() const { return N; }
    unsigned meta_group_rank() const { return threadIdx.x / N; }
    unsigned meta_group_size() const { return (blockDim.x + N - 1) / N; }
    template <class V>
    SCANLAB_AT_CALLER V shfl(V v, int lane) const {
        return __shfl_sync(mask(), v, lane, int(N));
    }
    template <class V>
    SCANLAB_AT_CALLER V shfl_up(V v, unsigned delta) const {
        return __shfl_up_sync(mask(), v, delta, int(N));
    }
    template <class V>
    SCANLAB_AT_CALLER V shfl_down(V v, unsigned delta) const {
        return __shfl_down_sync(mask(), v, delta, int(N));
    }
    template <class V>
    SCANLAB_AT_CALLER V shfl_xor(V v, int lane_mask) const {
        return __shfl_xor_sync(mask(), v, lane_mask, int(N));
    }
    SCANLAB_AT_CALLER unsigned ballot(int predicate) const {
        return __ballot_sync(mask(), predicate) >> (N == 32 ? 0 : (threadIdx.x % unsigned(warpSize)) / N * N);
    }
    SCANLAB_AT_CALLER int any(int predicate) const { return __any_sync(mask(), predicate); }
    SCANLAB_AT_CALLER int all(int predicate) const { return __all_sync(mask(), predicate); }
};
template <unsigned N>
SCANLAB_AT_CALLER void sync(const thread_block_tile<N>& g) {
    g.sync();
}
template <unsigned N>
inline thread_block_tile<N> tiled_partition(const thread_block&) {
    return {};
}

}  // namespace cooperative_groups
