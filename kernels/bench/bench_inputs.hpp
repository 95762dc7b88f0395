#pragma once
// What the benchmark and the GPU tests scan, and what they compare against. Plain C++.
//
// The inputs keep every scan exact in every type, so outputs are compared bit for bit:
//   sum: integers from -4 to 4. Any partial sum (whatever the order of a parallel scan) is the sum
//        of a contiguous run, a random walk far inside int32 and inside float's 2^24 exact range
//        even at N = 2^28 (its spread is about 3 * sqrt(N * 6.7), some 10^5).
//   max: a rising trend with noise, (i / 4) + (-64..64), so the running maximum keeps changing
//        and a tile that missed its predecessors' prefix shows it;
//   min: the same, falling.
#include <cstdint>
#include <string>

#include "core/types.hpp"
#include "core/values.hpp"

namespace scanlab::bench {

ValueArray make_input(ElementType type, OpKind op, int64_t n, uint64_t seed);

// The sequential scan with the core's operator (core/operators.hpp), in order.
ValueArray reference_scan(const ValueArray& input, OpKind op, bool exclusive);

struct Mismatch {
    int64_t count = 0;  // elements that differ
    int64_t first = -1;  // the first of them
    std::string got, want;  // their values at `first`, as text
    bool ok() const { return count == 0; }
    // "3 of 1048576 elements differ; the first at index 4096: 17 where 21 was expected"
    std::string sentence(int64_t n) const;
};

// Bitwise comparison of two arrays of the same type and length.
Mismatch compare_exact(const ValueArray& got, const ValueArray& want);

}  // namespace scanlab::bench
