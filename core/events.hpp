#pragma once
// The single-pass scans (PMPP 4th ed. §11.7's domino scan, the decoupled look-back) do not move in
// lock-step strides: their blocks run at their own pace and meet only through flags in global
// memory. Their traces are therefore a sequence of *events* — one block doing one thing — each
// with a snapshot of every block and every tile. A block is a blockIdx.x (launch order); a tile is
// the section a block works on, the index it drew from a global counter (or its blockIdx, for the
// static-index variant). docs/algorithms.md describes the model; core/emulation/block_scheduler.hpp
// runs it.
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/values.hpp"

namespace scanlab {

// Where one block stands.
enum class BlockState : uint8_t {
    not_started,  // not yet resident on an SM
    scanning,  // drew its tile; scanning its section
    waiting,  // domino: its section is scanned; thread 0 polls flags[tile]
    looking_back,  // look-back: its aggregate is published; it reads its predecessors' status words
    passed,  // it has published its inclusive prefix (domino: scan_value[tile+1], flags[tile+1])
    done,  // every thread added the carried prefix: its section of Y is final
};

// What one tile's flag or status word says. The domino scan's flags[i] is 0 (invalid) or 1
// (prefix: scan_value[i] holds the total of tiles 0..i-1); the look-back's status word is
// X (invalid), A (aggregate available) or P (inclusive prefix available).
enum class TileStatus : uint8_t { invalid = 0, aggregate = 1, prefix = 2 };

enum class EventKind : uint8_t {
    start,  // the block became resident and drew its tile
    scanned,  // its section's local scan is done: the local total is known
    publish_aggregate,  // look-back: status[tile] = A, with the local total
    look_back,  // look-back: one window of predecessors' status words read
    passed,  // domino: read scan_value[tile], wrote scan_value[tile+1], set flags[tile+1]
    publish_prefix,  // look-back: status[tile] = P, with the inclusive prefix
    done,  // every thread added the carried prefix to its elements
    deadlock,  // no block can move: the run stops here (no block; the snapshot says who waits on whom)
};

struct Event {
    int64_t seq = 0;  // position in the run's order of events: 0, 1, 2 ...
    EventKind kind = EventKind::start;
    int32_t block = -1;  // blockIdx.x; -1 for a deadlock
    int32_t tile = -1;  // the tile that block drew
    int64_t polls = 0;  // failed polls of a flag or status word just before this event
    int32_t window_first = -1, window_last = -1;  // look_back: the tiles the window read
    int32_t found = -1;  // look_back: the tile whose inclusive prefix ended the look-back (-1: none in the window)
    bool operator==(const Event&) const = default;
};

// One event as a device recorded it (kernels/chapter/event_log.cuh), in the order its sequence
// numbers give: what the emulation replays to draw the GPU's run. `value_bits` holds the event's
// value as raw bits (domino: scanned -> the local total, passed -> the previous prefix), so the
// device's values are checked against the replay's bit for bit.
struct RecordedEvent {
    int32_t block = 0;
    EventKind kind = EventKind::start;
    int32_t tile = 0;
    int64_t polls = 0;
    int32_t window_first = -1, window_last = -1;
    uint64_t value_bits = 0;
    bool valued = false;  // value_bits holds the device's value (scanned, passed)
    int32_t found = -1;  // look_back: as Event::found. What the device saw: a word may have turned P after it read A
    bool operator==(const RecordedEvent&) const = default;
};

// An event's value as raw bits (the low bytes), as the device records it beside the event.
template <class T>
uint64_t value_bits(T v) {
    uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof v);
    return bits;
}

// Every block and every tile after one event.
struct EventSnapshot {
    std::vector<BlockState> state;  // per block
    std::vector<int32_t> tile;  // per block: the tile it drew, -1 before it starts
    std::vector<int64_t> polls;  // per block: failed polls so far
    std::vector<int32_t> waits_on;  // per block: the tile whose flag or status word it waits on, -1
    std::vector<int32_t> window_first;  // per block: its current look-back window, -1 (look-back only, else empty)
    std::vector<int32_t> window_last;
    std::vector<TileStatus> status;  // domino: flags[0..grid]; look-back: status[0..grid-1]
    ValueArray aggregate;  // per tile: its section's local total (the identity until scanned)
    ValueArray prefix;  // domino: scan_value[0..grid]; look-back: inclusive prefix per tile
    ValueArray exclusive;  // per tile: the prefix its block adds (known once it passed)
    bool empty() const { return state.empty(); }
};

std::string_view name(BlockState s);
std::string_view name(TileStatus s);
std::string_view name(EventKind k);
std::optional<BlockState> parse_block_state(std::string_view s);
std::optional<TileStatus> parse_tile_status(std::string_view s);
std::optional<EventKind> parse_event_kind(std::string_view s);

// Bytes a snapshot holds, for the trace's budget.
size_t snapshot_bytes(const EventSnapshot& s);

// "block 5 · tile 0 · passed (3 polls)", the label of an event step.
std::string event_label(const Event& e);

}  // namespace scanlab
