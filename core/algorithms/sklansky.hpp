#pragma once
// Sklansky's prefix network (1960), the divide-and-conquer scan: at level k the section is cut
// into groups of 2^(k+1); every element of a group's upper half adds the last element of its lower
// half, whose prefix is already complete. log2 N levels (the least depth, as Kogge-Stone) and
// N/2 additions per level, (N/2)·log2 N in all; one element of each lower half fans out to the
// whole upper half. Each thread owns two elements, so a 1024-thread block scans 2048.
//
//   for (stride = 1; stride < SECTION_SIZE; stride *= 2) {
//       __syncthreads();
//       unsigned int group = t / stride, j = t % stride;
//       unsigned int src = group * 2 * stride + stride - 1;     // last of the lower half
//       XY[src + 1 + j] += XY[src];                               // every element of the upper half
//   }
#include "core/algorithms/block_step.hpp"
#include "core/algorithms/table.hpp"

namespace scanlab {

struct Sklansky {
    static constexpr StepRule rules[] = {
        {.phase = Phase::stride,
         .heading = "Stride",
         .parameter = "stride",
         .when = "⌊t / stride⌋·2·stride + stride + t mod stride < SECTION_SIZE",
         .src = "⌊t / stride⌋·2·stride + stride − 1",
         .dst = "⌊t / stride⌋·2·stride + stride + t mod stride",
         .idle = "their element lies past the end of the section",
         .from = "⌊t / stride⌋·2·stride",
         .note = "The section is cut into groups of 2·stride: every element of a group's upper half combines in the last element of its "
                 "lower half, which fans out to all of them."}};
    static int64_t chapter_additions(int64_t n) { return n / 2 * ceil_log2(n); }
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::sklansky,
                .name = "sklansky",
                .title = "Sklansky",
                .summary = "Sklansky's divide and conquer: each level the upper half of every group adds its lower half's last element",
                .chapter = "Sklansky (1960)",
                .reach = Reach::one_section,
                .elements_per_thread = 2,
                .multi_kernel_block = true,
                .formula = {"(N/2)·log2 N", &chapter_additions},
                .listing = "sklansky",
                .rules = rules};
    }
    static constexpr int buffers = 1;
    static constexpr bool barrier_between = false;  // a level reads lower halves and writes upper halves
    SCANLAB_HD static int threads(int section) { return section / 2 > 0 ? section / 2 : 1; }
    SCANLAB_HD static int steps(int section) { return ilog2(section); }
    SCANLAB_HD static StepShape shape(int k, int) { return {Phase::stride, 1 << k, 1 << k}; }
    SCANLAB_HD static int in_buffer(int) { return 0; }
    SCANLAB_HD static int out_buffer(int) { return 0; }
    SCANLAB_HD static Work work(int k, int t, int section) {
        const int stride = 1 << k;
        const int src = t / stride * 2 * stride + stride - 1;
        const int dst = src + 1 + t % stride;
        return dst < section ? combine(src, dst) : idle();
    }
};

}  // namespace scanlab
