#pragma once
// Runs the blocks of a single-pass scan "concurrently", deterministically: one scheduler
// interleaves the blocks' events as a block schedule says (core/input/resolve.hpp, BlockSchedule).
//   launch order  in-order: block 0 first; reverse: the last block first; random:SEED: a seeded shuffle
//   residency     at most `resident` blocks hold an SM slot; a free slot goes at once to the next
//                 block in launch order, which is its start event (it draws its tile: the next
//                 value of the global counter, or its blockIdx with a static index)
//   speed         each turn one resident block acts: round-robin in launch order (in-order,
//                 reverse) or a seeded pick (random). A block that waits on an unset flag spends
//                 its turn on one failed poll; any other block performs its next event.
//   deadlock      every resident block waits on a flag no resident block will set, and no slot is
//                 free: nothing can change, so the run stops with a deadlock step, never a hang
//   replay        the recorded events (the GPU's) are performed in their order, each checked to
//                 be possible; residency is the hardware's and is not modelled
// A block machine (e.g. core/emulation/domino_machine.hpp) supplies what each block does:
//   int64_t blocks() const;                  bool done(int32_t b) const;
//   bool can_progress(int32_t b) const;      false: it waits on an unset flag or status word
//   void start(int32_t b, int32_t tile);     void poll(int32_t b);   void advance(int32_t b);
//   std::string replay(const RecordedEvent&);  performs it, or says why it cannot happen
//   std::string waits_for(int32_t b) const;    what a waiting block waits for: "flags[3]"
//   int32_t awaited_tile(int32_t b) const;     the tile whose block sets it (2 for flags[3])
//   int32_t holder(int32_t tile) const;        the block that drew a tile, or -1
//   void deadlock(const std::string& sentence);
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/request.hpp"

namespace scanlab {

// The same generator as the warp schedules, so every platform draws the same order.
inline uint64_t schedule_draw(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// The order in which blocks 0..grid-1 start.
inline std::vector<int32_t> launch_order(const BlockSchedule& s, int64_t grid) {
    std::vector<int32_t> order(static_cast<size_t>(grid));
    std::iota(order.begin(), order.end(), 0);
    if (s.kind == BlockSchedule::Kind::reverse) std::reverse(order.begin(), order.end());
    if (s.kind == BlockSchedule::Kind::random) {
        uint64_t state = s.seed ^ 0x5CA1AB1EULL;
        for (int64_t i = grid - 1; i > 0; --i) std::swap(order[size_t(i)], order[size_t(schedule_draw(state) % uint64_t(i + 1))]);
    }
    return order;
}

// "blocks 0, 1, 2 and 3", or "blocks 0 to 9" for a run of more than four.
inline std::string block_list(const std::vector<int32_t>& blocks) {
    std::string s = blocks.size() == 1 ? "block " : "blocks ";
    bool consecutive = true;
    for (size_t i = 1; i < blocks.size(); ++i) consecutive &= blocks[i] == blocks[i - 1] + 1;
    if (blocks.size() > 4 && consecutive) return s + std::to_string(blocks.front()) + " to " + std::to_string(blocks.back());
    for (size_t i = 0; i < blocks.size() && i < 4; ++i)
        s += (i == 0 ? "" : i + 1 == blocks.size() ? " and " : ", ") + std::to_string(blocks[i]);
    if (blocks.size() > 4) s += " and " + std::to_string(blocks.size() - 4) + " more";
    return s;
}

// Who waits on whom, and why nothing can change: "block 3 for flags[3], which block 2 sets; block
// 2 for flags[2], which block 1 sets, but block 1 never started. All 2 SM slots are held ...".
template <class Machine>
std::string deadlock_sentence(const Machine& m, const std::vector<int32_t>& order, size_t launched, const std::vector<int32_t>& slots,
                              bool static_index, int resident) {
    std::vector<char> started(order.size(), 0);
    for (size_t k = 0; k < launched; ++k) started[size_t(order[k])] = 1;
    std::string sentence = "deadlock: every resident block waits: ";
    for (size_t k = 0; k < slots.size() && k < 4; ++k) {
        const int32_t b = slots[k], tile = m.awaited_tile(b);
        int32_t setter = m.holder(tile);
        if (setter < 0 && static_index && tile >= 0 && size_t(tile) < order.size()) setter = tile;  // tile t is block t's
        sentence += (k ? "; block " : "block ") + std::to_string(b) + " for " + m.waits_for(b);
        if (setter < 0)
            sentence += ", whose tile no block has drawn";
        else {
            sentence += ", which block " + std::to_string(setter) + " sets";
            if (!started[size_t(setter)]) sentence += ", but block " + std::to_string(setter) + " never started";
        }
    }
    if (slots.size() > 4) sentence += "; and " + std::to_string(slots.size() - 4) + " more";
    std::vector<int32_t> unstarted(order.begin() + long(launched), order.end());
    std::sort(unstarted.begin(), unstarted.end());
    sentence += ". All " + std::to_string(resident) + " SM slots are held by waiting blocks, so " +
                (unstarted.empty() ? std::string("nothing can change") : block_list(unstarted) + " cannot start");
    if (static_index) sentence += ". A static index lets a block wait on one that has not started; the drawn index prevents it";
    return sentence;
}

template <class Machine>
void run_block_schedule(Machine& m, const BlockSchedule& schedule, bool static_index, int resident) {
    const int64_t grid = m.blocks();
    if (schedule.kind == BlockSchedule::Kind::replay) {
        for (size_t i = 0; i < schedule.order.size(); ++i)
            if (const std::string problem = m.replay(schedule.order[i]); !problem.empty())
                throw ScanError("the recorded order of events cannot be replayed: event " + std::to_string(i) + " " + problem);
        for (int32_t b = 0; b < grid; ++b)
            if (!m.done(b))
                throw ScanError("the recorded order of events ends before block " + std::to_string(b) + " is done (" +
                                std::to_string(schedule.order.size()) + " events recorded)");
        return;
    }
    const std::vector<int32_t> order = launch_order(schedule, grid);
    std::vector<int32_t> slots;  // resident blocks, in the order they started
    size_t next_launch = 0, turn = 0;
    int32_t next_tile = 0;
    uint64_t state = schedule.seed * 0x100000001B3ULL + 0x7E57;
    // Whether some resident block can progress, known since the last event. A failed poll changes
    // nothing, so the answer holds until a block acts: the slots are searched once per event at
    // most, never once per poll (which made many resident blocks cost their number squared).
    bool some_can_progress = false;
    for (;;) {
        while (slots.size() < size_t(resident) && next_launch < order.size()) {
            const int32_t b = order[next_launch++];
            m.start(b, static_index ? b : next_tile++);
            slots.push_back(b);
            some_can_progress = false;
        }
        if (slots.empty()) return;
        if (!some_can_progress) {
            if (std::none_of(slots.begin(), slots.end(), [&](int32_t b) { return m.can_progress(b); })) {
                m.deadlock(deadlock_sentence(m, order, next_launch, slots, static_index, resident));
                return;
            }
            some_can_progress = true;
        }
        size_t pick = schedule.kind == BlockSchedule::Kind::random ? size_t(schedule_draw(state) % slots.size()) : turn % slots.size();
        const int32_t b = slots[pick];
        if (!m.can_progress(b)) {
            m.poll(b);
            turn = pick + 1;
            continue;
        }
        m.advance(b);
        some_can_progress = false;
        if (m.done(b)) {
            slots.erase(slots.begin() + long(pick));
            turn = pick;
        } else {
            turn = pick + 1;
        }
    }
}

}  // namespace scanlab
