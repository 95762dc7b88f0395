#pragma once
// Decoupled look-back (Merrill & Garland 2016, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back"), what CUB and kernels/production/ ship: one kernel; each block draws its tile (the
// domino scan's dynamic index, 4th ed. §11.7, applied here by choice: CUB's AgentScan takes tile
// start_tile + blockIdx.x, and relies on the GPU starting blocks in index order), scans it,
// publishes its aggregate (tile 0: its inclusive prefix), looks back over windows of its
// predecessors' status words, combining aggregates until it meets an inclusive prefix,
// publishes its own inclusive prefix and adds the exclusive one to its section. Unlike the domino
// scan, a tile does not wait for its predecessor to finish: an aggregate lets it skip past a
// predecessor that has not yet learnt its own prefix.
//
//   if (threadIdx.x == 0) tile = atomicAdd(&next_tile, 1);          // the dynamic tile index
//   ... scan the section XY[] of the tile; total = XY[SECTION_SIZE - 1] ...
//   publish(tile, tile == 0 ? INCLUSIVE : AGGREGATE, total);        // value, fence, flag
//   for (nearest = tile - 1; ; nearest -= W)                        // warp 0, a lane a predecessor
//       wait while any word of [nearest - W + 1, nearest] is INVALID, then combine them, nearest
//       first, down to the nearest INCLUSIVE one (and stop there)
//   publish(tile, INCLUSIVE, prefix + total);
//   Y[i] = prefix + XY[t];
// The decisions of the look-back are lookback_window.hpp's, shared by the kernel and the emulation.
#include <cstdint>

#include "core/algorithms/kogge_stone.hpp"
#include "core/algorithms/lookback_window.hpp"
#include "core/algorithms/table.hpp"

namespace scanlab {

struct DecoupledLookback {
    static constexpr AlgorithmInfo info() {
        return {
            .id = Algorithm::decoupled_lookback,
            .name = "decoupled-lookback",
            .title = "decoupled look-back",
            .summary =
                "single-pass scan: each tile publishes its aggregate, looks back over a window of predecessors' status words, publishes its inclusive prefix",
            .chapter = "Merrill & Garland (2016)",
            .reach = Reach::single_pass,
            .takes_window = true,
            .handoff = Handoff::status_words,
            .events_per_tile = 6,
            .fixed_block = Algorithm::kogge_stone,
            .listing = "decoupled-lookback"};
    }
    // The section scan inside each block: Kogge-Stone, as the domino scan's, so the two
    // single-pass scans differ only in how a tile learns its prefix.
    using BlockScan = KoggeStone;
};

}  // namespace scanlab
