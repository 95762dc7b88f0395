#pragma once
// What the tiles view and the Counts tab read of an event-scheduled scan (domino, decoupled
// look-back): whose tile is whose, what each section of Y holds, the events per block for the
// timeline, and each tile's polls and look-back reads over the run. Pure functions of a Trace.
#include <cstdint>
#include <vector>

#include "core/trace.hpp"

namespace scanlab::gui {

// True when the trace's steps are events of blocks under a block schedule (its algorithm's row says so).
bool is_event_trace(const Trace& t);

// Where one tile (one section of the array) stands after step k.
enum class SectionState : uint8_t {
    waiting_for_block,  // no block has scanned it yet: Y holds nothing of it
    scanned,  // its block scanned it locally (XY): not yet the result
    carrying,  // its block knows the prefix of the tiles before it and is adding it
    final_value,  // its block is done: its section of Y is final
};
struct TileView {
    int32_t block = -1;  // the block that drew it, -1
    BlockState block_state = BlockState::not_started;
    SectionState section = SectionState::waiting_for_block;
    int64_t polls = 0;  // its block's failed polls so far
    // Its block has what it waited for (domino: its flag is set, though it still spins; look-back:
    // its look-back has ended) and passes its prefix on at its next turn.
    bool passes_next = false;
};
// Per tile, after step k (an event step with a snapshot; empty otherwise).
std::vector<TileView> tiles_after(const Trace& t, size_t k);

// Where a tile's flag or status word sits: domino's flags[0..grid] at the sections' boundaries
// (flags[i] says tiles 0..i-1 are summed), the look-back's status[i] on tile i.
bool status_on_boundaries(const Trace& t, size_t k);

// One event on the timeline: its step, the block's lane, its kind.
struct EventMark {
    size_t step = 0;
    int32_t block = -1;
    EventKind kind = EventKind::start;
    int64_t polls = 0;
};
std::vector<EventMark> event_marks(const Trace& t);

// Per tile over the whole run: the failed polls of its block before it could go on, the
// look-back's depth (the predecessors whose values it combined; domino combines one, the prefix
// carried to it) and its reads (the status words its windows read; domino reads one flag, its
// predecessor's, until it is set).
struct TileCounts {
    int64_t polls = 0;
    int64_t depth = 0;
    int64_t look_back_reads = 0;
    int64_t look_back_windows = 0;
};
std::vector<TileCounts> tile_counts(const Trace& t);

// What the current look-back window did with each status word (per tile, at step k): the words
// it combined, nearest first (the one holding P where it met one), the words it read but did not
// need (left of that P), and the words earlier windows of the same look-back combined.
enum class WordRole : uint8_t { none, read_only, combined, met_prefix, combined_before };
struct LookBackWords {
    std::vector<WordRole> role;  // per tile; empty unless step k is a look-back window
    int32_t tile = -1;  // the tile looking back
    int32_t combined_first = -1;  // the prefix so far covers tiles combined_first .. tile - 1
    bool done = false;  // it met a P (or reached tile 0): the exclusive prefix is known
    bool several_windows = false;  // earlier windows combined words too
};
LookBackWords look_back_words(const Trace& t, size_t k);

// A block's wait on a flag or status word, on the timeline: from its event before the wait to
// the event that ended it (its failed polls were spent in between); a wait that a deadlock never
// ends runs to the last step.
struct WaitSpan {
    int32_t block = -1;
    size_t from_step = 0, to_step = 0;
    int64_t polls = 0;
    bool forever = false;  // the run deadlocked with this block still waiting
};
std::vector<WaitSpan> waiting_spans(const Trace& t);

// Who holds the SM slots after step k (blocks started and not done, in the order they started),
// and who has not started.
struct Residency {
    std::vector<int32_t> resident;
    std::vector<int32_t> not_started;
};
Residency residency_after(const Trace& t, size_t k);

}  // namespace scanlab::gui
