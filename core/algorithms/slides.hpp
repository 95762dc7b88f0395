#pragma once
// The slide deck's multi-kernel scan, as a plan over an executor (see scan_plans.hpp).
#include <cstdint>

#include "core/algorithms/block_setup.hpp"
#include "core/algorithms/kogge_stone.hpp"
#include "core/algorithms/table.hpp"

namespace scanlab {

struct Slides {
    // scan_cuda's loop, in the slides' names: p is the section in shared memory, i the stride, x
    // the temporary.
    static constexpr StepRule rules[] = {
        {.phase = Phase::stride,
         .heading = "Step i =",
         .parameter = "i",
         .when = "t ≥ i",
         .src = "t − i",
         .dst = "t",
         .idle = "no element lies i places to the left of theirs",
         .from = "t − 2·i + 1",
         .note = "Each thread keeps its result in x across the barrier between computing and copying, so no thread reads an "
                 "element another thread has already updated in this step."}};
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::slides,
                .name = "slides",
                .title = "the slides' scan_cuda",
                .summary = "the slide deck: scan_cuda writes s[blockIdx.x+1], s scanned on the host, then add_cuda",
                .chapter = "the course's slides",
                .reach = Reach::multi_block,
                .takes_sample_block = true,
                .fixed_block = Algorithm::kogge_stone,
                .listing = "slides",
                .block_sums = {.s = "s",
                               .write_offset = 1,
                               .first_adder = 0,
                               .add_offset = 0,
                               .scan_kernel = "scan_cuda",
                               .sum_scan = "the host",
                               .add_kernel = "add_cuda"},
                .rules = rules,
                .shared = "p"};
    }
};

// The slide deck: scan_cuda (Kogge-Stone with a temporary, two barriers per step) writes each
// block's total to s[blockIdx.x + 1] with s[0] = 0, the host scans s, and add_cuda adds
// s[blockIdx.x] to every element of the block. Two things differ from the slides, both so that a
// partial last block is right: positions past the end load the identity (the slides leave them
// uninitialised), and the block total is taken from shared memory (the slides read a[b+t], past
// the end of the array).
template <class Exec>
typename Exec::Buffer slides_scan(Exec& ex, const typename Exec::Buffer& X, int64_t n, BlockSetup setup) {
    const int64_t grid = (n + setup.section - 1) / setup.section;
    setup.threads = KoggeStone::threads(setup.section);
    setup.kernel = Kernel::k1;
    const BlockSumsRule sums = Slides::info().block_sums;
    typename Exec::Buffer s = ex.make_buffer(grid + sums.write_offset);  // s[0] = 0 (the identity)
    typename Exec::Buffer Y = ex.template block_scan<KoggeStone>(X, n, setup, &s, sums.write_offset);
    ex.host_scan(s, grid);  // for (i = 1; i < num_blocks; i++) s[i] += s[i-1];
    BlockSetup add = setup;
    add.kernel = Kernel::k3;
    ex.add_block_sums(Y, n, s, sums.first_adder, sums.add_offset, add);
    return Y;
}

}  // namespace scanlab
