#pragma once
// PMPP 4th ed. §11.7, the single-pass scan with adjacent-block synchronization ("domino"): one
// kernel; each block scans its section, waits until its predecessor's flag says the prefix of
// every earlier section is in scan_value, adds its own total and passes it on to its successor,
// then adds the prefix to its section. The blocks meet only through flags[] and scan_value[] in
// global memory, so the run is a sequence of events under a block schedule, not lock-step steps.
//
//   if (threadIdx.x == 0) bid_s = atomicAdd(&blockCounter, 1);    // the dynamic block index
//   __syncthreads();  bid = bid_s;
//   ... scan the section XY[] of tile bid; local_sum = XY[SECTION_SIZE - 1] ...
//   if (threadIdx.x == 0) {
//       while (atomicAdd(&flags[bid], 0) == 0) {}                 // wait for the predecessor
//       previous_sum = scan_value[bid];
//       scan_value[bid + 1] = previous_sum + local_sum;
//       __threadfence();
//       atomicAdd(&flags[bid + 1], 1);                            // pass it on
//   }
//   __syncthreads();
//   Y[i] = previous_sum + XY[threadIdx.x];
//
// Why the drawn index: CUDA starts blocks in no promised order and keeps only as many resident as
// the SMs hold. A block that took its index from blockIdx could wait for a predecessor that has
// not started while it holds the slot that predecessor needs: a deadlock (--static-index shows it
// in the emulation). A drawn index is handed out in the order blocks really start, so the block
// holding tile i - 1 has always started before tile i's block.
#include <cstdint>

#include "core/algorithms/kogge_stone.hpp"
#include "core/algorithms/table.hpp"
#include "core/hd.hpp"

namespace scanlab {

struct Domino {
    static constexpr AlgorithmInfo info() {
        return {
            .id = Algorithm::domino,
            .name = "domino",
            .title = "domino",
            .summary = "11.7 single-pass scan: each block draws its tile, scans it, waits for its predecessor's flag and passes its sum on",
            .chapter = "PMPP 4th ed. §11.7",
            .reach = Reach::single_pass,
            .takes_static_index = true,
            .handoff = Handoff::flag_chain,
            .events_per_tile = 4,
            .fixed_block = Algorithm::kogge_stone,
            .formula = {},
            .listing = "domino"};
    }
    // The section scan inside each block (the chapter leaves it open; Kogge-Stone, as §11.2).
    using BlockScan = KoggeStone;

    // flags[] and scan_value[] have one slot per tile plus one: slot 0 is set before the launch
    // (flags[0] = 1, scan_value[0] = the identity), and tile b passes its prefix in slot b + 1.
    SCANLAB_HD static int64_t slots(int64_t tiles) { return tiles + 1; }
    SCANLAB_HD static int64_t waits_on(int64_t tile) { return tile; }
    SCANLAB_HD static int64_t passes_to(int64_t tile) { return tile + 1; }
};

}  // namespace scanlab
