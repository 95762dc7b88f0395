#pragma once
// Is a trace true? A trace read from a file is held against the run its own header describes:
// the emulation of that run on the file's input is the reference (both backends record the same
// steps, bit for bit, for every kernel but the racy one).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/lesson/work_counts.hpp"
#include "core/trace.hpp"

namespace scanlab {

// One sentence naming the first thing in `t` that no run of Scan Lab would record, or "" if the
// trace is consistent: values that fit the type, each step's array as long as its kind implies,
// the last step equal to the result, the result the scan of the input under the trace's operator,
// type and direction, counts that add up. The racy kernel's snapshots, hazards and result may
// differ from the emulation's (that is its lesson), so only its shape and index math are checked.
std::string first_inconsistency(const Trace& t);

// The same check a piece at a time, for a page with one thread: the constructor checks the header
// and shapes at once, each advance(pieces) repeats up to `pieces` pieces of the run (a step of a
// launch, about; Emulation) and says whether the verdict is known; problem() is then
// first_inconsistency's sentence, or "". `t` must outlive the check.
class TraceCheck {
public:
    explicit TraceCheck(const Trace& t);
    ~TraceCheck();
    TraceCheck(const TraceCheck&) = delete;
    TraceCheck& operator=(const TraceCheck&) = delete;
    bool advance(int64_t pieces);
    const std::string& problem() const { return problem_; }
    double progress() const;  // 0 to 1: how much of the run is repeated

private:
    struct Run;
    const Trace& t_;
    std::string problem_;
    bool done_ = false;
    std::unique_ptr<Run> run_;
};
// The most block turns a check repeats for a single-pass trace: this floor (a fraction of a
// second), or this many per value and snapshot entry the file holds, whichever is more.
inline constexpr int64_t kCheckTurnsFloor = int64_t(1) << 24;
inline constexpr int64_t kCheckTurnsPerEntry = 64;

// What a trace file states of its counts by phase and of its real work against the table's bound.
// They are derived from the steps, so a file may leave them out (files written before they
// existed do) and the reader recomputes them; a file that states them must state what its steps give.
struct StatedBound {
    std::string formula;
    int64_t n = 0, value = 0, work = 0;
};
struct StatedCounts {
    bool has_phases = false;
    std::vector<PhaseCount> phases;
    std::optional<StatedBound> bound;
};
// One sentence naming the first stated count that differs from what `t`'s steps give, or "".
std::string stated_counts_inconsistency(const Trace& t, const StatedCounts& stated);

}  // namespace scanlab
