#include "kernel_tracer/host/runner_memory.hpp"

#include <algorithm>
#include <cstdint>

#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/input/trace_budget.hpp"

namespace scanlab::kernel_tracer {
namespace {

constexpr uint64_t kMiB = uint64_t(1) << 20;
// The runner's code, the libraries it loads and the heap's own arenas: 9 MiB measured, with room.
constexpr uint64_t kRunnerCodeBytes = 32 * kMiB;
// A fiber's stack and its guard page (runtime/fibers.hpp), for the most threads a block has.
constexpr uint64_t kThreadStacksBytes = 1024 * ((uint64_t(128) << 10) + 4096);
// The runner keeps its record of every access (24 bytes each; a kernel makes several for each
// access the core's trace counts) and of shared memory after every barrier, and the trace it builds
// from them, at once: its address space grew by 4.9-5.2 times the core's estimate for the slides'
// Kogge-Stone (21 barrier intervals a block; N 16,384-65,536 in blocks of 1,024), so eight times
// leaves room.
constexpr uint64_t kRecordPerTraceByte = 8;

// The built-in `like` algorithm's trace of one block's section (the core's estimate), times the
// blocks: the runner records every block in full, where a built-in trace of many blocks may keep a
// sample of them.
uint64_t trace_estimate(ScanRequest request, Algorithm like, int section, int64_t grid) {
    request.section = section;
    for (Algorithm algorithm : {like, Algorithm::kogge_stone}) {
        request.algorithm = algorithm;
        try {
            const uint64_t one = estimate_trace(resolve_shape(request, section)).trace_bytes;
            return one > UINT64_MAX / uint64_t(grid) ? UINT64_MAX : one * uint64_t(grid);
        } catch (const ScanError&) {}
    }
    return 0;
}

}  // namespace

uint64_t tracer_share(const ScanRequest& request, Algorithm like, int section, int64_t grid) {
    const uint64_t trace = trace_estimate(request, like, std::max(section, 1), std::max<int64_t>(grid, 1));
    const uint64_t most = uint64_t(1) << 40;  // a saturated estimate must not wrap the limit
    return kRunnerCodeBytes + kThreadStacksBytes + (trace > most / kRecordPerTraceByte ? most : trace * kRecordPerTraceByte);
}

std::string bytes_words(uint64_t bytes) {
    if (bytes % (uint64_t(1) << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
    return std::to_string((bytes + kMiB - 1) / kMiB) + " MiB";
}

std::string memory_detail(const std::string& whose, const RunnerMemory& memory) {
    return (whose == "tracer" ? "tracer" : "kernel") + std::string("|") + bytes_words(memory.kernel_bytes) + "|" +
           bytes_words(memory.tracer_bytes);
}

}  // namespace scanlab::kernel_tracer
