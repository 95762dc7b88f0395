#pragma once
// Bookkeeping of a finished trace for the views: which row a step read, which cells it changed,
// which values are final, cumulative counts and the chapter's formulas. Pure functions of a
// Trace — nothing here runs a scan or touches GL — so the tests pin them down directly.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../../core/trace.hpp"

namespace scanlab::gui {

struct TraceBook {
    bool full = false;  // the trace holds every step's array and accesses (Detail::full)
    std::vector<int64_t> cumulative_additions;  // after each step
    // For each result element i: the first step from which the output array (depth 0, XY or Y)
    // holds result[i] in every later step; steps.size() if it never settles before the end.
    std::vector<size_t> final_from;
};
TraceBook make_book(const Trace& t);

// The rows a step is drawn between. `before` is the array the step's destinations were read
// from (the previous step, the input X for the first load); for an add of block sums `before` is
// Y as kernel 1 left it and `sums` the scanned S it adds. Indices of accesses follow: `src`
// indexes `sums` for an add of block sums, the input for a load, `before` otherwise.
struct StepRows {
    const ValueArray* before = nullptr;
    std::string_view before_name;  // "X", "XY", "S", "Y" (static names)
    const ValueArray* sums = nullptr;  // add of block sums only
    const ValueArray* after = nullptr;
};
StepRows step_rows(const Trace& t, size_t k);

// How a cell of a step's array is drawn, strongest first.
enum class CellState : uint8_t {
    untouched,    // no thread wrote it in this step
    loaded,       // written by a copy or a load (no operator)
    final_value,  // holds its result value and no later step changes it
    updated,      // written by an operator application in this step
    hazard,       // read after another thread overwrote it in this step (racy kernel)
};
std::vector<CellState> cell_states(const Trace& t, const TraceBook& book, size_t k);

// Per element of step k's array: the block-local thread id that wrote it, or -1.
std::vector<int32_t> writers(const Step& s);
// Per launched thread (blocks * threads_per_block): whether it read or wrote anything.
std::vector<uint8_t> active_threads(const Step& s);
// The number of distinct elements step k wrote with the operator (the "updated" cells).
int64_t updated_cell_count(const Step& s);

// The chapter's addition counts for one section of N elements.
struct Formula {
    std::string algorithm;  // the algorithms it describes
    std::string text;       // "N·log2 N − (N − 1)"
    int64_t value = 0;
};
std::vector<Formula> chapter_formulas(int64_t n);  // sequential, Kogge-Stone, Brent-Kung at N = n
// The formula that predicts a trace's total, if the chapter gives one (single-section and
// sequential runs), evaluated at the N the run really used (padding included).
std::optional<Formula> formula_for(const Trace& t);

int64_t next_power_of_two(int64_t n);
int ceil_log2(int64_t n);

}  // namespace scanlab::gui
