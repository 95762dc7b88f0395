#pragma once
// The decoupled look-back's block machine (core/algorithms/decoupled_lookback.hpp) for the block
// scheduler (core/emulation/block_scheduler.hpp): what each block of the one kernel does, event
// by event. Each block goes
//   start              thread 0 draws its tile (atomicAdd on the tile counter)
//   scanned            the block loaded its section and scanned it (Kogge-Stone, as the kernel)
//   publish_aggregate  status[tile] = A with its local total (tile 0: publish_prefix at once)
//   look_back          warp 0 read its window [nearest - W + 1, nearest] and found no invalid
//                      word: it combined, nearest first, down to the nearest inclusive prefix, or
//                      the whole window (then the window moves W tiles back). A window holding an
//                      invalid word cannot be acted on: the scheduler spends the turn on a poll.
//   publish_prefix     status[tile] = P with the exclusive prefix op the local total
//   done               every thread wrote Y[i] = exclusive prefix op XY[j] (tile 0: XY[j])
// and every event becomes a step whose snapshot holds every block and every tile. The look-back's
// decisions are core/algorithms/lookback_window.hpp's, the same functions the CUDA kernel runs.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../algorithms/decoupled_lookback.hpp"
#include "../events.hpp"
#include "../recording/recorder.hpp"
#include "../recording/step_records.hpp"
#include "section_scan.hpp"

namespace scanlab {

template <class T, class Op>
class LookbackMachine {
public:
    using BlockScan = DecoupledLookback::BlockScan;

    LookbackMachine(const T* x, int64_t n, int section, bool exclusive, int window, Recorder& rec)
        : x_(x), n_(n), section_(section), threads_(BlockScan::threads(section)), grid_((n + section - 1) / section),
          exclusive_(exclusive), window_(window), rec_(rec) {
        const size_t g = size_t(grid_);
        state_.assign(g, BlockState::not_started);
        next_.assign(g, EventKind::start);
        tile_.assign(g, -1);
        polls_.assign(g, 0);
        pending_polls_.assign(g, 0);
        look_.assign(g, LookBack<T>{});
        drawn_.assign(g, 0);
        status_.assign(g, TileStatus::invalid);
        aggregate_.assign(g, Op::identity());
        inclusive_.assign(g, Op::identity());
        exclusive_prefix_.assign(g, Op::identity());
        xy_.assign(g, {});
        view_.assign(size_t(n), Op::identity());
        y_.assign(size_t(n), Op::identity());
    }

    int64_t blocks() const { return grid_; }
    bool done(int32_t b) const { return state_[size_t(b)] == BlockState::done; }
    // A block in its look-back can act only on a window with no invalid word.
    bool can_progress(int32_t b) const { return next_[size_t(b)] != EventKind::look_back || waits_on(b) < 0; }
    void poll(int32_t b) {
        ++polls_[size_t(b)];
        ++pending_polls_[size_t(b)];
    }

    void start(int32_t b, int32_t tile) {
        const size_t i = size_t(b);
        tile_[i] = tile;
        drawn_[size_t(tile)] = 1;
        state_[i] = BlockState::scanning;
        next_[i] = EventKind::scanned;
        StepCounts c;
        c.active_threads = 1;  // thread 0 draws the index; the barrier shares it with the block
        c.idle_threads = threads_ - 1;
        c.barriers = 1;
        record({.kind = EventKind::start, .block = b, .tile = tile}, c);
    }

    // The block's next event; the scheduler calls it only when can_progress(b). Returns the
    // event's value as bits (what the device records beside the same event).
    uint64_t advance(int32_t b) { return perform(b, -2); }

    // A recorded event, performed if the model allows it; else why not.
    std::string replay(const RecordedEvent& e) {
        if (e.block < 0 || e.block >= grid_)
            return "names block " + std::to_string(e.block) + ", but the run has " + std::to_string(grid_) + " block(s)";
        const size_t i = size_t(e.block);
        const std::string who = "block " + std::to_string(e.block);
        if (state_[i] == BlockState::done) return "is a " + std::string(name(e.kind)) + " of " + who + ", which is already done";
        if (e.kind != next_[i]) return "is a " + std::string(name(e.kind)) + " of " + who + ", whose next event is " + std::string(name(next_[i]));
        if (e.kind == EventKind::start) {
            if (e.tile < 0 || e.tile >= grid_ || drawn_[size_t(e.tile)])
                return "has " + who + " draw tile " + std::to_string(e.tile) + ", which is not a tile left to draw";
            start(e.block, e.tile);
            return "";
        }
        if (e.tile != tile_[i]) return "has " + who + " on tile " + std::to_string(e.tile) + ", but it drew tile " + std::to_string(tile_[i]);
        int32_t found = -2;
        if (e.kind == EventKind::look_back) {
            const LookBack<T>& lb = look_[i];
            if (e.window_last != lb.nearest || e.window_first != lb.first())
                return "has " + who + " read the window [" + std::to_string(e.window_first) + ", " + std::to_string(e.window_last) +
                       "], but its look-back is at [" + std::to_string(lb.first()) + ", " + std::to_string(lb.nearest) + "]";
            if (waits_on(e.block) >= 0)
                return "has " + who + " act on its window while tile " + std::to_string(waits_on(e.block)) + " has published nothing";
            if (e.found != -1 && (e.found < e.window_first || e.found > e.window_last || status_[size_t(e.found)] != TileStatus::prefix))
                return "has " + who + " stop its look-back at tile " + std::to_string(e.found) + ", which holds no inclusive prefix";
            if (e.found == -1 && e.window_first == 0)
                return "has " + who + " read tile 0 without meeting its inclusive prefix";
            found = e.found;
            polls_[i] += e.polls;
            pending_polls_[i] = e.polls;
        }
        const uint64_t bits = perform(e.block, found);
        if (e.valued && bits != e.value_bits)
            return "(" + who + ", tile " + std::to_string(e.tile) + ", " + std::string(name(e.kind)) + ") carries a value the device computed differently from the emulation";
        return "";
    }

    // What a waiting block waits for, for the deadlock sentence (which the drawn index never lets come).
    std::string waits_for(int32_t b) const { return "status[" + std::to_string(waits_on(b)) + "]"; }
    // status[t] is written by the block of tile t.
    int32_t awaited_tile(int32_t b) const { return waits_on(b); }
    int32_t holder(int32_t tile) const {
        const auto it = std::find(tile_.begin(), tile_.end(), tile);
        return tile < 0 || it == tile_.end() ? -1 : int32_t(it - tile_.begin());
    }

    void deadlock(const std::string& sentence) {
        // The drawn index lets the lowest unfinished tile always progress; kept for the interface.
        deadlock_ = sentence;
        StepCounts c;
        record({.kind = EventKind::deadlock}, c);
    }

    const std::vector<T>& result() const { return y_; }
    const std::string& deadlock_sentence() const { return deadlock_; }

private:
    // The tile a block in its look-back waits on: the nearest invalid word of its window, or -1.
    int32_t waits_on(int32_t b) const {
        const size_t i = size_t(b);
        if (next_[i] != EventKind::look_back) return -1;
        const LookBack<T>& lb = look_[i];
        for (int64_t j = lb.nearest; j >= lb.first(); --j)
            if (status_[size_t(j)] == TileStatus::invalid) return int32_t(j);
        return -1;
    }

    // Performs block b's next event. For a look_back, `found` is the tile whose inclusive prefix
    // the device met in the window (-1: none), as replayed; -2: read the window as it stands.
    uint64_t perform(int32_t b, int32_t found) {
        const size_t i = size_t(b);
        const int32_t tile = tile_[i];
        const size_t k = size_t(tile);
        const Op op;
        StepCounts c;
        c.active_threads = 1;  // thread 0's work, unless said otherwise below
        c.idle_threads = threads_ - 1;
        Event e{.kind = next_[i], .block = b, .tile = tile};
        uint64_t bits = 0;
        switch (next_[i]) {
            case EventKind::scanned: {
                xy_[k] = load_section<T, Op>(x_, n_, section_, exclusive_, tile);
                c = block_scan_section<BlockScan, T, Op>(xy_[k], section_);
                aggregate_[k] = xy_[k][size_t(section_ - 1)];
                const int64_t first = int64_t(tile) * section_;
                for (int j = 0; j < section_ && first + j < n_; ++j) view_[size_t(first + j)] = xy_[k][size_t(j)];
                next_[i] = tile == 0 ? EventKind::publish_prefix : EventKind::publish_aggregate;
                bits = value_bits(aggregate_[k]);
                break;
            }
            case EventKind::publish_aggregate: {
                status_[k] = TileStatus::aggregate;
                state_[i] = BlockState::looking_back;
                look_[i] = start_look_back<T>(tile, window_, Op::identity());
                next_[i] = EventKind::look_back;
                bits = value_bits(aggregate_[k]);
                break;
            }
            case EventKind::look_back: {
                LookBack<T>& lb = look_[i];
                e.window_first = int32_t(lb.first());
                e.window_last = int32_t(lb.nearest);
                // What the block read: the words as they stand, or, replaying a device, what the
                // device read (a word may have turned P after the device read it as A).
                auto flag_at = [&](int64_t j) {
                    if (found == -2) return status_[size_t(j)] == TileStatus::prefix ? TileStatus::prefix : TileStatus::aggregate;
                    return j == found ? TileStatus::prefix : TileStatus::aggregate;
                };
                auto value_at = [&](int64_t j) { return flag_at(j) == TileStatus::prefix ? inclusive_[size_t(j)] : aggregate_[size_t(j)]; };
                const WindowVerdict v = lb.read_window(op, flag_at, value_at);
                e.found = v.found ? int32_t(e.window_last - v.combine + 1) : -1;
                e.polls = pending_polls_[i];
                c.additions = v.combine;
                c.active_threads = e.window_last - e.window_first + 1;  // a lane a word
                c.idle_threads = threads_ - c.active_threads;
                c.polls = pending_polls_[i];
                c.waits = pending_polls_[i] > 0 ? 1 : 0;
                pending_polls_[i] = 0;
                exclusive_prefix_[k] = lb.prefix;
                if (lb.done) next_[i] = EventKind::publish_prefix;
                bits = value_bits(lb.prefix);
                break;
            }
            case EventKind::publish_prefix: {
                inclusive_[k] = tile == 0 ? aggregate_[k] : op(exclusive_prefix_[k], aggregate_[k]);
                c.additions = tile == 0 ? 0 : 1;
                status_[k] = TileStatus::prefix;
                state_[i] = BlockState::passed;
                next_[i] = EventKind::done;
                bits = value_bits(inclusive_[k]);
                break;
            }
            case EventKind::done: {
                const int64_t first = int64_t(tile) * section_;
                int active = 0;
                for (int j = 0; j < section_ && first + j < n_; ++j, ++active) {
                    const T v = tile == 0 ? xy_[k][size_t(j)] : op(exclusive_prefix_[k], xy_[k][size_t(j)]);
                    y_[size_t(first + j)] = view_[size_t(first + j)] = v;
                }
                c.additions = tile == 0 ? 0 : active;
                c.active_threads = active;
                c.idle_threads = threads_ - active;
                c.barriers = 1;  // the block waits at a barrier for the prefix before adding it
                xy_[k] = {};
                state_[i] = BlockState::done;
                bits = value_bits(exclusive_prefix_[k]);
                break;
            }
            default: return 0;
        }
        record(e, c);
        return bits;
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
            snap.window_first.assign(size_t(grid_), -1);
            snap.window_last.assign(size_t(grid_), -1);
            for (int32_t b = 0; b < grid_; ++b) {
                const size_t i = size_t(b);
                snap.waits_on[i] = waits_on(b);
                if (next_[i] == EventKind::look_back) {
                    snap.window_first[i] = int32_t(look_[i].first());
                    snap.window_last[i] = int32_t(look_[i].nearest);
                }
            }
            snap.status = status_;
            snap.aggregate = aggregate_;
            snap.prefix = inclusive_;
            snap.exclusive = exclusive_prefix_;
        }
        rec_.add(std::move(s));
    }

    const T* x_;
    int64_t n_;
    int section_, threads_;
    int64_t grid_;
    bool exclusive_;
    int window_;
    Recorder& rec_;
    int64_t seq_ = 0;
    std::vector<BlockState> state_;
    std::vector<EventKind> next_;  // per block: its next event
    std::vector<int32_t> tile_;
    std::vector<int64_t> polls_, pending_polls_;
    std::vector<LookBack<T>> look_;  // per block: its look-back so far
    std::vector<char> drawn_;
    std::vector<TileStatus> status_;
    std::vector<T> aggregate_, inclusive_, exclusive_prefix_;  // per tile
    std::vector<std::vector<T>> xy_;  // each scanned tile's XY until its block is done (shared memory)
    std::vector<T> view_;             // each section as its block holds it: XY once scanned, Y once done
    std::vector<T> y_;
    std::string deadlock_;
};

}  // namespace scanlab
