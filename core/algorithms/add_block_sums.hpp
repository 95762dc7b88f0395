#pragma once
// Kernel 3 of 9.5 and the slides' add_cuda: block b adds S[b + offset] to every element of its
// section, in blocks b >= first_block (the hierarchical scan skips block 0 and reads S[b - 1];
// the slides add s[blockIdx.x], s[0] = 0, to every block). A block has as many threads as the
// block scan's (at most 1024), so thread t takes positions t, t + threads, ... of its section.
#include <cstdint>

#include "core/hd.hpp"

namespace scanlab {

struct AddBlockSums {
    int64_t n = 0;  // elements of Y
    int section = 2;
    int threads = 1;  // per block
    int first_block = 0;  // blocks before it add nothing
    int offset = 0;  // block b adds S[b + offset]

    SCANLAB_HD int64_t grid() const { return (n + section - 1) / section; }
    // Does thread t of block b add to section position j (t, t + threads, ...)?
    SCANLAB_HD bool adds(int64_t b, int j) const { return b >= first_block && b * section + j < n; }
    SCANLAB_HD int64_t s_index(int64_t b) const { return b + offset; }
};

}  // namespace scanlab
