#pragma once
// A scan request as the user states it, and its resolution into a fully specified run
// (section, block size, grid) with every refusal explained. Both backends take the resolved form.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/lookback_window.hpp"  // kDefaultLookbackWindow
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

// The order in which the emulation starts the blocks of a single-pass scan and lets them run
// (core/emulation/block_scheduler.hpp): in-order starts block 0 first and gives the resident
// blocks turns round-robin; reverse starts the last block first; random:SEED draws the start
// order and every turn from SEED. replay performs a recorded order of events (the GPU's).
struct BlockSchedule {
    enum class Kind : uint8_t { in_order, reverse, random, replay };
    Kind kind = Kind::in_order;
    uint64_t seed = 1;
    std::vector<RecordedEvent> order;  // replay only
    std::string text() const;  // "in-order", "reverse", "random:SEED", "replay"
};
// "in-order", "reverse", "random" or "random:SEED" (a replay comes from a device's record, never from words).
std::optional<BlockSchedule> parse_block_schedule(std::string_view s);
// Blocks resident at once in the emulation of a single-pass scan, unless asked otherwise: few, so
// a schedule's effect shows on a small input.
inline constexpr int kDefaultResidentBlocks = 4;
inline constexpr int kMaxResidentBlocks = 65536;

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
    BlockSchedule block_schedule;   // single-pass scans only
    int lookback_window = 32;       // decoupled-lookback only: predecessors one look-back reads at once (1..32)
    bool static_index = false;      // single-pass scans: tile = blockIdx instead of a drawn index
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
    int section = 0;            // 0 for sequential
    int threads_per_block = 0;  // of the first kernel
    int64_t grid = 0;
};

// Throws ScanError with a sentence the user can act on, naming the controls in `voice`.
ResolvedRequest resolve(const ScanRequest& request, const ValueArray& input, Voice voice = Voice::cli);

}  // namespace scanlab
