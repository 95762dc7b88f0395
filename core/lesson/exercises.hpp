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
// float, under each limit of the device: threads (or shared memory) per block, through the section
// (one block of kernel 2 scans S: section²); the grid (section × max grid x, the book's reading, as
// 9.5's 65,536 × 2048 = 134,217,728); memory (X and Y as float, and S, in one GPU's memory).
enum class BindingLimit { threads, shared_memory, grid, memory };
struct TwoLevelLimit {
    int section = 0;
    int64_t one_block_for_s = 0;
    int64_t grid_limited = 0;
    int64_t memory_limited = 0;  // 0: the device's memory is not known
    BindingLimit section_limit = BindingLimit::threads;  // what sets the section: threads, or shared memory
    // The answer, strictly two levels: the least of the three, and the limit that binds.
    int64_t answer = 0;
    BindingLimit binding = BindingLimit::threads;
    // 9.5's reading, which lets kernel 2 scan S hierarchically: the grid or memory, the lesser.
    int64_t book_answer = 0;
    BindingLimit book_binding = BindingLimit::grid;
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
