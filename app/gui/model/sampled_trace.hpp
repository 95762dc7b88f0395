#pragma once
// The live tab's sampled trace: a block (or a few) of a full-size hierarchical run kept in full,
// with S whole at every level (ScanRequest::sample), so a student can open any block of millions
// of elements in the step view. Its memory is bounded and stated from the core's own estimate
// (estimate_trace), for this request and for the same request unsampled. No GL here: the tests
// and the Session use it directly.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/request.hpp"

namespace scanlab::gui {

// The scan the live tab samples: the hierarchical scan, whose S the trace keeps whole.
inline constexpr Algorithm kSampledAlgorithm = Algorithm::hierarchical;

// The largest N the live tab traces. The CPU emulation runs every thread of every block one
// after another (the unsampled blocks at counts only), so without a GPU it stops at 2^22: 0.26 s
// for 2^22 and 1.0 s for 2^24 on a two-core CI machine, in process (run_sampled). On a GPU the
// limit is the app's own memory: the trace carries the whole input and result (2 x N values).
// The web edition, whose page waits while a trace runs, stops the emulation at 2^17, which it
// traces in well under 0.1 s (docs/web.md).
#if defined(__EMSCRIPTEN__)
inline constexpr int64_t kEmulatedTraceMaxN = int64_t(1) << 17;
#else
inline constexpr int64_t kEmulatedTraceMaxN = int64_t(1) << 22;
#endif
inline constexpr int64_t kGpuTraceMaxN = int64_t(1) << 26;

// What the live tab asks for. The input is N random values from `seed`, as `--random N`.
struct SampledForm {
    Algorithm block_algorithm = Algorithm::kogge_stone;
    ElementType type = ElementType::int32;
    OpKind op = OpKind::sum;
    bool exclusive = false;
    int64_t n = std::min(int64_t(1) << 22, kEmulatedTraceMaxN);  // the web edition's cap is lower
    int section = 0;  // 0: the core's default (the block algorithm's largest section)
    int64_t block = 0;
    int64_t blocks = 1;
    uint64_t seed = 1;
    bool operator==(const SampledForm&) const = default;
};

struct TraceCap {
    int64_t max_n = 0;
    std::string why;  // a sentence, with the figures it rests on
};
TraceCap sampled_trace_cap(bool on_gpu, ElementType type);

// The hierarchical request of the form, at full detail, sampling {block, blocks}.
ScanRequest sampled_request(const SampledForm& f);
// The form's input: N random values (the CLI's --random N --seed S).
ValueArray sampled_input(const SampledForm& f);

// The figures the tab states, for a form (before it runs) or a finished trace.
struct SampledReport {
    SampledForm form;
    bool on_gpu = false;
    std::string error;  // the refusal, in the core's words where the core refused; nothing else is set
    int64_t n = 0;
    int section = 0;
    int64_t grid = 0;
    int64_t first_block = 0, blocks = 0;  // as resolved (a count past the last block is cut)
    int64_t steps = 0;
    uint64_t trace_bytes = 0;  // estimate_trace(this request).trace_bytes: what its steps hold
    uint64_t full_trace_bytes = 0;  // estimate_trace of the same request with sample = {}
    size_t arrays_bytes = 0;  // the input and the result it also carries whole: 2 * N values
    // Filled from the finished trace: S's length at every level, the backend, the wall time.
    std::vector<int64_t> block_sums;
    std::string backend;
    double seconds = 0;
    bool ran() const { return !backend.empty(); }
};

// Checks the form against the cap and the core (resolve), and estimates both traces. Throws
// ScanError with the sentence; `resolved` and `input` are set for a run that follows.
SampledReport plan_sampled(const SampledForm& f, bool on_gpu, ResolvedRequest* resolved = nullptr, ValueArray* input = nullptr);
// The same, with a refusal put in `error` instead of thrown (the tab's preview).
SampledReport estimate_sampled(const SampledForm& f, bool on_gpu);

// The tab's sentence about memory: what the sampled trace holds and what a full one would need.
std::string memory_statement(const SampledReport& r);

}  // namespace scanlab::gui
