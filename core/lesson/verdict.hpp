#pragma once
// The lesson of a run said out loud: does its result equal the scan of its input, which elements
// differ, and for the racy kernel, where the race can strike even when this schedule hid it.
// Pure functions of a Trace, so the CLI, the JSON file and the app say the same thing.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/trace.hpp"

namespace scanlab {

struct Verdict {
    int64_t n = 0;
    // The correct scan of the input for the result elements from `first` (all of them, or the
    // window of a sampled trace).
    int64_t first = 0;
    ValueArray expected;
    std::vector<int64_t> wrong;  // indices of result elements that differ from `expected`, ascending
    bool racy = false;  // the kernel is wrong on purpose: the book's loop races within a stride
    // Racy kernel: reads that a thread of another warp may overwrite first, in some schedule
    // (summed over steps); this run's schedule turned `hazards` of them into stale reads.
    int64_t possible_hazards = 0;
    int64_t hazards = 0;
    std::string schedule;  // the warp order of this run ("in-order", "reverse", "random:7")
    std::string deadlock;  // a single-pass run that stopped in a deadlock: the sentence that says why

    bool deadlocked() const { return !deadlock.empty(); }

    bool correct() const { return wrong.empty(); }
    // "WRONG: 5 of 16 results differ from the correct scan", "DEADLOCK: ..." for a single-pass run
    // whose blocks could not go on, or for a racy run that came out right
    // "this schedule hid the race: ...", or "" for a correct run of a correct kernel.
    std::string headline() const;
    // The sentence under it: the reads that show the race is there, or what went wrong.
    std::string detail() const;
};

// The correct scan is computed in a wide type from the input. Integer scans and max/min are exact
// in any order, so they must match bit for bit; a float sum in another order rounds differently,
// so it is wrong only beyond the rounding that order can explain.
Verdict judge(const Trace& trace);

// For each step of a single-section scan with full detail: the array a race-free run of the same
// accesses holds after it (each step's reads all before its writes, as the barrier orders them).
// Empty for the other scans; it is what each cell of the racy kernel should have held.
std::vector<ValueArray> race_free_steps(const Trace& trace);

// The elements of step k that a thread reads while a thread of another warp of its block writes
// them in the same step, with no barrier between: the reads that some warp order makes stale.
// Sorted; empty for every kernel whose steps separate reads from writes.
std::vector<int32_t> possible_hazards(const Trace& trace, size_t k);

// Whether element i of step k's array differs from the race-free run (see race_free_steps).
std::vector<uint8_t> wrong_cells(const Trace& trace, const std::vector<ValueArray>& race_free, size_t k);

}  // namespace scanlab
