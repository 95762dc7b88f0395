#pragma once
// LESSON — WRONG ON PURPOSE. The in-place Kogge-Stone of the book's Figure 9.2, as printed:
//
//   for (unsigned int stride = 1; stride <= threadIdx.x; stride *= 2) {
//       __syncthreads();
//       XY[threadIdx.x] += XY[threadIdx.x-stride];
//   }
//
// Two things are wrong with it. The race: within one stride nothing orders the reads of one warp
// against the writes of another, so if warp w stores XY[t] before warp w+1 loads it as its
// XY[t - stride], the later thread adds a value that already includes this stride's sum. The CPU
// emulation replays this under an explicit warp schedule and marks every such read as a hazard.
// And the barrier: the loop's trip count depends on threadIdx.x (thread 0 never enters, thread t
// leaves after floor(log2 t) + 1 strides), so the __syncthreads() inside it is not reached by
// every thread of the block, which CUDA leaves undefined. Since Volta a barrier waits for every
// thread of the block that has not exited, and a thread that leaves this loop only writes Y[i]
// and exits, so on the GPUs Scan Lab runs on the loop ends and each barrier still separates one
// stride from the next; the emulation gives the barrier exactly that meaning (the threads that
// left count as arrived). docs/algorithms.md says more.
//
// Both backends run this loop: the GPU's book_loop_kernel (kernels/chapter/) as printed, with
// in_loop() as its condition; the emulation step by step, stride k holding the threads for which
// in_loop() is still true, so work() below is the loop's body under its condition.
#include "core/algorithms/kogge_stone.hpp"

namespace scanlab {

struct KoggeStoneRacy : KoggeStone {
    static constexpr StepRule rules[] = {
        {.phase = Phase::stride,
         .heading = "Stride",
         .parameter = "stride",
         .when = "stride ≤ t",
         .src = "t − stride",
         .dst = "t",
         .idle = "they have left the loop, which runs while stride ≤ threadIdx.x",
         .from = "t − 2·stride + 1",
         .note = "The loop's one barrier opens the stride; within it nothing orders the reads against other warps' writes: that "
                 "is the race. What XY[t] holds above is what it holds only where no read was stale."}};
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::kogge_stone_racy,
                .name = "kogge-stone-racy",
                .title = "Kogge-Stone, one barrier",
                .summary = "LESSON, wrong on purpose: the book's 9.2 loop as printed, XY[t] += XY[t-stride] races between warps",
                .chapter = "PMPP 3rd ed., Fig. 9.2",
                .reach = Reach::one_section,
                .elements_per_thread = 1,
                .racy = true,
                .barrier_in_thread_loop = true,
                .formula = KoggeStone::info().formula,
                .listing = "kogge-stone-racy",
                .bound = KoggeStone::info().bound,
                .rules = rules};
    }
    static constexpr bool barrier_between = false;  // nothing between a stride's reads and writes: the race is the lesson
    // The loop is the book's: no barrier after the load (the first stride's opens the loop), one
    // at the start of every stride, and the GPU runs book_loop_kernel rather than the step kernel.
    static constexpr bool book_loop = true;

    // The loop's condition as printed: thread t stays in the loop while stride <= threadIdx.x.
    SCANLAB_HD static bool in_loop(unsigned stride, unsigned t) { return stride <= t; }
    // The loop's body: XY[t] += XY[t - stride], the earlier element as the operator's left operand.
    SCANLAB_HD static Work body(unsigned stride, unsigned t) { return combine(int(t - stride), int(t)); }

    // Stride k (stride 2^k) of the loop: the threads still in it run the body, the others have left.
    SCANLAB_HD static Work work(int k, int t, int) {
        const unsigned stride = 1u << k;
        return in_loop(stride, unsigned(t)) ? body(stride, unsigned(t)) : idle();
    }
    // As many strides as the last thread's loop takes (the longest trip).
    SCANLAB_HD static int steps(int section) {
        int trips = 0;
        for (unsigned stride = 1; in_loop(stride, unsigned(section - 1)); stride *= 2) ++trips;
        return trips;
    }
};

}  // namespace scanlab
