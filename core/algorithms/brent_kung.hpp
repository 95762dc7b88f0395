#pragma once
// 9.4 Brent-Kung, the work-efficient scan: a reduction tree builds partial sums at positions
// 2^l - 1 apart, then a distribution (reverse) tree pushes them down to the positions in between.
// Each thread owns two elements, so a 1024-thread block scans a 2048-element section. Contiguous
// threads take the active positions (index = (t+1)*2*stride - 1), so only the last active warp
// of a level is divergent.
//
//   for (stride = 1; stride <= blockDim.x; stride *= 2) {          // reduction tree
//       __syncthreads();
//       int index = (t + 1) * 2 * stride - 1;
//       if (index < SECTION_SIZE) XY[index] += XY[index - stride];
//   }
//   for (stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {     // distribution tree
//       __syncthreads();
//       int index = (t + 1) * 2 * stride - 1;
//       if (index + stride < SECTION_SIZE) XY[index + stride] += XY[index];
//   }
#include "core/algorithms/block_step.hpp"
#include "core/algorithms/table.hpp"

namespace scanlab {

// Level bookkeeping shared by both Brent-Kung variants: log2(section) reduction levels with
// strides 1, 2, ..., section/2, then log2(section)-1 distribution levels with strides
// section/4, ..., 1.
struct BrentKungLevels {
    SCANLAB_HD static int reduction_levels(int section) { return ilog2(section); }
    SCANLAB_HD static int steps(int section) { return section > 1 ? 2 * ilog2(section) - 1 : 0; }
    SCANLAB_HD static StepShape shape(int k, int section) {
        const int r = reduction_levels(section);
        if (k < r) return {Phase::reduction, k + 1, 1 << k};
        const int d = k - r;  // 0-based distribution level
        return {Phase::distribution, d + 1, section >> (d + 2)};
    }
};

struct BrentKung : BrentKungLevels {
    static constexpr StepRule rules[] = {
        {.phase = Phase::reduction,
         .heading = "Reduction tree, level",
         .parameter = "level",
         .stride = "2^(level − 1)",
         .when = "(t + 1)·2·stride − 1 < SECTION_SIZE",
         .src = "(t + 1)·2·stride − 1 − stride",
         .dst = "(t + 1)·2·stride − 1",
         .idle = "their node (t + 1)·2·stride − 1 lies past the end of the section",
         .from = "t·2·stride",
         .note = "Contiguous threads take the nodes, so only the last warp that works can diverge."},
        {.phase = Phase::distribution,
         .heading = "Distribution tree, level",
         .parameter = "level",
         .stride = "SECTION_SIZE / 2^(level + 1)",
         .when = "(t + 1)·2·stride − 1 + stride < SECTION_SIZE",
         .src = "(t + 1)·2·stride − 1",
         .dst = "(t + 1)·2·stride − 1 + stride",
         .idle = "the element stride places to the right of their node (t + 1)·2·stride − 1 lies past the end of the section",
         .from = "0",
         .note = "Each node's complete prefix is pushed down to the element stride places to its right."}};
    // N - 1 in the reduction tree, N - 1 - log2 N in the distribution tree.
    static int64_t chapter_additions(int64_t n) { return 2 * n - 2 - ceil_log2(n); }
    // What the chapter states (9.4): (N/2) + (N/4) + ... + 2 − 1 is "less than N − 2", so the whole
    // scan does 2 × N − 3. A bound: the exact count above is log2 N − 1 below it.
    static int64_t book_bound(int64_t n) { return 2 * n - 3; }
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::brent_kung,
                .name = "brent-kung",
                .title = "Brent-Kung",
                .summary = "9.4 Brent-Kung: reduction tree then distribution tree, index = (t+1)*2*stride-1",
                .chapter = "PMPP 3rd ed. §9.4",
                .reach = Reach::one_section,
                .elements_per_thread = 2,
                .multi_kernel_block = true,
                .phase2_block = true,
                .flagged_block = true,
                .formula = {"2N − 2 − log2 N", &chapter_additions},
                .listing = "brent-kung",
                .bound = {"2N − 3", &book_bound},
                .rules = rules};
    }
    static constexpr int buffers = 1;
    static constexpr bool barrier_between = false;  // reads and writes of one level never overlap
    SCANLAB_HD static int threads(int section) { return section / 2 > 0 ? section / 2 : 1; }
    SCANLAB_HD static int in_buffer(int) { return 0; }
    SCANLAB_HD static int out_buffer(int) { return 0; }
    SCANLAB_HD static Work work(int k, int t, int section) {
        const StepShape s = shape(k, section);
        const long long index = (long long)(t + 1) * 2 * s.stride - 1;
        if (s.phase == Phase::reduction) return index < section ? combine(int(index - s.stride), int(index)) : idle();
        return index + s.stride < section ? combine(int(index), int(index + s.stride)) : idle();
    }
};

}  // namespace scanlab
