#pragma once
// The algorithm definitions in core/algorithms/ are compiled twice: by the host compiler for the
// CPU emulation and by nvcc for the GPU kernels. SCANLAB_HD marks what both share, so one
// definition serves both backends and they cannot drift apart. No CUDA header is needed for this.
#if defined(__CUDACC__)
#define SCANLAB_HD __host__ __device__
#else
#define SCANLAB_HD
#endif

namespace scanlab {

SCANLAB_HD constexpr bool is_pow2(long long x) { return x > 0 && (x & (x - 1)) == 0; }

// The smallest power of two >= x (1 for x <= 1).
SCANLAB_HD constexpr long long next_pow2(long long x) {
    long long p = 1;
    while (p < x) p *= 2;
    return p;
}

// floor(log2(x)) for x >= 1.
SCANLAB_HD constexpr int ilog2(long long x) {
    int r = 0;
    while (x > 1) {
        x >>= 1;
        ++r;
    }
    return r;
}

}  // namespace scanlab
