#include "seed_notes.hpp"

#include "number_text.hpp"

namespace scanlab {

std::string seed_note(const Trace& t) {
    // The double buffer's threads below the stride copy their element: none is idle.
    if (t.algorithm == Algorithm::kogge_stone_double_buffer) return "";
    std::string idle;
    int threads = 0;
    for (const Step& s : t.steps) {
        // Kernel 1's strides over the input: the steps the slide draws.
        if (s.phase != Phase::stride || s.depth != 0 || (s.kernel != Kernel::single && s.kernel != Kernel::k1) || s.blocks <= 0) continue;
        threads = s.threads_per_block;
        idle += (idle.empty() ? "" : ", ") + grouped(s.counts.idle_threads / s.blocks);
    }
    if (idle.empty()) return "";
    return "The slides say half of the threads drop out at each step; this trace's idle threads per block of " + grouped(threads) +
           " are " + idle + ": the threads below the stride drop out, not half.";
}

}  // namespace scanlab
