#pragma once
// Ladner-Fischer (1980), as prefix-network taxonomies draw it (Harris 2003): a Sklansky network over
// the odd positions between one Brent-Kung reduction level and one distribution level. Pairs are
// added first (XY[2t+1] += XY[2t]); Sklansky's levels then scan the N/2 pair sums in place at the
// odd positions, with half Sklansky's fan-out; a last level adds each odd prefix into the even
// element after it. Depth log2 N + 1, one more than Sklansky, for about half the additions:
// N/2 + (N/4)·log2(N/2) + N/2 − 1. Each thread owns two elements (1024 threads scan 2048).
//
//   XY[2*t + 1] += XY[2*t];                                       // pairs
//   for (stride = 1; stride < SECTION_SIZE / 2; stride *= 2) {    // Sklansky on the odd positions
//       __syncthreads();
//       if (t < SECTION_SIZE / 4) {
//           unsigned int src = t / stride * 2 * stride + stride - 1, dst = src + 1 + t % stride;
//           XY[2 * dst + 1] += XY[2 * src + 1];
//       }
//   }
//   __syncthreads();
//   if (2 * t + 2 < SECTION_SIZE) XY[2 * t + 2] += XY[2 * t + 1]; // the even elements
#include "core/algorithms/block_step.hpp"
#include "core/algorithms/table.hpp"

namespace scanlab {

struct LadnerFischer {
    static constexpr StepRule rules[] = {
        {.phase = Phase::reduction,
         .heading = "Pairs, level",
         .parameter = "level",
         .stride = "1",
         .when = "2·t + 1 < SECTION_SIZE",
         .src = "2·t",
         .dst = "2·t + 1",
         .idle = "their pair lies past the end of the section",
         .from = "2·t",
         .note = "Each odd element now holds its pair combined; the next levels scan these pair totals."},
        {.phase = Phase::stride,
         .heading = "Sklansky over the pair totals, stride",
         .parameter = "stride",
         .when = "2·(⌊t / stride⌋·2·stride + stride + t mod stride) + 1 < SECTION_SIZE",
         .src = "2·(⌊t / stride⌋·2·stride + stride − 1) + 1",
         .dst = "2·(⌊t / stride⌋·2·stride + stride + t mod stride) + 1",
         .idle = "the odd element they would write lies past the end of the section: the pair totals need only SECTION_SIZE / 4 threads",
         .from = "2·⌊t / stride⌋·2·stride",
         .note = "Only the odd elements, the pair totals, take part: in groups of 2·stride pair totals, each upper half combines "
                 "in the last pair total of its lower half."},
        {.phase = Phase::distribution,
         .heading = "The even elements, level",
         .parameter = "level",
         .stride = "1",
         .when = "2·t + 2 < SECTION_SIZE",
         .src = "2·t + 1",
         .dst = "2·t + 2",
         .idle = "2·t + 2 lies past the end of the section",
         .from = "0",
         .note = "Each even element combines in the complete prefix of the odd element before it."}};
    static int64_t chapter_additions(int64_t n) { return n / 2 + n / 4 * (ceil_log2(n) - 1) + n / 2 - 1; }
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::ladner_fischer,
                .name = "ladner-fischer",
                .title = "Ladner-Fischer",
                .summary = "Ladner-Fischer: pairs, Sklansky over the pair sums, then the even elements (depth log2 N + 1)",
                .chapter = "Ladner & Fischer (1980)",
                .reach = Reach::one_section,
                .elements_per_thread = 2,
                .multi_kernel_block = true,
                .formula = {"N/2 + (N/4)·log2(N/2) + N/2 − 1", &chapter_additions},
                .listing = "ladner-fischer",
                .rules = rules};
    }
    static constexpr int buffers = 1;
    static constexpr bool barrier_between = false;  // every level reads positions it does not write
    SCANLAB_HD static int threads(int section) { return section / 2 > 0 ? section / 2 : 1; }
    // The pairs level, log2(N/2) Sklansky levels, and the even elements' level (none for N = 2).
    SCANLAB_HD static int steps(int section) { return section > 2 ? ilog2(section) + 1 : ilog2(section); }
    SCANLAB_HD static StepShape shape(int k, int section) {
        if (k == 0) return {Phase::reduction, 1, 1};
        if (k == ilog2(section)) return {Phase::distribution, 1, 1};
        return {Phase::stride, 1 << (k - 1), 2 << (k - 1)};
    }
    SCANLAB_HD static int in_buffer(int) { return 0; }
    SCANLAB_HD static int out_buffer(int) { return 0; }
    SCANLAB_HD static Work work(int k, int t, int section) {
        if (k == 0) return 2 * t + 1 < section ? combine(2 * t, 2 * t + 1) : idle();
        if (k == ilog2(section)) return 2 * t + 2 < section ? combine(2 * t + 1, 2 * t + 2) : idle();
        const int stride = 1 << (k - 1);  // in pair sums
        const int src = t / stride * 2 * stride + stride - 1;
        const int dst = src + 1 + t % stride;
        return 2 * dst + 1 < section ? combine(2 * src + 1, 2 * dst + 1) : idle();
    }
};

}  // namespace scanlab
