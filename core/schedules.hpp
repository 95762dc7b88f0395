#pragma once
// The orders a run's threads and blocks take turns in: a warp schedule for the lock-step
// kernels, a block schedule for the single-pass scans. Both the algorithm definitions and the
// request speak of them, so they sit below both.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/events.hpp"

namespace scanlab {
// The order in which the emulation lets warps of one block run within a step. It only changes
// the result of the racy kernel; the correct kernels give the same trace under every schedule.
struct Schedule {
    // first: in order, but in the steps it lists, the warps it lists run first, in that order
    // (the race finder's shortest wrong schedule, race_replay.hpp).
    enum class Kind : uint8_t { in_order, reverse, random, first };
    Kind kind = Kind::in_order;
    uint64_t seed = 1;
    struct Ahead {
        int step = 0;  // the step (the barrier interval: 0 is the one before the first barrier)
        std::vector<int> warps;  // run first, in this order; the others then, in index order
        bool operator==(const Ahead&) const = default;
    };
    std::vector<Ahead> ahead;  // first only, by step
    std::string text() const;  // "in-order", "reverse", "random:SEED", "first:STEP@W,W/STEP@W"
};
// Warps run out of their index order in `order`: the pairs a later warp runs before an earlier one.
int64_t reorderings(const std::vector<int>& order);
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

}  // namespace scanlab
