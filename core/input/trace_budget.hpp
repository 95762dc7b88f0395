#pragma once
// How big a full trace will be, known before anything runs: both backends refuse a trace over the
// request's budget with the same sentence, and the GPU backend also checks its largest launch's
// trace buffer against free device memory before launching.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "core/request.hpp"

namespace scanlab {

// In 64 bits on every platform: where size_t has 32 (WebAssembly), a trace of 2^28 elements
// counted in size_t wrapped around to a few MiB and passed the budget.
struct TraceEstimate {
    uint64_t trace_bytes = 0;  // the Trace in host memory, as the Recorder counts it
    uint64_t largest_launch_bytes = 0;  // the largest single launch's device trace buffer (an upper bound)
    int64_t steps = 0;
};

// Walks the request's scan plan without running it. Needs only the request's shape (resolve_shape),
// so a request can be refused from its N before its values are made.
TraceEstimate estimate_trace(const ResolvedRequest& request);

// What to do about a trace too large, in the words of the front end that asked.
std::string trace_too_large_advice(Voice voice);
// The refusal, when a full-detail trace would pass request.max_trace_bytes; empty otherwise.
std::string trace_budget_problem(const ResolvedRequest& request, const TraceEstimate& estimate);
// What the backends throw with that sentence: a ScanError of its own, so that a front end can add
// why its limit is where it is.
class TraceOverBudget : public ScanError {
public:
    using ScanError::ScanError;
};
// Throws TraceOverBudget with trace_budget_problem's sentence, if there is one.
void require_within_budget(const ResolvedRequest& request, const TraceEstimate& estimate);

// The emulation's work for a single-pass scan under a block schedule, known before it runs. Each
// turn one resident block acts or, waiting on a flag, polls it once (a failed poll is counted in
// the trace). A waiting block can be polled once for the turn of every other resident block, so
// the turns grow with the tiles times the resident blocks: tiles x min(resident, tiles), plus the
// six events at most of each tile. Zero for a replay of recorded events and for every other
// algorithm, whose work is their steps.
struct EmulationCost {
    int64_t tiles = 0, resident = 0, turns = 0;
};
EmulationCost emulation_cost(const ResolvedRequest& request);
// The most block turns one emulation takes: seconds, not hours (docs/robustness.md).
inline constexpr int64_t kMaxEmulationTurns = int64_t(1) << 31;
// The refusal naming the cost, in the words of the front end that asked, when the turns pass
// `limit`; empty otherwise.
std::string emulation_cost_problem(const ResolvedRequest& request, int64_t limit = kMaxEmulationTurns);

// Bytes the Recorder charges for one kept step.
uint64_t step_bytes(uint64_t values, uint64_t accesses, uint64_t hazards, ElementType type);

}  // namespace scanlab
