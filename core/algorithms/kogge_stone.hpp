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
#include "core/algorithms/block_step.hpp"
#include "core/algorithms/table.hpp"

namespace scanlab {

struct KoggeStone {
    static constexpr StepRule rules[] = {
        {.phase = Phase::stride,
         .heading = "Stride",
         .parameter = "stride",
         .when = "t ≥ stride",
         .src = "t − stride",
         .dst = "t",
         .idle = "no element lies stride places to the left of theirs",
         .from = "t − 2·stride + 1",
         .note = "Each thread keeps its result in a temporary across the barrier between the reads and the writes, so no "
                 "thread reads an element another thread has already updated in this stride."}};
    // At stride s the N - s threads t >= s add: N·log2 N - (1 + 2 + ... + N/2).
    static int64_t chapter_additions(int64_t n) { return n * ceil_log2(n) - (n - 1); }
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::kogge_stone,
                .name = "kogge-stone",
                .title = "Kogge-Stone",
                .summary = "9.2 Kogge-Stone, in place with a temporary and two barriers per stride (the slides' kernel)",
                .chapter = "PMPP 3rd ed. §9.2",
                .reach = Reach::one_section,
                .elements_per_thread = 1,
                .multi_kernel_block = true,
                .phase2_block = true,
                .flagged_block = true,
                .formula = {"N·log2 N − (N − 1)", &chapter_additions},
                .listing = "kogge-stone",
                .bound = {"N·log2 N − (N − 1)", &chapter_additions},
                .rules = rules};
    }
    static constexpr int buffers = 1;
    static constexpr bool barrier_between = true;  // the temporary's barrier: see above
    static constexpr bool writes_only_own_element = true;  // thread t writes XY[t] alone
    SCANLAB_HD static int threads(int section) { return section; }
    SCANLAB_HD static int steps(int section) { return ilog2(section); }
    SCANLAB_HD static StepShape shape(int k, int) { return {Phase::stride, 1 << k, 1 << k}; }
    SCANLAB_HD static int in_buffer(int) { return 0; }
    SCANLAB_HD static int out_buffer(int) { return 0; }
    SCANLAB_HD static Work work(int k, int t, int) {
        const int stride = 1 << k;
        return combine_if(t >= stride, t - stride, t);
    }
};

}  // namespace scanlab
