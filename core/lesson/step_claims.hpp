#pragma once
// What a step's explanation states, as data: which threads work, which element each combines into
// which, what each written element then holds, and what the block sums S hold. The claims come
// from the algorithm's own facts (its row's step rules and block-sum rule, core/algorithms/table.hpp)
// and the step's data, never from the step's recorded accesses; the explanation (explain.hpp)
// renders them as sentences, and the tests hold every claim against the trace, so a sentence that
// says another algorithm's index math, or what S does not hold, fails a test.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/algorithms/table.hpp"
#include "core/trace.hpp"

namespace scanlab {

// Positions lo..hi of an array, both included; lo > hi: none (the identity).
struct PositionRange {
    int64_t lo = 1, hi = 0;
    bool empty() const { return lo > hi; }
    bool operator==(const PositionRange&) const = default;
};

struct StepClaims {
    // The row whose facts the step is said in (the block algorithm of a multi-block scan, or the
    // slides' own), and the rule of the step's phase (null: a load, a block-sum step, an event).
    const AlgorithmInfo* row = nullptr;
    const StepRule* rule = nullptr;
    // The formula that did not read (a rule naming a word it does not bind), or empty.
    std::string unreadable;

    // The blocks whose threads are stated, and the threads that read or write in each (local
    // threadIdx.x, ascending); a block not listed has none working.
    std::vector<int64_t> blocks;
    std::vector<std::pair<int64_t, std::vector<int64_t>>> working;
    int64_t threads_per_block = 0;

    // The accesses the explanation states, as the trace records them (global thread ids; positions
    // of the step's array, or the input for a load, or S for kernel 3), ordered by thread, then by
    // element. Unset for an event step, whose accesses are not stated.
    std::optional<std::vector<Access>> pairs;

    // What each written element holds after the step: the positions `from` of the array as the
    // kernel loaded it (the step `loaded`), combined by the operator. Empty where not stated.
    struct Holds {
        int64_t element = 0;
        PositionRange from;
    };
    std::vector<Holds> holds;
    size_t loaded = 0;
    bool clamped = false;  // some thread's first element lay below the section's first, so it starts there

    // What the block sums hold: the step whose values are described, what they are, and for each
    // element the positions of the input as kernel 1 loaded it (the first step) that it combines.
    enum class SState { written, scanned };
    struct Sums {
        size_t step = 0;
        int level = 0;  // 0: S, the sums of the input's sections; 1: S^1, the sums of S's sections ...
        SState state = SState::written;
        std::vector<PositionRange> from;
    };
    std::optional<Sums> sums;

    // Whether the run writes block sums at all: stated where one block is the whole scan.
    std::optional<bool> writes_block_sums;
};

// The claims of step k of a trace with full detail.
StepClaims step_claims(const Trace& trace, size_t k);

// The row whose rules say the steps of a run of `t` (the algorithm, or the block algorithm inside a
// multi-block scan that has no rules of its own).
const AlgorithmInfo& block_row(const Trace& t);

// The length of the array step s's kernel works over: N for the input's scan, the number of block
// sums at the level of S it scans or adds into.
int64_t array_length(const Trace& t, const Step& s);

// The length of level `level`'s array: N for the input (level 0), then its block sums, theirs ...
int64_t level_length(const Trace& t, int level);

// The input positions loaded position p of the input's scan holds: p itself, or p − 1 for an
// exclusive scan (none: the identity).
PositionRange input_range(const Trace& t, PositionRange loaded);

}  // namespace scanlab
