#pragma once
// A scan request as the user states it, and its resolution into a fully specified run
// (section, block size, grid) with every refusal explained. Both backends take the resolved form.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sample_window.hpp"
#include "trace.hpp"
#include "values.hpp"
#include "wording.hpp"

namespace scanlab {

// The order in which the emulation lets warps of one block run within a step. It only changes
// the result of the racy kernel; the correct kernels give the same trace under every schedule.
struct Schedule {
    enum class Kind : uint8_t { in_order, reverse, random };
    Kind kind = Kind::in_order;
    uint64_t seed = 1;
    std::string text() const;  // "in-order", "reverse", "random:SEED"
};
std::optional<Schedule> parse_schedule(std::string_view s);

inline constexpr int64_t kMaxElements = int64_t(1) << 28;
inline constexpr size_t kDefaultMaxTraceBytes = size_t(512) << 20;

struct ScanRequest {
    Algorithm algorithm = Algorithm::kogge_stone;
    Algorithm block_algorithm = Algorithm::kogge_stone;  // hierarchical's block scan; three-phase's phase 2 scan
    int coarsening = 0;  // three-phase blocks: C elements per thread (0: the default, 4); 0 once resolved elsewhere
    OpKind op = OpKind::sum;
    ElementType type = ElementType::int32;
    bool exclusive = false;
    int section = 0;  // 0: the algorithm's default for this N
    int warp_width = 32;
    Schedule schedule;
    Detail detail = Detail::full;
    size_t max_trace_bytes = kDefaultMaxTraceBytes;
    SampleWindow sample;  // hierarchical and slides only
    std::vector<uint8_t> flags;  // segmented only: a head flag per input element, 0 or 1
};

// A request checked against an input of n elements: every field decided, nothing left to refuse.
struct ResolvedRequest {
    ScanRequest request;
    int64_t n = 0;
    int section = 0;            // 0 for sequential
    int threads_per_block = 0;  // of the first kernel
    int64_t grid = 0;
};

// Throws ScanError with a sentence the user can act on, naming the controls in `voice`.
ResolvedRequest resolve(const ScanRequest& request, const ValueArray& input, Voice voice = Voice::cli);

}  // namespace scanlab
