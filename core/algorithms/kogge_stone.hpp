#pragma once
// 9.2 Kogge-Stone, as the slide deck writes it: each thread keeps its sum in a temporary across
// a barrier before storing it, so no thread can read an element another thread already updated
// in the same stride iteration. After iteration n, XY[t] holds the sum of up to 2^n inputs
// ending at t.
//
//   for (stride = 1; stride < blockDim.x; stride *= 2) {
//       if (t >= stride) temp = XY[t - stride] + XY[t];
//       __syncthreads();
//       if (t >= stride) XY[t] = temp;
//       __syncthreads();
//   }
#include "block_step.hpp"

namespace scanlab {

struct KoggeStone {
    static constexpr int buffers = 1;
    static constexpr bool barrier_between = true;  // the temporary's barrier: see above
    SCANLAB_HD static int threads(int section) { return section; }
    SCANLAB_HD static int steps(int section) { return ilog2(section); }
    SCANLAB_HD static StepShape shape(int k, int) { return {Phase::stride, 1 << k, 1 << k}; }
    SCANLAB_HD static int in_buffer(int) { return 0; }
    SCANLAB_HD static int out_buffer(int) { return 0; }
    SCANLAB_HD static Work work(int k, int t, int) {
        const int stride = 1 << k;
        return t >= stride ? combine(t - stride, t) : idle();
    }
};

}  // namespace scanlab
