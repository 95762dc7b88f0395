#pragma once
// Kogge-Stone with two shared buffers: every stride iteration reads one buffer and writes the
// other, so no temporary and only one barrier per iteration are needed; the buffers swap roles
// each iteration. Threads below the stride copy their element across so the new buffer is whole.
//
//   for (stride = 1; stride < blockDim.x; stride *= 2) {
//       if (t >= stride) out[t] = in[t - stride] + in[t];
//       else             out[t] = in[t];
//       __syncthreads();
//       swap(in, out);
//   }
#include "core/algorithms/kogge_stone.hpp"

namespace scanlab {

struct KoggeStoneDoubleBuffer {
    static constexpr StepRule rules[] = {
        {.phase = Phase::stride,
         .heading = "Stride",
         .parameter = "stride",
         .when = "t ≥ stride",
         .src = "t − stride",
         .dst = "t",
         .others = "copy their element into the other buffer unchanged",
         .from = "t − 2·stride + 1",
         .note = "Every thread reads one buffer and writes the other, so one barrier per stride is enough; the buffers swap "
                 "roles for the next stride."}};
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::kogge_stone_double_buffer,
                .name = "kogge-stone-double-buffer",
                .title = "Kogge-Stone, double buffer",
                .summary = "Kogge-Stone with two buffers swapped each stride",
                .chapter = "PMPP 3rd ed. §9.2 (the double-buffer exercise)",
                .reach = Reach::one_section,
                .elements_per_thread = 1,
                .formula = KoggeStone::info().formula,
                .listing = "kogge-stone-double-buffer",
                .bound = KoggeStone::info().bound,
                .rules = rules,
                .shared = "buf"};
    }
    static constexpr int buffers = 2;
    static constexpr bool barrier_between = false;
    SCANLAB_HD static int threads(int section) { return section; }
    SCANLAB_HD static int steps(int section) { return ilog2(section); }
    SCANLAB_HD static StepShape shape(int k, int) { return {Phase::stride, 1 << k, 1 << k}; }
    SCANLAB_HD static int in_buffer(int k) { return k % 2; }
    SCANLAB_HD static int out_buffer(int k) { return (k + 1) % 2; }
    SCANLAB_HD static Work work(int k, int t, int) {
        const int stride = 1 << k;
        return t >= stride ? combine(t - stride, t) : copy(t);
    }
};

}  // namespace scanlab
