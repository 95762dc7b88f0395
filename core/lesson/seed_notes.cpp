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
    std::string idle, halves, last_stride;
    int threads = 0, strides = 0, half = 0, more_than_half = 0;
    bool last_is_half = false;
    for (const Step& s : t.steps) {
        // Kernel 1's strides over the input: the steps the slide draws.
        if (s.phase != Phase::stride || s.depth != 0 || (s.kernel != Kernel::single && s.kernel != Kernel::k1) || s.blocks <= 0) continue;
        threads = s.threads_per_block;
        const int64_t per_block = s.counts.idle_threads / s.blocks;
        idle += (idle.empty() ? "" : ", ") + grouped(per_block);
        ++strides;
        last_is_half = 2 * per_block == threads;
        last_stride = grouped(s.level);
        more_than_half += 2 * per_block > threads;
        if (last_is_half) {
            ++half;
            halves += (halves.empty() ? "" : ", ") + grouped(s.level);
        }
    }
    if (idle.empty()) return "";
    // The threads below the stride drop out: 1, 2, 4, ... of T, which is half only where the
    // stride is T/2, the last one (a block of 2 has no other).
    const std::string measured = "The slides say half of the threads drop out at each step; this trace's idle threads per block of " +
                                 grouped(threads) + " are " + idle + ": the threads below the stride drop out";
    if (half == strides)
        return measured + (strides == 1 ? ", half the block at its only stride, as the slides say." : ", half the block at every stride.");
    if (half == 0) return measured + ", never half the block.";
    if (half == 1 && last_is_half && more_than_half == 0)
        return measured + ", half the block only at the last stride, " + last_stride + "; fewer at the others.";
    return measured + ", half the block only at stride " + halves + ".";
}

}  // namespace scanlab
