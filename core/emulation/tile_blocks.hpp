#pragma once
// What the block machines of the single-pass scans (domino_machine.hpp, lookback_machine.hpp)
// hold and do alike: each block's state, the tile it drew and its polls; each tile's local scan in
// XY, its local total and the exclusive prefix it learns; Y, and the view of Y a snapshot shows
// (each section as its block holds it: XY once scanned, Y once done). Also the start event, the
// checks every replayed event passes before its own, and an event step's common snapshot. What
// differs between the scans (flags or status words, waiting or looking back) stays in each machine.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/emulation/section_scan.hpp"
#include "core/events.hpp"
#include "core/recording/recorder.hpp"
#include "core/recording/step_records.hpp"

namespace scanlab {

template <class T, class Op, class BlockScan>
class TileBlocks {
public:
    int64_t blocks() const { return grid_; }
    bool done(int32_t b) const { return state_[size_t(b)] == BlockState::done; }
    // The block that drew a tile, or -1 (for the deadlock sentence).
    int32_t holder(int32_t tile) const {
        const auto it = std::find(tile_.begin(), tile_.end(), tile);
        return tile < 0 || it == tile_.end() ? -1 : int32_t(it - tile_.begin());
    }
    const std::vector<T>& result() const { return y_; }
    // Y handed over when the run is over (a copy of 2^28 values would be a GiB more at the peak).
    std::vector<T> take_result() { return std::move(y_); }
    const std::string& deadlock_sentence() const { return deadlock_; }

protected:
    TileBlocks(const T* x, int64_t n, int section, bool exclusive, Recorder& rec)
        : x_(x),
          n_(n),
          section_(section),
          threads_(BlockScan::threads(section)),
          grid_((n + section - 1) / section),
          exclusive_(exclusive),
          rec_(rec) {
        const size_t g = size_t(grid_);
        state_.assign(g, BlockState::not_started);
        tile_.assign(g, -1);
        polls_.assign(g, 0);
        pending_polls_.assign(g, 0);
        drawn_.assign(g, 0);
        aggregate_.assign(g, Op::identity());
        exclusive_prefix_.assign(g, Op::identity());
        xy_.assign(g, {});
        view_.assign(size_t(n), Op::identity());
        y_.assign(size_t(n), Op::identity());
    }

    // Block b takes its tile (drawn from the counter, or its blockIdx): thread 0's work, which a
    // barrier shares with the block. The counts of the start event.
    StepCounts draw(int32_t b, int32_t tile) {
        tile_[size_t(b)] = tile;
        drawn_[size_t(tile)] = 1;
        state_[size_t(b)] = BlockState::scanning;
        StepCounts c;
        c.active_threads = 1;
        c.idle_threads = threads_ - 1;
        c.barriers = 1;
        return c;
    }

    // The block's load and in-block scan of its tile, as the kernel runs them; its local total is
    // XY's last element.
    StepCounts scan_tile(int32_t tile) {
        std::vector<T>& xy = xy_[size_t(tile)];
        xy = load_section<T, Op>(x_, n_, section_, exclusive_, tile);
        const StepCounts c = block_scan_section<BlockScan, T, Op>(xy, section_);
        aggregate_[size_t(tile)] = xy[size_t(section_ - 1)];
        const int64_t first = int64_t(tile) * section_;
        for (int j = 0; j < section_ && first + j < n_; ++j) view_[size_t(first + j)] = xy[size_t(j)];
        return c;
    }

    // Why a recorded event cannot be the next one, as far as every scan agrees: a block of the
    // run, not done, at its next event (`next_of(i)`), drawing a tile left to draw or acting on
    // the tile it drew. "" when it can.
    template <class NextOf>
    std::string replay_refusal(const RecordedEvent& e, NextOf next_of) const {
        if (e.block < 0 || e.block >= grid_)
            return "names block " + std::to_string(e.block) + ", but the run has " + std::to_string(grid_) + " block(s)";
        const size_t i = size_t(e.block);
        const std::string who = "block " + std::to_string(e.block);
        if (state_[i] == BlockState::done) return "is a " + std::string(name(e.kind)) + " of " + who + ", which is already done";
        const EventKind next = next_of(i);
        if (e.kind != next) return "is a " + std::string(name(e.kind)) + " of " + who + ", whose next event is " + std::string(name(next));
        if (e.kind == EventKind::start) {
            if (e.tile < 0 || e.tile >= grid_ || drawn_[size_t(e.tile)])
                return "has " + who + " draw tile " + std::to_string(e.tile) + ", which is not a tile left to draw";
        } else if (e.tile != tile_[i]) {
            return "has " + who + " on tile " + std::to_string(e.tile) + ", but it drew tile " + std::to_string(tile_[i]);
        }
        return "";
    }

    // The device's value beside an event against the emulation's, bit for bit.
    static std::string value_refusal(const RecordedEvent& e, uint64_t bits) {
        if (!e.valued || bits == e.value_bits) return "";
        return "(block " + std::to_string(e.block) + ", tile " + std::to_string(e.tile) + ", " + std::string(name(e.kind)) +
               ") carries a value the device computed differently from the emulation";
    }

    // The step of event e, numbered, with what every scan's snapshot holds (Y as the blocks hold
    // it, each block's state, tile and polls, each tile's local total and exclusive prefix); the
    // machine adds its flags or status words and records it.
    Step event_step(Event e, const StepCounts& c) {
        e.seq = seq_++;
        Step s = make_step({Kernel::single, 0, ArrayKind::y, grid_, threads_}, Phase::event, int(e.seq));
        s.counts = c;
        s.event = e;
        if (rec_.full()) {
            s.values = view_;
            EventSnapshot& snap = s.snapshot;
            snap.state = state_;
            snap.tile = tile_;
            snap.polls = polls_;
            snap.waits_on.assign(size_t(grid_), -1);
            snap.aggregate = aggregate_;
            snap.exclusive = exclusive_prefix_;
        }
        return s;
    }

    const T* x_;
    int64_t n_;
    int section_, threads_;
    int64_t grid_;
    bool exclusive_;
    Recorder& rec_;
    int64_t seq_ = 0;
    std::vector<BlockState> state_;
    std::vector<int32_t> tile_;
    std::vector<int64_t> polls_, pending_polls_;
    std::vector<char> drawn_;
    std::vector<T> aggregate_, exclusive_prefix_;  // per tile: its local total, the prefix it learns
    std::vector<std::vector<T>> xy_;  // each scanned tile's XY until its block is done (shared memory)
    std::vector<T> view_;  // each section as its block holds it: XY once scanned, Y once done
    std::vector<T> y_;
    std::string deadlock_;
};

}  // namespace scanlab
