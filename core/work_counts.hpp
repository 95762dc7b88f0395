#pragma once
// Counts a student can quote: a full trace's additions split by phase (the reduction and
// distribution trees; K1, K2, K3; the host scan), and each split into real work and additions on
// identity padding (results that land past the end of their array: the rest of a partial section).
#include <cstdint>
#include <string>
#include <vector>

#include "trace.hpp"

namespace scanlab {

struct PhaseCount {
    std::string phase;       // "reduction tree", "K1", "K2 (scan of S)", "host scan", ...
    int64_t additions = 0;   // every operator application, as the hardware does them
    int64_t padding = 0;     // those whose result lands on padding
    int64_t work() const { return additions - padding; }
};

// Needs a full-detail trace (the accesses say where each result lands).
std::vector<PhaseCount> phase_counts(const Trace& trace);
// The whole run: additions, padding, work.
PhaseCount total_count(const Trace& trace);

}  // namespace scanlab
