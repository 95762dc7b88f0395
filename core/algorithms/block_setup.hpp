#pragma once
// One launch of an in-block scan as the multi-kernel algorithms describe it to an executor.
#include "../request.hpp"
#include "../types.hpp"

namespace scanlab {

struct BlockSetup {
    Kernel kernel = Kernel::single;
    int depth = 0;  // 0: the scan of the input; 1: of its block sums S; ...
    ArrayKind array = ArrayKind::xy;
    bool exclusive = false;
    int section = 2;
    int threads = 1;      // threads per block: the block algorithm's, for kernel 1 and kernel 3 alike
    int warp_width = 32;  // for counting divergent warps (and the emulation's lock-step)
    Schedule schedule;    // emulation only: the order warps run in
    SampleWindow sample;  // the blocks whose steps are kept in full (all when sample.all())
};

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
