#pragma once
// 9.4 Brent-Kung as first written in the chapter: one thread per element, and a thread works
// when (t+1) % (2*stride) == 0. Same additions as the contiguous version, but the active threads
// are spread over every warp, so almost every warp diverges at the upper levels.
//
//   for (stride = 1; stride < blockDim.x; stride *= 2) {           // reduction tree
//       __syncthreads();
//       if ((t + 1) % (2 * stride) == 0) XY[t] += XY[t - stride];
//   }
//   for (stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {     // distribution tree
//       __syncthreads();
//       if ((t + 1) % (2 * stride) == 0 && t + stride < SECTION_SIZE) XY[t + stride] += XY[t];
//   }
#include "core/algorithms/brent_kung.hpp"

namespace scanlab {

struct BrentKungNaive : BrentKungLevels {
    static constexpr StepRule rules[] = {
        {.phase = Phase::reduction,
         .heading = "Reduction tree, level",
         .parameter = "level",
         .stride = "2^(level − 1)",
         .when = "(t + 1) mod (2·stride) = 0",
         .src = "t − stride",
         .dst = "t",
         .idle = "(t + 1) mod (2·stride) ≠ 0: t is not the last element of a group of 2·stride",
         .from = "t − 2·stride + 1",
         .note = "One thread per element, and only every (2·stride)-th one works: the working threads are spread over every "
                 "warp, so almost every warp diverges (the contiguous brent-kung keeps them together)."},
        {.phase = Phase::distribution,
         .heading = "Distribution tree, level",
         .parameter = "level",
         .stride = "SECTION_SIZE / 2^(level + 1)",
         .when = "(t + 1) mod (2·stride) = 0 and t + stride < SECTION_SIZE",
         .src = "t",
         .dst = "t + stride",
         .idle = "(t + 1) mod (2·stride) ≠ 0, or t + stride lies past the end of the section",
         .from = "0",
         .note = "The same test spreads the working threads over every warp here too."}};
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::brent_kung_naive,
                .name = "brent-kung-naive",
                .title = "Brent-Kung, naive indexing",
                .summary = "9.4 Brent-Kung with the (t+1) % (2*stride) == 0 test (more divergent warps)",
                .chapter = "PMPP 3rd ed. §9.4",
                .reach = Reach::one_section,
                .elements_per_thread = 1,
                .formula = BrentKung::info().formula,
                .listing = "brent-kung-naive",
                .bound = BrentKung::info().bound,
                .rules = rules};
    }
    static constexpr int buffers = 1;
    static constexpr bool barrier_between = false;
    SCANLAB_HD static int threads(int section) { return section; }
    SCANLAB_HD static int in_buffer(int) { return 0; }
    SCANLAB_HD static int out_buffer(int) { return 0; }
    SCANLAB_HD static Work work(int k, int t, int section) {
        const StepShape s = shape(k, section);
        if ((t + 1) % (2 * s.stride) != 0) return idle();
        if (s.phase == Phase::reduction) return combine(t - s.stride, t);
        return t + s.stride < section ? combine(t, t + s.stride) : idle();
    }
};

}  // namespace scanlab
