#pragma once
// A scan request as the user states it, and the same request resolved against an input (section,
// block size, grid): what every backend and every algorithm definition takes. Resolving one, with
// every refusal explained, is core/input/resolve.hpp's work.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/sample_window.hpp"
#include "core/schedules.hpp"
#include "core/trace.hpp"
#include "core/types.hpp"
#include "core/warp.hpp"

namespace scanlab {

// Whose words a refusal speaks: the command line's flags ("--type int64"), the app's controls
// ("int64 in the type menu") or a link's keys ("type=int64"); core/input/wording.hpp words them.
enum class Voice : uint8_t { cli, app, link };

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
    int warp_width = kWarpSize;
    Schedule schedule;
    BlockSchedule block_schedule;  // single-pass scans only
    int lookback_window = kWarpSize;  // decoupled-lookback only: predecessors one look-back reads at once (its default: one warp)
    bool static_index = false;  // single-pass scans: tile = blockIdx instead of a drawn index
    int resident_blocks = kDefaultResidentBlocks;  // single-pass scans: SM slots the emulation models
    Detail detail = Detail::full;
    size_t max_trace_bytes = kDefaultMaxTraceBytes;
    SampleWindow sample;  // hierarchical and slides only
    std::vector<uint8_t> flags;  // segmented only: a head flag per input element, 0 or 1
};

// A request checked against an input of n elements: every field decided, nothing left to refuse.
struct ResolvedRequest {
    ScanRequest request;
    int64_t n = 0;
    int section = 0;  // 0 for sequential
    int threads_per_block = 0;  // of the first kernel
    int64_t grid = 0;
    Voice voice = Voice::cli;  // the front end that asked: a refusal after resolving (a trace too large) speaks its words
};

}  // namespace scanlab
