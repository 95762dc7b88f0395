#pragma once
// Bookkeeping of a finished trace for the views: which row a step read, which cells it changed,
// which values are final, cumulative counts and the chapter's formulas. Pure functions of a
// Trace — nothing here runs a scan or touches GL — so the tests pin them down directly.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/model/tiles.hpp"
#include "core/algorithms/table.hpp"
#include "core/lesson/verdict.hpp"
#include "core/lesson/work_counts.hpp"
#include "core/trace.hpp"

namespace scanlab::gui {

struct TraceBook {
    bool full = false;  // the trace holds every step's array and accesses (Detail::full)
    std::vector<int64_t> cumulative_additions;  // after each step
    // For each result element final_offset + i: the first step from which the output array
    // (depth 0, XY or Y) holds it in every later step; steps.size() if it never settles. A
    // sampled trace only knows its window, so only the window is tracked (never N entries).
    std::vector<size_t> final_from;
    int64_t final_offset = 0;
    // Whether the result is the scan of the input (the race lesson), and for a single-section
    // scan the rows a race-free run holds after each step (what each cell should have held).
    Verdict verdict;
    std::vector<ValueArray> race_free;
    // Counts a student can quote: additions by phase with real work and padding apart, their
    // total, the real work against the table's bound for the algorithm at N (none for an
    // algorithm the table gives none), and where a seed's statement disagrees with this trace.
    std::vector<PhaseCount> phases;
    PhaseCount total;
    std::optional<WorkBound> bound;
    std::string seed_note;
    // An event-scheduled scan's whole run (tiles.hpp), for the tiles view's timeline and the
    // Counts tab: one mark per event, each wait's span, each tile's polls and look-back. Empty
    // for a lock-step trace.
    std::vector<EventMark> event_marks;
    std::vector<WaitSpan> waiting_spans;
    std::vector<TileCounts> tile_counts;
};
TraceBook make_book(const Trace& t);

// The run's name as the views label it: its algorithm's ("kogge-stone"), or for a student's kernel
// its file's ("my_scan.cu"), so that it is never taken for the built-in algorithm beside it.
std::string run_name(const Trace& t);

// One row of the array view or the step diagram: `count` elements of `*values` from `first`,
// which are elements offset, offset + 1, ... of the whole array. In a full trace every row
// starts at 0; a sampled trace keeps a window of the input's scan (Step::offset) and S whole, and
// its accesses name global indices, so every index is mapped through its row.
struct Row {
    const ValueArray* values = nullptr;  // null: the step has no such row
    size_t first = 0;
    size_t count = 0;
    int64_t offset = 0;
    std::string name;  // "X", "XY", "S", "Y", or a student's kernel's own name for its array
    // The view column of the row's first element: 0, except for block sums in a sampled trace,
    // which are moved next to the sampled blocks' own sums (see sums_column).
    int64_t column = 0;
    // A segmented scan's flags beside the values (same indexing as `values`); null otherwise.
    const std::vector<uint8_t>* flags = nullptr;
    explicit operator bool() const { return values != nullptr; }
    // The position in the row of global index g, or -1 when the row does not hold it.
    int64_t local(int64_t g) const {
        const int64_t i = g - offset;
        return i >= 0 && i < int64_t(count) ? i : -1;
    }
};

// A step of the input's scan whose array is a window (only in a sampled trace).
bool windowed(const Trace& t, const Step& s);
// Step k's array is the result: the last step of the input's scan, where the wrong elements and the
// correct scan (want) are drawn. A student's kernel's last step may show its shared array rather
// than Y: that is the result only where it holds the result's values.
bool shows_result(const Trace& t, size_t k);
// The input X as the views show it: whole, or the sampled window of it.
Row input_row(const Trace& t);
// Step k's array as a row.
Row step_row(const Trace& t, size_t k);
// Where a sampled trace draws a step's block sums. S (one element per block) is kept whole, so the
// sum of sampled block B is S[B], millions of columns from index 0; the views draw S from the
// column that puts S[B] at column 1 and S[B - 1] (what kernel 3 adds to block B) at column 0, and
// S's own block sums likewise with B / section. 0 in a full trace and for the sampled window.
int64_t sums_column(const Trace& t, const Step& s);

// The rows a step is drawn between. `before` is the array the step's destinations were read
// from (the previous step, the input X for the first load); for an add of block sums `before` is
// Y as kernel 1 left it and `sums` the scanned S it adds. Indices of accesses follow: `src`
// indexes `sums` for an add of block sums, the input for a load, `before` otherwise; `dst`
// indexes `after`.
struct StepRows {
    Row before;
    Row sums;  // add of block sums only
    Row after;
};
StepRows step_rows(const Trace& t, size_t k);

// The number of columns a new trace is zoomed to fit: the widest array, or for a sampled trace
// the window (S may be thousands of elements; it is panned to, the block is what was opened).
size_t columns_to_fit(const Trace& t);

// How a cell of a step's array is drawn, strongest first.
enum class CellState : uint8_t {
    untouched,  // no thread wrote it in this step
    loaded,  // written by a copy or a load (no operator)
    final_value,  // holds its result value and no later step changes it
    updated,  // written by an operator application in this step
    hazard,  // read after another thread overwrote it in this step (racy kernel)
    wrong,  // holds a value a race-free run would not (racy kernel): never drawn as final
};
std::vector<CellState> cell_states(const Trace& t, const TraceBook& book, size_t k);
// Per element of step k's array: 1 where it holds its result value from step k on (final_value,
// or updated by step k into its result: the views mark such a cell as final too).
std::vector<uint8_t> final_cells(const Trace& t, const TraceBook& book, size_t k);

// Per element of step k's array: the block-local thread id that wrote it, or -1.
std::vector<int32_t> writers(const Step& s);
// The launched threads a step's row shows: every thread (blocks * threads_per_block), or in a
// windowed step the sampled blocks' threads only; whether each read or wrote anything.
struct ThreadRow {
    int64_t first = 0;  // global thread id of active[0]
    std::vector<uint8_t> active;
};
ThreadRow launched_threads(const Trace& t, const Step& s);
// Kernel 3 bundled per block, as the views draw it: each S element the step adds, with the first
// and last position in `here` (the step's own row) of the elements it is added to. In S order.
struct SumSpan {
    int32_t s = 0;  // the S index added (global, as the accesses name it)
    int64_t first = 0, last = 0;  // positions in `here`
};
std::vector<SumSpan> block_sum_spans(const Step& s, const Row& here);
// The number of distinct elements step k wrote with the operator (the "updated" cells).
int64_t updated_cell_count(const Step& s);

}  // namespace scanlab::gui
