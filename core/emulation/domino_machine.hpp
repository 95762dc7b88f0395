#pragma once
// The domino scan's block machine (PMPP 4th ed. §11.7, core/algorithms/domino.hpp): what each
// block of the one kernel does, event by event, for the block scheduler
// (core/emulation/block_scheduler.hpp). Each block goes
//   start    thread 0 draws its tile (atomicAdd on the block counter, or blockIdx when static)
//   scanned  the block loaded its section into XY and scanned it (the definition's Kogge-Stone
//            steps, as the kernel runs them); its local total is XY[SECTION - 1]
//   passed   thread 0 found flags[tile] set (after `polls` failed polls), read previous =
//            scan_value[tile], wrote scan_value[tile + 1] = previous + local, set flags[tile + 1]
//   done     every thread wrote Y[i] = previous + XY[j]
// and every event becomes a step whose snapshot holds every block and every tile.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "../algorithms/domino.hpp"
#include "../algorithms/load.hpp"
#include "../events.hpp"
#include "../recording/recorder.hpp"
#include "../recording/step_records.hpp"
#include "section_scan.hpp"

namespace scanlab {

template <class T, class Op>
class DominoMachine {
public:
    using BlockScan = Domino::BlockScan;

    DominoMachine(const T* x, int64_t n, int section, bool exclusive, Recorder& rec)
        : x_(x), n_(n), section_(section), threads_(BlockScan::threads(section)), grid_((n + section - 1) / section),
          exclusive_(exclusive), rec_(rec) {
        const size_t g = size_t(grid_);
        state_.assign(g, BlockState::not_started);
        tile_.assign(g, -1);
        polls_.assign(g, 0);
        pending_polls_.assign(g, 0);
        drawn_.assign(g, 0);
        flags_.assign(size_t(Domino::slots(grid_)), TileStatus::invalid);
        scan_value_.assign(size_t(Domino::slots(grid_)), Op::identity());
        flags_[0] = TileStatus::prefix;  // set before the launch: tile 0 waits for nobody
        aggregate_.assign(g, Op::identity());
        exclusive_prefix_.assign(g, Op::identity());
        xy_.assign(g, {});
        view_.assign(size_t(n), Op::identity());
        y_.assign(size_t(n), Op::identity());
    }

    int64_t blocks() const { return grid_; }
    bool done(int32_t b) const { return state_[size_t(b)] == BlockState::done; }
    bool can_progress(int32_t b) const {
        const size_t i = size_t(b);
        return state_[i] != BlockState::waiting || flags_[size_t(Domino::waits_on(tile_[i]))] != TileStatus::invalid;
    }
    // A failed poll shows in the snapshot with the event that ends the wait: a device records only
    // how many polls a wait took, so a replay of its order knows no more than that.
    void poll(int32_t b) { ++pending_polls_[size_t(b)]; }

    void start(int32_t b, int32_t tile) {
        const size_t i = size_t(b);
        tile_[i] = tile;
        drawn_[size_t(tile)] = 1;
        state_[i] = BlockState::scanning;
        StepCounts c;
        c.active_threads = 1;  // thread 0 draws the index; the barrier shares it with the block
        c.idle_threads = threads_ - 1;
        c.barriers = 1;
        record({.kind = EventKind::start, .block = b, .tile = tile}, c);
    }

    // The block's next event; the scheduler calls it only when can_progress(b).
    uint64_t advance(int32_t b) {
        const size_t i = size_t(b);
        const int32_t tile = tile_[i];
        StepCounts c;
        switch (state_[i]) {
            case BlockState::scanning: {
                c = scan_section(tile);
                state_[i] = BlockState::waiting;
                record({.kind = EventKind::scanned, .block = b, .tile = tile}, c);
                return value_bits(aggregate_[size_t(tile)]);
            }
            case BlockState::waiting: {
                const Op op;
                const T previous = scan_value_[size_t(Domino::waits_on(tile))];
                scan_value_[size_t(Domino::passes_to(tile))] = op(previous, aggregate_[size_t(tile)]);
                flags_[size_t(Domino::passes_to(tile))] = TileStatus::prefix;
                exclusive_prefix_[size_t(tile)] = previous;
                state_[i] = BlockState::passed;
                polls_[i] += pending_polls_[i];
                c.additions = 1;
                c.active_threads = 1;
                c.idle_threads = threads_ - 1;
                c.barriers = 1;  // the rest of the block waits at the barrier for previous_sum
                c.polls = pending_polls_[i];
                c.waits = pending_polls_[i] > 0 ? 1 : 0;
                record({.kind = EventKind::passed, .block = b, .tile = tile, .polls = pending_polls_[i]}, c);
                pending_polls_[i] = 0;
                return value_bits(previous);
            }
            case BlockState::passed: {
                const Op op;
                const T previous = exclusive_prefix_[size_t(tile)];
                const int64_t first = int64_t(tile) * section_;
                for (int j = 0; j < section_ && first + j < n_; ++j) {
                    y_[size_t(first + j)] = op(previous, xy_[size_t(tile)][size_t(j)]);
                    view_[size_t(first + j)] = y_[size_t(first + j)];
                    ++c.additions;
                }
                c.active_threads = c.additions;
                c.idle_threads = threads_ - c.additions;
                xy_[size_t(tile)] = {};
                state_[i] = BlockState::done;
                record({.kind = EventKind::done, .block = b, .tile = tile}, c);
                return 0;
            }
            default: return 0;
        }
    }

    // A recorded event, performed if the model allows it; else why not.
    std::string replay(const RecordedEvent& e) {
        if (e.block < 0 || e.block >= grid_)
            return "names block " + std::to_string(e.block) + ", but the run has " + std::to_string(grid_) + " block(s)";
        const size_t i = size_t(e.block);
        const std::string who = "block " + std::to_string(e.block);
        const EventKind next = next_event(state_[i]);
        if (state_[i] == BlockState::done) return "is a " + std::string(name(e.kind)) + " of " + who + ", which is already done";
        if (e.kind != next) return "is a " + std::string(name(e.kind)) + " of " + who + ", whose next event is " + std::string(name(next));
        uint64_t bits = 0;
        if (e.kind == EventKind::start) {
            if (e.tile < 0 || e.tile >= grid_ || drawn_[size_t(e.tile)])
                return "has " + who + " draw tile " + std::to_string(e.tile) + ", which is not a tile left to draw";
            start(e.block, e.tile);
            return "";
        }
        if (e.tile != tile_[i]) return "has " + who + " on tile " + std::to_string(e.tile) + ", but it drew tile " + std::to_string(tile_[i]);
        if (e.kind == EventKind::passed) {
            if (!can_progress(e.block))
                return "has " + who + " pass tile " + std::to_string(e.tile) + " before flags[" + std::to_string(Domino::waits_on(e.tile)) + "] is set";
            pending_polls_[i] = e.polls;
        }
        bits = advance(e.block);
        if (e.valued && bits != e.value_bits)
            return "(" + who + ", tile " + std::to_string(e.tile) + ", " + std::string(name(e.kind)) + ") carries a value the device computed differently from the emulation";
        return "";
    }

    std::string waits_for(int32_t b) const { return "flags[" + std::to_string(Domino::waits_on(tile_[size_t(b)])) + "]"; }
    // flags[t] is set by the block of tile t − 1, when it passes its sum on.
    int32_t awaited_tile(int32_t b) const { return int32_t(Domino::waits_on(tile_[size_t(b)])) - 1; }
    int32_t holder(int32_t tile) const {
        const auto it = std::find(tile_.begin(), tile_.end(), tile);
        return tile < 0 || it == tile_.end() ? -1 : int32_t(it - tile_.begin());
    }

    void deadlock(const std::string& sentence) {
        deadlock_ = sentence;
        StepCounts c;
        record({.kind = EventKind::deadlock}, c);
    }

    const std::vector<T>& result() const { return y_; }
    const std::string& deadlock_sentence() const { return deadlock_; }

private:
    static EventKind next_event(BlockState s) {
        switch (s) {
            case BlockState::not_started: return EventKind::start;
            case BlockState::scanning: return EventKind::scanned;
            case BlockState::waiting: return EventKind::passed;
            default: return EventKind::done;
        }
    }

    // The block's load and in-block scan of its tile, as the kernel runs them: the barrier between
    // each stride's reads and writes makes the order of threads irrelevant.
    StepCounts scan_section(int32_t tile) {
        std::vector<T>& xy = xy_[size_t(tile)];
        xy = load_section<T, Op>(x_, n_, section_, exclusive_, tile);
        const StepCounts c = block_scan_section<BlockScan, T, Op>(xy, section_);
        aggregate_[size_t(tile)] = xy[size_t(section_ - 1)];
        const int64_t first = int64_t(tile) * section_;
        for (int j = 0; j < section_ && first + j < n_; ++j) view_[size_t(first + j)] = xy[size_t(j)];
        return c;
    }

    void record(Event e, const StepCounts& c) {
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
            for (size_t i = 0; i < size_t(grid_); ++i)
                if (state_[i] == BlockState::waiting) snap.waits_on[i] = int32_t(Domino::waits_on(tile_[i]));
            snap.status = flags_;
            snap.aggregate = aggregate_;
            snap.prefix = scan_value_;
            snap.exclusive = exclusive_prefix_;
        }
        rec_.add(std::move(s));
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
    std::vector<TileStatus> flags_;
    std::vector<T> scan_value_, aggregate_, exclusive_prefix_;
    std::vector<std::vector<T>> xy_;  // each scanned tile's XY until its block is done (shared memory)
    std::vector<T> view_;             // each section as its block holds it: XY once scanned, Y once done
    std::vector<T> y_;
    std::string deadlock_;
};

}  // namespace scanlab
