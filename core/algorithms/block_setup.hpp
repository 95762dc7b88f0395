#pragma once
// One launch of an in-block scan as the multi-kernel algorithms describe it to an executor.
#include "core/algorithms/block_step.hpp"
#include "core/algorithms/table.hpp"
#include "core/request.hpp"
#include "core/sample_window.hpp"
#include "core/schedules.hpp"
#include "core/types.hpp"

namespace scanlab {

struct BlockSetup {
    Kernel kernel = Kernel::single;
    int depth = 0;  // 0: the scan of the input; 1: of its block sums S; ...
    ArrayKind array = ArrayKind::xy;
    bool exclusive = false;
    int section = 2;
    int coarsening = 1;  // three-phase: elements each thread scans alone
    Algorithm phase2 = Algorithm::kogge_stone;  // three-phase: the scan of the subsection totals
    int threads = 1;  // threads per block: the block algorithm's, for kernel 1 and kernel 3 alike
    int warp_width = kWarpSize;  // for counting divergent warps (and the emulation's lock-step)
    Schedule schedule;  // emulation only: the order warps run in
    SampleWindow sample;  // the blocks whose steps are kept in full (all when sample.all())

    SectionLayout layout() const { return {section, coarsening, phase2}; }
};

// The blocks of a run of `algorithm` over `block_algorithm` as a definition sees them: a coarsened
// block's C, and its phase 2 scan (three-phase's own --block-algo; Kogge-Stone inside hierarchical,
// whose --block-algo names three-phase itself).
inline SectionLayout run_layout(Algorithm algorithm, Algorithm block_algorithm, int section, int coarsening) {
    return {section, coarsening > 0 ? coarsening : 1,
            algorithm_info(algorithm).takes_coarsening ? block_algorithm : Algorithm::kogge_stone};
}

// The C a step of `Algo`'s blocks records (its label says "phase 1 · element 2 of 4"); 0 for an
// algorithm that does not coarsen.
template <class Algo>
int step_coarsening(const BlockSetup& setup) {
    return Algo::info().takes_coarsening ? setup.coarsening : 0;
}

// The blocks of a launch of `grid` blocks whose snapshots and accesses are kept: [first, first + count).
struct KeptBlocks {
    int64_t first = 0, count = 0;
};
inline KeptBlocks kept_blocks(const BlockSetup& setup, int64_t grid) {
    if (setup.sample.all()) return {0, grid};
    const int64_t first = setup.sample.first_block < grid ? setup.sample.first_block : grid;
    const int64_t count = setup.sample.blocks < grid - first ? setup.sample.blocks : grid - first;
    return {first, count};
}

}  // namespace scanlab
