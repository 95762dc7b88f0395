#pragma once
// LESSON — WRONG ON PURPOSE. The one-barrier in-place listing of 9.2:
//
//   for (stride = 1; stride < blockDim.x; stride *= 2) {
//       __syncthreads();
//       if (t >= stride) XY[t] += XY[t - stride];
//   }
//
// Within a warp the lanes load before they store, but nothing orders one warp against another:
// if warp w stores XY[t] before warp w+1 loads it as its XY[t - stride], the later thread adds
// a value that already includes this iteration's sum. The CPU emulation replays this with an
// explicit warp schedule and marks every such read as a hazard.
#include "kogge_stone.hpp"

namespace scanlab {

struct KoggeStoneRacy : KoggeStone {
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::kogge_stone_racy, .name = "kogge-stone-racy", .title = "Kogge-Stone, one barrier",
                .summary = "LESSON, wrong on purpose: 9.2 in place with one barrier, XY[t] += XY[t-stride] races between warps",
                .chapter = "PMPP 3rd ed. §9.2", .reach = Reach::one_section, .elements_per_thread = 1, .racy = true,
                .formula = KoggeStone::info().formula, .listing = "kogge-stone-racy", .bound = KoggeStone::info().bound};
    }
    static constexpr bool barrier_between = false;  // the missing barrier is the lesson
};

}  // namespace scanlab
