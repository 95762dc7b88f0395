#include "core/lesson/seed_notes.hpp"

#include "core/algorithms/table.hpp"
#include "core/number_text.hpp"

namespace scanlab {

std::string seed_note(const Trace& t) {
    // Only Kogge-Stone's strides are the slides' (Sklansky's and Ladner-Fischer's levels are
    // strides too, with other threads idle). The double buffer's threads below the stride copy
    // their element: none is idle.
    const AlgorithmInfo& row = algorithm_info(t.algorithm);
    const Algorithm block = row.one_section() ? t.algorithm : row.takes_block_algorithm ? t.block_algorithm : row.fixed_block;
    if (block != Algorithm::kogge_stone && block != Algorithm::kogge_stone_racy) return "";
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
