#pragma once
// The segmented scan by head flags (Blelloch 1990; thrust::inclusive_scan_by_key and CUB's
// *ByKey scans offer it): the operator restarts at every element whose flag is 1. It is the
// hierarchical plan of 9.5 run over (flag, value) pairs with the operator of core/flagged.hpp,
//     (f1, v1) ⊕ (f2, v2) = (f1 | f2,  f2 ? v2 : v1 ⊕ v2),
// by a flag-carrying Kogge-Stone or Brent-Kung block scan: kernel 1 scans each section (one
// section is the whole scan), S[b] carries the section's total with the OR of its flags, kernel 2
// scans S with the same operator, and kernel 3's S[b-1] ⊕ Y[i] stops at the block's first flag.
// Nothing of the block algorithms changes: their index math takes the pairs as it takes numbers
// (run_segmented in scan_plans.hpp runs hierarchical_scan over an executor of pairs).
#include "core/algorithms/table.hpp"

namespace scanlab {

struct Segmented {
    static constexpr AlgorithmInfo info() {
        return {.id = Algorithm::segmented,
                .name = "segmented",
                .title = "segmented",
                .summary =
                    "scan by head flags (not the 4th edition's 11.6 \"segmented\" scan, which is hierarchical here): the (flag, value) "
                    "operator restarts at each flag; hierarchical past a section",
                .chapter = "Blelloch (1990); thrust::inclusive_scan_by_key",
                .reach = Reach::multi_block,
                .takes_block_algorithm = true,
                .takes_sample_block = true,
                .takes_flags = true,
                .listing = "segmented",
                .block_sums = {.s = "S", .write_offset = 0, .first_adder = 1, .add_offset = -1, .carries = true}};
    }
};

}  // namespace scanlab
