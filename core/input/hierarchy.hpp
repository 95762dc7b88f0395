#pragma once
// How deep a hierarchical scan (9.5) nests, and the two-level limit the book speaks of. Kernel 2
// scans the block sums S in one block when S fits one section; when it does not, S is scanned
// hierarchically in turn, one more level.
#include <cstdint>
#include <string>

#include "core/trace.hpp"

namespace scanlab {

// Scans nested in a hierarchical run of n elements: 1 when one section holds the input (kernel 1
// alone), 2 when one block scans S (the book's Figure 9.9), 3 or more when S itself needs blocks.
int scan_levels(int64_t n, int section);

// The largest input a strictly two-level scan takes: S of `section` sums, scanned by one block.
inline int64_t two_level_limit(int section) { return int64_t(section) * section; }

// For a hierarchical trace of more than two levels: why (S has more elements than one section)
// and the book's two-level limit. Empty otherwise.
std::string levels_note(const Trace& trace);

}  // namespace scanlab
