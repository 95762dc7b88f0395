#pragma once
// Kernel 3 of 9.5 and the slides' add_cuda: every element of block b (b >= first_block) gets
// S[b + offset] added in front of it. The index math is core/algorithms/add_block_sums.hpp, the
// same the emulation uses.
#include "core/algorithms/add_block_sums.hpp"
#include "kernels/chapter/recording.cuh"

namespace scanlab::gpu {

// Section and Threads: the block's shape when known at compile time (0: from `add`), as in
// block_scan_kernel, so the index math folds to constants.
template <class T, class Op, class Rec, int Section = 0, int Threads = 0>
__global__ void add_block_sums_kernel(T* Y, const T* S, AddBlockSums add, Rec rec) {
    extern __shared__ __align__(16) unsigned char shared[];
    if constexpr (Section > 0) {
        add.section = Section;
        add.threads = Threads;
    }
    SCANLAB_RECORD(rec.bind(shared, blockDim.x, add.section));
    const int t = threadIdx.x;
    const int64_t b = blockIdx.x;
    const Op op;
    int additions = 0;
    // S[b + offset] read once, before the loop (the compiler cannot know that Y never overlaps S);
    // a thread with nothing to add reads nothing.
    const T sum = add.adds(b, t) ? S[add.s_index(b)] : Op::identity();
    for (int r = 0; r * add.threads < add.section; ++r) {
        const int j = t + r * add.threads;
        if (j >= add.section || !add.adds(b, j)) continue;
        const int64_t g = b * add.section + j;
        Y[g] = op(sum, Y[g]);
        SCANLAB_RECORD(
            rec.access(0, t * (add.section / add.threads) + (j - t) / add.threads, t, int32_t(add.s_index(b)), int32_t(g), true));
        ++additions;
    }
    SCANLAB_RECORD(rec.end_step(0, additions > 0, additions, static_cast<const T*>(nullptr)));
}

// A buffer of the identity: S before the block sums land (s[0] = 0 for the slides).
template <class T>
__global__ void fill_kernel(T* p, int64_t n, T value) {
    for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x) p[i] = value;
}

}  // namespace scanlab::gpu
