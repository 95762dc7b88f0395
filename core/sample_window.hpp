#pragma once
#include <cstdint>

namespace scanlab {

// A sampled trace, for runs too large to keep whole (the live run): in the scan of the input
// (depth 0) only blocks [first_block, first_block + blocks) keep their snapshots and accesses,
// while S at every level is kept whole (it is N/section long) and the counts cover every block.
struct SampleWindow {
    int64_t first_block = 0;
    int64_t blocks = 0;  // 0: no sampling, every block is kept
    bool all() const { return blocks == 0; }
    bool operator==(const SampleWindow&) const = default;
};

}  // namespace scanlab
