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

#include "core/algorithms/decoupled_lookback.hpp"
#include "core/emulation/block_machine.hpp"
#include "core/emulation/tile_blocks.hpp"

namespace scanlab {

template <class T, class Op>
class LookbackMachine : public TileBlocks<T, Op, DecoupledLookback::BlockScan> {
    using Base = TileBlocks<T, Op, DecoupledLookback::BlockScan>;
    using Base::aggregate_, Base::exclusive_prefix_, Base::grid_, Base::n_, Base::pending_polls_, Base::polls_, Base::rec_, Base::section_,
        Base::state_, Base::threads_, Base::tile_, Base::view_, Base::xy_, Base::y_;

public:
    LookbackMachine(const T* x, int64_t n, int section, bool exclusive, int window, Recorder& rec)
        : Base(x, n, section, exclusive, rec), window_(window) {
        const size_t g = size_t(grid_);
        next_.assign(g, EventKind::start);
        look_.assign(g, LookBack<T>{});
        status_.assign(g, TileStatus::invalid);
        inclusive_.assign(g, Op::identity());
    }

    // A block in its look-back can act only on a window with no invalid word.
    bool can_progress(int32_t b) const { return next_[size_t(b)] != EventKind::look_back || waits_on(b) < 0; }
    void poll(int32_t b) {
        ++polls_[size_t(b)];
        ++pending_polls_[size_t(b)];
    }

    void start(int32_t b, int32_t tile) {
        const StepCounts c = this->draw(b, tile);
        next_[size_t(b)] = EventKind::scanned;
        record({.kind = EventKind::start, .block = b, .tile = tile}, c);
    }

    // The block's next event; the scheduler calls it only when can_progress(b). Returns the
    // event's value as bits (what the device records beside the same event).
    uint64_t advance(int32_t b) { return perform(b, -2); }

    // A recorded event, performed if the model allows it; else why not.
    std::string replay(const RecordedEvent& e) {
        if (std::string no = this->replay_refusal(e, [&](size_t i) { return next_[i]; }); !no.empty()) return no;
        if (e.kind == EventKind::start) {
            start(e.block, e.tile);
            return "";
        }
        const size_t i = size_t(e.block);
        const std::string who = "block " + std::to_string(e.block);
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
            if (e.found == -1 && e.window_first == 0) return "has " + who + " read tile 0 without meeting its inclusive prefix";
            found = e.found;
            polls_[i] += e.polls;
            pending_polls_[i] = e.polls;
        }
        return this->value_refusal(e, perform(e.block, found));
    }

    // What a waiting block waits for, for the deadlock sentence (which the drawn index never lets come).
    std::string waits_for(int32_t b) const { return "status[" + std::to_string(waits_on(b)) + "]"; }
    // status[t] is written by the block of tile t.
    int32_t awaited_tile(int32_t b) const { return waits_on(b); }

    void deadlock(const std::string& sentence) {
        // The drawn index lets the lowest unfinished tile always progress; kept for the interface.
        this->deadlock_ = sentence;
        record({.kind = EventKind::deadlock}, StepCounts{});
    }

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
                c = this->scan_tile(tile);
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
                // A lane a word; a block of fewer threads than the window has words reads them
                // with every thread, several words each (as the kernel does), never more threads than it has.
                c.active_threads = std::min<int64_t>(e.window_last - e.window_first + 1, threads_);
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
                xy_[k] = std::vector<T>();  // (not `= {}`: that keeps the section's memory)
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
        Step s = this->event_step(e, c);
        if (rec_.full()) {
            EventSnapshot& snap = s.snapshot;
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
            snap.prefix = inclusive_;
        }
        rec_.add(std::move(s));
    }

    int window_;
    std::vector<EventKind> next_;  // per block: its next event
    std::vector<LookBack<T>> look_;  // per block: its look-back so far
    std::vector<TileStatus> status_;
    std::vector<T> inclusive_;  // per tile: its inclusive prefix once published
};

template <>
struct BlockMachineOf<DecoupledLookback> {
    template <class T, class Op>
    static MachineOutcome<T> run(const ResolvedRequest& r, const T* x, Recorder& rec) {
        LookbackMachine<T, Op> m(x, r.n, r.section, r.request.exclusive, r.request.lookback_window, rec);
        run_block_schedule(m, r.request.block_schedule, false, r.request.resident_blocks);
        return {m.take_result(), m.deadlock_sentence()};
    }
};

}  // namespace scanlab
