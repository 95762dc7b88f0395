#pragma once
// Scans and reductions across the 32 lanes of a warp, in registers through shuffles: no shared
// memory and no barrier. Operands are always combined as op(earlier lane, later lane), the core's
// convention, so the order of the scan is kept even where the operator would not need it.
#include "core/operators.hpp"

namespace scanlab::production {

inline constexpr int kWarpThreads = 32;
inline constexpr unsigned kFullWarp = 0xffffffffu;

// Inclusive scan of one value per lane: the chapter's Kogge-Stone (9.2), one stride per shuffle.
template <class T, class Op>
__device__ __forceinline__ T warp_inclusive_scan(T x, int lane, Op op) {
#pragma unroll
    for (int stride = 1; stride < kWarpThreads; stride *= 2) {
        const T earlier = __shfl_up_sync(kFullWarp, x, stride);
        if (lane >= stride) x = op(earlier, x);
    }
    return x;
}

// The reduction of all 32 values in lane order, handed to every lane (a butterfly: after the step
// of width w each lane holds its aligned group of 2w, the lower half combined first).
template <class T, class Op>
__device__ __forceinline__ T warp_reduce(T x, int lane, Op op) {
#pragma unroll
    for (int width = 1; width < kWarpThreads; width *= 2) {
        const T other = __shfl_xor_sync(kFullWarp, x, width);
        x = (lane & width) ? op(other, x) : op(x, other);
    }
    return x;
}

}  // namespace scanlab::production
