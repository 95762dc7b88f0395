#pragma once
// The slide deck's scan: scan_cuda (Kogge-Stone with a temporary, two barriers per step) writes
// each block's total to s[blockIdx.x + 1] with s[0] = 0, the host scans s, and add_cuda adds
// s[blockIdx.x] to every element of the block.
//
// Two things differ from the slides, both so that a partial last block is correct: positions
// past the end are loaded as the identity (the slides leave them uninitialised), and the block
// total is read from shared memory (the slides read a[b+t], past the end of the array).
#include <vector>

#include "../algorithms/kogge_stone.hpp"
#include "block_sums.hpp"

namespace scanlab {

template <class T, class Op>
std::vector<T> emulate_slides(const T* X, int64_t n, BlockSetup setup, Recorder& rec) {
    const int section = setup.section;
    const Op op;
    setup.kernel = Kernel::k1;
    std::vector<T> xy = emulate_block_scan<KoggeStone, T, Op>(X, n, setup, rec);
    const int64_t grid = int64_t(xy.size()) / section;
    std::vector<T> Y(xy.begin(), xy.begin() + n);

    std::vector<T> s(grid + 1, Op::identity());  // s[0] = 0
    write_block_sums<T, Op>(xy, s, 1, setup, KoggeStone::threads(section), rec);

    // Host: for (i = 1; i < num_blocks; i++) s[i] += s[i-1];
    Step h;
    h.kernel = Kernel::host;
    h.phase = Phase::host_scan;
    h.array = ArrayKind::s;
    h.blocks = 1;
    h.threads_per_block = 1;
    for (int64_t i = 1; i < grid; ++i) {
        s[i] = op(s[i - 1], s[i]);
        if (rec.full()) h.accesses.push_back({-1, int32_t(i - 1), int32_t(i), true});
    }
    h.counts.additions = grid - 1;
    h.counts.active_threads = 1;
    if (rec.full()) h.values = s;
    rec.add(std::move(h));

    BlockSetup add = setup;
    add.kernel = Kernel::k3;
    add_block_sums<T, Op>(Y, s, 0, 0, add, rec);
    return Y;
}

}  // namespace scanlab
