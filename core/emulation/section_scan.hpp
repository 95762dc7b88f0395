#pragma once
// One block's load and in-block scan of its tile, as the single-pass kernels run them, for the
// block machines of the single-pass scans (domino_machine.hpp, lookback_machine.hpp): the barrier
// between each step's reads and writes makes the order of threads irrelevant.
#include <cstdint>
#include <vector>

#include "core/algorithms/block_step.hpp"
#include "core/algorithms/load.hpp"
#include "core/recording/step_records.hpp"
#include "core/trace.hpp"

namespace scanlab {

// Section `tile` of the input as the block loads it: the identity past the end (and first, for an
// exclusive scan, which loads the input shifted right by one).
template <class T, class Op>
std::vector<T> load_section(const T* x, int64_t n, int section, bool exclusive, int64_t tile) {
    std::vector<T> xy(size_t(section), Op::identity());
    const int64_t first = tile * section;
    for (int j = 0; j < section; ++j) {
        const int64_t src = load_source(first + j, n, exclusive);
        if (src >= 0) xy[size_t(j)] = x[src];
    }
    return xy;
}

// Scans xy in place with BlockScan's steps; the counts of the load and the scan together.
template <class BlockScan, class T, class Op>
StepCounts block_scan_section(std::vector<T>& xy, int section) {
    static_assert(BlockScan::buffers == 1, "a single-pass scan's block scan works in place");
    const Op op;
    const int threads = BlockScan::threads(section);
    StepCounts c;
    c.active_threads = threads;
    c.barriers = 1;  // after the load
    std::vector<T> reg(static_cast<size_t>(threads));
    const int steps = BlockScan::steps(section);
    for (int k = 0; k < steps; ++k) {
        for (int t = 0; t < threads; ++t) {
            const Work w = BlockScan::work(k, t, section);
            if (w.active) reg[size_t(t)] = w.applies_op ? op(xy[size_t(w.src)], xy[size_t(w.dst)]) : xy[size_t(w.src)];
        }
        for (int t = 0; t < threads; ++t) {
            const Work w = BlockScan::work(k, t, section);
            if (!w.active) continue;
            xy[size_t(w.dst)] = reg[size_t(t)];
            c.additions += w.applies_op;
        }
        c.barriers += tree_step_barriers<BlockScan>();
    }
    return c;
}

}  // namespace scanlab
