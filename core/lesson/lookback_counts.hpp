#pragma once
// The decoupled look-back's own counts, read from a trace's events: per tile, how deep its
// look-back went (predecessors combined), how many windows it read with an invalid word (polls)
// and how many status words it read in all; and the totals. Additions, polls and waits are also
// in the trace's counts; these say where they happened.
//
// Which counts the schedule decides: the local scans' additions, the inclusive prefixes' and the
// final adds' are the same under every schedule; the look-back's combines, its status reads and
// polls depend on which predecessors had published what when a tile looked (docs/operation-counts.md).
#include <cstdint>
#include <vector>

#include "core/trace.hpp"

namespace scanlab {

struct LookbackCounts {
    std::vector<int64_t> depth;  // per tile: predecessors combined (0 for tile 0)
    std::vector<int64_t> polls;  // per tile: window reads that met an invalid word
    std::vector<int64_t> reads;  // per tile: status words read, polls included
    std::vector<int64_t> windows;  // per tile: look_back events (windows acted on)
    int64_t combines = 0, total_polls = 0, status_reads = 0;
    int64_t max_depth = 0;
};

// Empty unless the trace is of the decoupled look-back (its events, at any detail).
LookbackCounts lookback_counts(const Trace& t);

// The additions every schedule shares: each tile's local scan, each inclusive prefix after tile 0
// (prefix op total), and the exclusive prefix added to every element after the first tile. The
// look-back's combines come on top.
int64_t lookback_schedule_free_additions(int64_t n, int section);

}  // namespace scanlab
