#pragma once
// PMPP 4th ed. §11.5, thread coarsening: T threads scan a section of T × C elements. After a
// coalesced load (thread t brings positions t, t + T, ...), the section is cut into T subsections
// of C contiguous elements, one per thread:
//   phase 1  every thread scans its own subsection sequentially (C − 1 additions each);
//   phase 2  a Kogge-Stone or Brent-Kung scan of the T subsection totals (the last element of
//            each subsection), in place, C elements apart;
//   phase 3  every thread t > 0 adds its predecessor's total, XY[t·C − 1], to its first C − 1
//            elements (its last one is already complete after phase 2).
// T·(C − 1) + phase 2 on T + (T − 1)·(C − 1) additions: about 2N for large C, with only the T
// totals in the log-depth scan.
//
//   for (j = 1; j < C; ++j) XY[t*C + j] += XY[t*C + j - 1];            // phase 1
//   __syncthreads();
//   ... Kogge-Stone or Brent-Kung over XY[t*C + C - 1] ...              // phase 2
//   __syncthreads();
//   if (t > 0) for (j = 0; j < C - 1; ++j) XY[t*C + j] += XY[t*C - 1];  // phase 3
//
// The loops of phases 1 and 3 are run as lock-step sub-steps, one element per thread each,
// so every element's change is a step of the trace. Their barriers are the listing's
// (barriers() below): none inside phases 1 and 3, since each thread there reads only its own
// elements and totals no thread writes in that phase; the one that opens each step of phase 2
// (Kogge-Stone's also one between its reads and writes, for the temporary); one after phase 2 and
// one after phase 3. Fewer barriers than an uncoarsened block of the same section is the point.
#include "core/algorithms/block_step.hpp"
#include "core/algorithms/brent_kung.hpp"
#include "core/algorithms/kogge_stone.hpp"
#include "core/algorithms/table.hpp"

namespace scanlab {

struct ThreePhase {
    static constexpr StepRule rules[] = {
        {.phase = Phase::thread_scan,
         .heading = "Phase 1, j =",
         .parameter = "j",
         .src = "t·C + j − 1",
         .dst = "t·C + j",
         .from = "t·C",
         .note = "Each thread scans its own C contiguous elements, one after another; after C − 1 such sub-steps the last "
                 "element of each subsection holds its total. No thread reads another's elements, so no barrier separates the "
                 "sub-steps: the listing's next one follows the last."},
        {.phase = Phase::stride,
         .heading = "Phase 2, stride",
         .parameter = "stride",
         .when = "t ≥ stride",
         .src = "(t − stride)·C + C − 1",
         .dst = "t·C + C − 1",
         .idle = "no subsection lies stride places to the left of theirs",
         .from = "(t − 2·stride + 1)·C",
         .note = "A Kogge-Stone step over the T subsection totals, which sit C elements apart at XY[t·C + C − 1]."},
        {.phase = Phase::reduction,
         .heading = "Phase 2, reduction level",
         .parameter = "level",
         .stride = "2^(level − 1)",
         .when = "(t + 1)·2·stride − 1 < T",
         .src = "((t + 1)·2·stride − 1 − stride)·C + C − 1",
         .dst = "((t + 1)·2·stride − 1)·C + C − 1",
         .idle = "their node (t + 1)·2·stride − 1 lies past the last of the T subsection totals",
         .from = "t·2·stride·C",
         .note = "A Brent-Kung reduction level over the T subsection totals, which sit C elements apart at XY[t·C + C − 1]."},
        {.phase = Phase::distribution,
         .heading = "Phase 2, distribution level",
         .parameter = "level",
         .stride = "T / 2^(level + 1)",
         .when = "(t + 1)·2·stride − 1 + stride < T",
         .src = "((t + 1)·2·stride − 1)·C + C − 1",
         .dst = "((t + 1)·2·stride − 1 + stride)·C + C − 1",
         .idle = "the total stride subsections to the right of their node (t + 1)·2·stride − 1 lies past the last one",
         .from = "0",
         .note = "A Brent-Kung distribution level over the T subsection totals."},
        {.phase = Phase::add_predecessor,
         .heading = "Phase 3, j =",
         .parameter = "j",
         .when = "t > 0",
         .src = "t·C − 1",
         .dst = "t·C + j",
         .idle = "thread 0's subsection comes first: it has no predecessor",
         .from = "0",
         .note = "XY[t·C − 1], the predecessor's total, is the scan of everything before the subsection since phase 2; the last "
                 "element of each subsection is complete already. Phase 3 reads only those totals, which it never writes, so "
                 "no barrier separates its sub-steps: the listing's last one follows the last, before the store."}};
    static constexpr int default_coarsening = 4;
    // T = section / C threads: each scans its C elements, then phase 2 scans the T totals.
    static int64_t additions(int64_t section, int c, Algorithm phase2) {
        const int64_t t = section / c;
        return t * (c - 1) + algorithm_info(phase2).formula.additions(t) + (t - 1) * (c - 1);
    }
    static constexpr AlgorithmInfo info() {
        return {
            .id = Algorithm::three_phase,
            .name = "three-phase",
            .title = "three-phase",
            .summary =
                "11.5 three-phase (thread coarsening): each thread scans C elements, a block scan of the T totals, each thread adds its predecessor's",
            .chapter = "PMPP 4th ed. §11.5",
            .reach = Reach::one_section,
            .elements_per_thread = default_coarsening,
            .multi_kernel_block = true,
            .takes_block_algorithm = true,
            .takes_coarsening = true,
            .formula = {"T·(C − 1) + phase 2 on T + (T − 1)·(C − 1)", nullptr, &additions},
            .listing = "three-phase",
            .rules = rules};
    }
    static constexpr int buffers = 1;
    // Not every step has a barrier between its reads and writes (only Kogge-Stone's in phase 2):
    // barriers() says which.
    static constexpr bool barrier_between = false;

    SCANLAB_HD static int subsections(const SectionLayout& l) { return l.size / l.coarsening > 0 ? l.size / l.coarsening : 1; }
    SCANLAB_HD static int threads(const SectionLayout& l) { return subsections(l); }
    SCANLAB_HD static int steps(const SectionLayout& l) {
        const int t = subsections(l), c = l.coarsening;
        return (c - 1) + phase2_steps(l.phase2, t) + (t > 1 ? c - 1 : 0);
    }
    SCANLAB_HD static StepShape shape(int k, const SectionLayout& l) {
        const int c = l.coarsening, p2 = phase2_steps(l.phase2, subsections(l));
        if (k < c - 1) return {Phase::thread_scan, k + 1, 1};  // level: the element added into (1 .. C − 1)
        if (k < c - 1 + p2) {
            const StepShape s = phase2_shape(l.phase2, k - (c - 1), subsections(l));
            return {s.phase, s.level, s.stride * c};
        }
        return {Phase::add_predecessor, k - (c - 1) - p2, 0};  // level: the element added into (0 .. C − 2)
    }
    SCANLAB_HD static int in_buffer(int) { return 0; }
    SCANLAB_HD static int out_buffer(int) { return 0; }
    SCANLAB_HD static Work work(int k, int t, const SectionLayout& l) {
        const int c = l.coarsening, p2 = phase2_steps(l.phase2, subsections(l));
        if (k < c - 1) return combine(t * c + k, t * c + k + 1);
        if (k < c - 1 + p2) {
            const Work w = phase2_work(l.phase2, k - (c - 1), t, subsections(l));
            return w.active ? combine(w.src * c + c - 1, w.dst * c + c - 1) : idle();  // totals: the last of each subsection
        }
        const int j = k - (c - 1) - p2;
        return t > 0 ? combine(t * c - 1, t * c + j) : idle();
    }
    // The listing's barriers, each counted on the step it follows (k = -1: the load):
    //   load; B; phase 1; for each phase 2 step { B; reads; [B: Kogge-Stone]; writes }; B; phase 3; B; store
    SCANLAB_HD static StepBarriers barriers(int k, const SectionLayout& l) {
        const int p1 = l.coarsening - 1, p2 = phase2_steps(l.phase2, subsections(l));
        const bool phase2 = k >= p1 && k < p1 + p2;
        StepBarriers b{phase2 && !bk(l.phase2) ? 1 : 0, 0};
        if (k == -1) ++b.after;  // after the load
        if (k + 1 >= p1 && k + 1 < p1 + p2) ++b.after;  // the one that opens the next step of phase 2
        if (k == p1 + p2 - 1) ++b.after;  // after phase 2
        if (k == steps(l) - 1) ++b.after;  // after phase 3, before the store
        return b;
    }

private:
    SCANLAB_HD static bool bk(Algorithm a) { return a == Algorithm::brent_kung; }
    SCANLAB_HD static int phase2_steps(Algorithm a, int t) { return bk(a) ? BrentKung::steps(t) : KoggeStone::steps(t); }
    SCANLAB_HD static StepShape phase2_shape(Algorithm a, int k, int t) { return bk(a) ? BrentKung::shape(k, t) : KoggeStone::shape(k, t); }
    SCANLAB_HD static Work phase2_work(Algorithm a, int k, int th, int t) {
        // Brent-Kung's threads beyond its T/2 find no node (index >= T) and stay idle.
        return bk(a) ? BrentKung::work(k, th, t) : KoggeStone::work(k, th, t);
    }
};

}  // namespace scanlab
