#pragma once
// The one-thread loop, the work-efficiency baseline: XY[i] = XY[i-1] op X[i] for i = 1 .. N-1.
// Each executor runs it itself (ex.sequential); this is its row of the table.
#include "core/algorithms/table.hpp"

namespace scanlab {

struct Sequential {
    static constexpr StepRule rules[] = {
        {.phase = Phase::sequential,
         .heading = "i =",
         .parameter = "i",
         .src = "i − 1",
         .dst = "i",
         .from = "0",
         .note = "One thread runs the loop, one operator application after another: nothing here runs in parallel."}};
    static int64_t chapter_additions(int64_t n) { return n - 1; }
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::sequential,
                .name = "sequential",
                .title = "sequential",
                .summary = "one thread, N-1 additions (the work-efficiency baseline)",
                .chapter = "PMPP 3rd ed. §9.1",
                .reach = Reach::one_thread,
                .formula = {"N − 1", &chapter_additions},
                .listing = "sequential",
                .bound = {"N − 1", &chapter_additions},
                .rules = rules,
                .shared = "a"};
    }
};

}  // namespace scanlab
