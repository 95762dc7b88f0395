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
#include <cstdint>
#include <string>
#include <vector>

#include "core/algorithms/domino.hpp"
#include "core/emulation/block_machine.hpp"
#include "core/emulation/tile_blocks.hpp"

namespace scanlab {

template <class T, class Op>
class DominoMachine : public TileBlocks<T, Op, Domino::BlockScan> {
    using Base = TileBlocks<T, Op, Domino::BlockScan>;
    using Base::aggregate_, Base::exclusive_prefix_, Base::grid_, Base::n_, Base::pending_polls_, Base::polls_, Base::rec_, Base::section_,
        Base::state_, Base::threads_, Base::tile_, Base::view_, Base::xy_, Base::y_;

public:
    DominoMachine(const T* x, int64_t n, int section, bool exclusive, Recorder& rec) : Base(x, n, section, exclusive, rec) {
        flags_.assign(size_t(Domino::slots(grid_)), TileStatus::invalid);
        scan_value_.assign(size_t(Domino::slots(grid_)), Op::identity());
        flags_[0] = TileStatus::prefix;  // set before the launch: tile 0 waits for nobody
    }

    bool can_progress(int32_t b) const {
        const size_t i = size_t(b);
        return state_[i] != BlockState::waiting || flags_[size_t(Domino::waits_on(tile_[i]))] != TileStatus::invalid;
    }
    // A failed poll shows in the snapshot with the event that ends the wait: a device records only
    // how many polls a wait took, so a replay of its order knows no more than that.
    void poll(int32_t b) { ++pending_polls_[size_t(b)]; }

    void start(int32_t b, int32_t tile) { record({.kind = EventKind::start, .block = b, .tile = tile}, this->draw(b, tile)); }

    // The block's next event; the scheduler calls it only when can_progress(b).
    uint64_t advance(int32_t b) {
        const size_t i = size_t(b);
        const int32_t tile = tile_[i];
        StepCounts c;
        switch (state_[i]) {
            case BlockState::scanning: {
                c = this->scan_tile(tile);
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
                xy_[size_t(tile)] = std::vector<T>();  // (not `= {}`: that keeps the section's memory)
                state_[i] = BlockState::done;
                record({.kind = EventKind::done, .block = b, .tile = tile}, c);
                return 0;
            }
            default: return 0;
        }
    }

    // A recorded event, performed if the model allows it; else why not.
    std::string replay(const RecordedEvent& e) {
        if (std::string no = this->replay_refusal(e, [&](size_t i) { return next_event(state_[i]); }); !no.empty()) return no;
        if (e.kind == EventKind::start) {
            start(e.block, e.tile);
            return "";
        }
        if (e.kind == EventKind::passed) {
            if (!can_progress(e.block))
                return "has block " + std::to_string(e.block) + " pass tile " + std::to_string(e.tile) + " before flags[" +
                       std::to_string(Domino::waits_on(e.tile)) + "] is set";
            pending_polls_[size_t(e.block)] = e.polls;
        }
        return this->value_refusal(e, advance(e.block));
    }

    std::string waits_for(int32_t b) const { return "flags[" + std::to_string(Domino::waits_on(tile_[size_t(b)])) + "]"; }
    // flags[t] is set by the block of tile t − 1, when it passes its sum on.
    int32_t awaited_tile(int32_t b) const { return int32_t(Domino::waits_on(tile_[size_t(b)])) - 1; }

    void deadlock(const std::string& sentence) {
        this->deadlock_ = sentence;
        record({.kind = EventKind::deadlock}, StepCounts{});
    }

private:
    static EventKind next_event(BlockState s) {
        switch (s) {
            case BlockState::not_started: return EventKind::start;
            case BlockState::scanning: return EventKind::scanned;
            case BlockState::waiting: return EventKind::passed;
            default: return EventKind::done;
        }
    }

    void record(Event e, const StepCounts& c) {
        Step s = this->event_step(e, c);
        if (rec_.full()) {
            EventSnapshot& snap = s.snapshot;
            // A block waits only while its flag is not set: one whose flag is set passes at its next turn.
            for (size_t i = 0; i < size_t(grid_); ++i)
                if (!can_progress(int32_t(i))) snap.waits_on[i] = int32_t(Domino::waits_on(tile_[i]));
            snap.status = flags_;
            snap.prefix = scan_value_;
        }
        rec_.add(std::move(s));
    }

    std::vector<TileStatus> flags_;
    std::vector<T> scan_value_;
};

template <>
struct BlockMachineOf<Domino> {
    template <class T, class Op>
    static MachineOutcome<T> run(const ResolvedRequest& r, const T* x, Recorder& rec) {
        DominoMachine<T, Op> m(x, r.n, r.section, r.request.exclusive, rec);
        run_block_schedule(m, r.request.block_schedule, r.request.static_index, r.request.resident_blocks);
        return {m.take_result(), m.deadlock_sentence()};
    }
};

}  // namespace scanlab
