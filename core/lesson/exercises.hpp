#pragma once
// The exercises of PMPP 3rd ed. chapter 9, answered from real runs of a backend: each answer is
// derived from the traces it ran, and carries the `scanlab` commands that repeat those runs. The
// CLI prints them; the app shows them beside the runs.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine/backend.hpp"
#include "core/engine/device_limits.hpp"
#include "core/input/run_spec.hpp"

namespace scanlab {

struct Exercise {
    int number = 0;  // PMPP 3rd ed., chapter 9
    std::string_view statement;  // in one line
    std::string_view fourth_edition;  // where chapter 11 of the 4th edition has it
};
const std::vector<Exercise>& chapter9_exercises();

// Exercise 9 held against these GPUs (facts cited in docs/exercises.md).
const std::vector<DeviceLimits>& exercise9_devices();

// The largest input of a two-level hierarchical scan with Brent-Kung sections of 2 x threads of
// float: strictly two levels (one block scans S: section²), and the book's grid-limited reading
// (section × max grid x, as 9.5's 65,536 × 2048 = 134,217,728).
struct TwoLevelLimit {
    int section = 0;
    int64_t one_block_for_s = 0;
    int64_t grid_limited = 0;
};
TwoLevelLimit two_level_limit(const DeviceLimits& d);

struct ExerciseAnswer {
    int number = 0;
    std::string text;  // the answer, with the figures of the runs
    std::vector<std::string> commands;  // `scanlab ...` lines that repeat the runs
    std::vector<RunSpec> runs;  // the same runs, as the app opens them (one per command)
    size_t main_run = 0;  // the run the answer speaks of, when it made several
};

struct ExerciseOptions {
    std::optional<DeviceLimits> this_gpu;  // exercise 9: the GPU of this machine, when there is one
    std::string device;  // exercise 9: only the table's device whose name contains this
};

// Throws ScanError for a number that is not an exercise of the chapter.
ExerciseAnswer answer_exercise(int number, Backend& backend, const ExerciseOptions& options = {});

// The exercise and its answer as `scanlab exercise N` prints them and the app's Exercises panel
// shows them: the statement, the answer, and the commands that repeat the runs.
std::string exercise_text(const ExerciseAnswer& answer);

}  // namespace scanlab
