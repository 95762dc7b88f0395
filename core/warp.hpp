#pragma once
// The warp: 32 threads on every NVIDIA GPU so far. The emulation may run narrower warps (a power of
// two from 1 to 32) so that divergence and lock-step show at a scale a student can follow; the GPU
// always runs 32. The look-back window is read by the lanes of one warp, so it shares this bound.
#include "core/hd.hpp"

namespace scanlab {

inline constexpr int kWarpSize = 32;

// A warp width the emulation takes: a power of two from 1 to kWarpSize.
SCANLAB_HD constexpr bool is_warp_width(long long w) { return is_pow2(w) && w <= kWarpSize; }

}  // namespace scanlab
