#pragma once
// Counts a student can quote: a trace's additions split by phase (the reduction and distribution
// trees; K1, K2, K3; the host scan), each split into real work and additions on identity padding
// (results that land past the end of their array: the rest of a partial section), and the real
// work held against the bound the algorithm table gives for the run's algorithm at its N.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/algorithms/table.hpp"
#include "core/trace.hpp"

namespace scanlab {

struct PhaseCount {
    std::string phase;  // "reduction tree", "K1 (scan sections)", "K2 (scan S)", "host scan of s", ...
    int64_t additions = 0;  // every operator application, as the hardware does them
    int64_t padding = 0;  // those whose result lands on padding
    int64_t work() const { return additions - padding; }
    bool operator==(const PhaseCount&) const = default;
};

// From the steps' counts and the block algorithm's index math (only a partial last section has
// padding), so a sampled trace has them too. A trace that keeps counts only has no steps: no phases.
std::vector<PhaseCount> phase_counts(const Trace& trace);
// The whole run: additions, padding, work (the sum of phase_counts).
PhaseCount total_count(const Trace& trace);

// The run's real work beside the table's bound for its algorithm, evaluated at the run's N.
struct WorkBound {
    std::string algorithm;  // the table's title: "Brent-Kung"
    std::string text;  // "2N − 2 − log2 N"
    bool chapter = true;  // the chapter's bound; false: the algorithm's own count from the table
    std::string scope;  // where the chapter states it, when narrower than the algorithm
    int64_t n = 0;
    int64_t value = 0;  // the formula at n
    int64_t work = 0;  // the run's real work
    // "≤", "=" or ">": how the real work compares with the formula.
    std::string relation() const;
    // "real work 4,085 ≤ 4N − 3 = 8,193 at N = 2,049", with why it passes a bound when it does.
    std::string sentence() const;
};
// Empty for an empty input, a trace without steps, or an algorithm whose row has neither.
std::optional<WorkBound> work_bound(const Trace& trace);

// The formula of formula_for(trace) as a clause that names its source and its N: "the chapter
// counts N·log2 N − (N − 1) = 129 at N = SECTION_SIZE = 32, the section the run's 17 elements are
// padded to, for the whole scan", or "Scan Lab's own exact count is 2N − 2 − log2 N = 26 at N = 16;
// the chapter states the bound 2N − 3 = 29 there".
std::string formula_sentence(const Trace& trace, const Formula& formula);

}  // namespace scanlab
