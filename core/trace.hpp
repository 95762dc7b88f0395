#pragma once
// The Trace: the full story of one run, as both backends record it and every view reads it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/events.hpp"
#include "core/sample_window.hpp"
#include "core/types.hpp"
#include "core/values.hpp"
#include "core/warp.hpp"

namespace scanlab {

// One thread's memory traffic in one step: it read `src` (and `dst`) and wrote `dst`. Indices
// are positions in the step's array; for a load, `src` is the input index (-1: identity), and
// for an add of block sums, `src` is the index into S.
struct Access {
    int32_t thread = 0;  // global thread id (block * threads_per_block + t); -1 = the host
    int32_t src = 0;
    int32_t dst = 0;
    bool applies_op = false;  // false: a plain copy or load
    bool operator==(const Access&) const = default;
};

struct StepCounts {
    int64_t additions = 0;  // operator applications in the step
    int64_t active_threads = 0;  // threads that read or wrote an element
    int64_t idle_threads = 0;  // launched threads that did nothing
    int64_t barriers = 0;  // __syncthreads() each block passed in the step
    int64_t divergent_warps = 0;  // warps with both active and idle threads (control divergence)
    int64_t hazards = 0;  // reads of an element another thread overwrote in this step
    int64_t polls = 0;  // failed polls of a flag or status word (single-pass scans)
    int64_t waits = 0;  // events that had to wait (polled at least once)
    bool operator==(const StepCounts&) const = default;
};

struct Step {
    Kernel kernel = Kernel::single;
    Phase phase = Phase::load;
    int level = 0;  // stride (Kogge-Stone), tree level (Brent-Kung), i (sequential); 0-based element (three-phase phases 1 and 3)
    int coarsening = 0;  // a three-phase block's C (its phase 2 steps are stride/reduction/distribution); 0: not coarsened
    int depth = 0;  // 0 = the scan of the input; 1 = the scan of S; 2 = of S's block sums ...
    ArrayKind array = ArrayKind::xy;
    std::string array_name;  // a student's kernel: the array as the file names it ("bufA"); else empty
    int blocks = 1;  // blocks (or host loops) that ran the step
    int threads_per_block = 1;
    ValueArray values;  // the array after the step (full detail only): all of it, or a sampled window
    std::vector<uint8_t> flags;  // segmented scan: the flag beside each of `values` (1: a segment started
        // at or before it, within what the step's array has scanned); else empty
    int64_t offset = 0;  // index of values[0] in the whole array (non-zero only in a sampled trace)
    std::vector<Access> accesses;  // ordered by thread, then by element (full detail only)
    std::vector<int32_t> hazards;  // elements read after being overwritten in this step, sorted
    StepCounts counts;
    std::optional<Event> event;  // a single-pass scan's event step (phase event), else none
    EventSnapshot snapshot;  // every block and tile after the event (full detail only)
};

// The step's array as the reader knows it: the file's own name for a student's kernel, else XY, S or Y.
std::string shown_array(const Step& s);

// Display label in the chapter's words, e.g. "K1 · stride 4", "reduction level 2", "K3 · add S".
std::string step_label(const Step& s);

struct TraceCounts {
    int64_t additions = 0;
    int64_t steps = 0;
    int64_t barriers = 0;  // summed over steps, per block
    int64_t divergent_warps = 0;
    int64_t hazards = 0;
    int64_t polls = 0;  // failed polls of flags / status words (single-pass scans)
    int64_t waits = 0;  // events that waited for a flag or status word
    bool operator==(const TraceCounts&) const = default;
    // A step's counts, `times` over (a step repeated unrecorded counts as many times as it ran).
    void add(const StepCounts& s, int64_t times = 1);
};

enum class Detail : uint8_t {
    counts,  // counters and result only: what `scan` and the big tests need
    full,  // plus every step's array snapshot and accesses: what `trace` and the app show
};

// The run a trace records, resolved: every option that decides its steps, as one value. A backend
// fills it from the request (core/input/run_header.hpp), a trace file's header is its fields
// (core/trace_io/header_fields.hpp), and a check or a front end turns it back into the request
// that runs it again. A new run option is one field here.
struct RunHeader {
    Algorithm algorithm = Algorithm::kogge_stone;
    Algorithm block_algorithm = Algorithm::kogge_stone;  // inside hierarchical/slides
    OpKind op = OpKind::sum;
    ElementType type = ElementType::int32;
    bool exclusive = false;
    int64_t n = 0;
    int section = 0;  // elements per block (0 for sequential)
    int coarsening = 0;  // elements each thread scans alone (three-phase blocks; 0: not coarsened)
    int threads_per_block = 0;  // of the first kernel
    int64_t grid = 0;  // blocks of the first kernel
    int warp_width = kWarpSize;
    std::string schedule;  // warp schedule the emulation used ("hardware" on a GPU)
    std::string block_schedule;  // single-pass scans: the block schedule ("in-order", "random:7", "replay", "hardware")
    bool static_index = false;  // single-pass scans: each block's tile is its blockIdx (may deadlock)
    int resident_blocks = 0;  // single-pass scans: blocks resident at once in the emulation (0: not modelled)
    int lookback_window = 0;  // decoupled-lookback: predecessors one look-back reads at once (0: not this algorithm)
    Detail detail = Detail::full;
    std::string kernel;  // a student's kernel file this trace records (kernel_tracer/); empty for the built-in kernels
    SampleWindow sample;  // which blocks of the input's scan keep their steps (all unless sampled)
    bool operator==(const RunHeader&) const = default;
};

// A trace is its run (the header's fields read as the trace's own: t.algorithm, t.n) and what the
// run produced.
struct Trace : RunHeader {
    std::string deadlock;  // the sentence, when the run stopped in a deadlock (its result is then not the scan)
    std::string backend;  // "cpu" (emulation) or "gpu"
    std::string note;  // set when the run did not go as asked (e.g. auto fell back to the CPU); not saved
    RunHeader& run() { return *this; }
    const RunHeader& run() const { return *this; }
    ValueArray input;
    std::vector<uint8_t> flags;  // segmented scan: the input's head flags (1 starts a segment); else empty
    std::vector<Step> steps;
    ValueArray result;
    TraceCounts counts;
};

TraceCounts total_counts(const std::vector<Step>& steps);

}  // namespace scanlab
