#pragma once
// The CPU executor of an in-block algorithm (core/algorithms/): every block, barrier-separated
// step by step, thread by thread, in the order the CUDA kernel's threads do it — the lanes of a
// warp in lock-step (all gathers, then all scatters), warps in the schedule's order. The book's
// loop of 9.2 (kogge_stone_racy.hpp) runs here one stride per step: its barrier opens each
// stride, the threads still in the loop run the body, and the threads that left count as arrived
// (they only write Y[i] and exit, and since Volta a barrier waits for every thread that has not
// exited); the trace says which strides' barrier not every thread reaches.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/algorithms/block_setup.hpp"
#include "core/algorithms/block_step.hpp"
#include "core/algorithms/load.hpp"
#include "core/emulation/warp_order.hpp"
#include "core/recording/recorder.hpp"
#include "core/recording/step_records.hpp"

namespace scanlab {

// Warps (groups of `warp_width` threads, the last one possibly partial) holding both active and
// idle threads. `active(t)` says whether thread t works in the step.
template <class ActiveFn>
int64_t divergent_warps(int threads, int warp_width, ActiveFn active) {
    int64_t divergent = 0;
    for (int w0 = 0; w0 < threads; w0 += warp_width) {
        int on = 0, count = 0;
        for (int t = w0; t < threads && t < w0 + warp_width; ++t, ++count) on += active(t) ? 1 : 0;
        if (on > 0 && on < count) ++divergent;
    }
    return divergent;
}

// Scans X[0..n) section by section, one barrier-separated step after another (the load first),
// each over every block and recorded once all its blocks have run. advance() runs the next piece:
// the current step over a stretch of blocks (about kPieceElements elements), so a page with one
// thread can run a long scan between its frames; take() then gives every block's final XY section,
// in place (grid * section values; positions past n hold the identity). X and `rec` must outlive
// the run.
template <class Algo, class T, class Op>
class BlockScanRun {
public:
    static constexpr int64_t kPieceElements = int64_t(1) << 16;

    BlockScanRun(const T* X, int64_t n, const BlockSetup& setup, Recorder& rec)
        : X_(X),
          n_(n),
          setup_(setup),
          rec_(rec),
          section_(setup.section),
          layout_(setup.layout()),
          threads_(Algo::threads(layout_)),
          grid_((n + section_ - 1) / section_),
          warps_((threads_ + setup.warp_width - 1) / setup.warp_width),
          place_{setup.kernel, setup.depth, setup.array, grid_, threads_, step_coarsening<Algo>(setup)},
          kept_(kept_blocks(setup, grid_)),
          steps_(Algo::steps(layout_)),
          shared_(size_t(grid_) * section_ * Algo::buffers),
          work_(size_t(threads_)),
          reg_(size_t(threads_)),
          written_(size_t(section_)) {}

    // Runs the next stretch of blocks of the current step (recording the step once its last block
    // has run); true once every step is recorded.
    bool advance() {
        if (k_ >= steps_) return true;
        if (!step_) begin_step();
        const int64_t end = std::min(grid_, next_ + std::max<int64_t>(1, kPieceElements / section_));
        for (int64_t b = next_; b < end; ++b)
            if (k_ < 0)
                load_block(b);
            else
                run_block(k_, b);
        next_ = end;
        if (next_ < grid_) return false;
        end_step();
        next_ = 0;
        ++k_;
        return k_ >= steps_;
    }

    std::vector<T> take() {
        // One buffer per block is laid out as the result already: hand it over rather than copy it
        // (at N = 2^28 the copy alone is a GiB).
        if constexpr (Algo::buffers == 1) return std::move(shared_);
        const int live = steps_ > 0 ? Algo::out_buffer(steps_ - 1) : 0;
        std::vector<T> result(size_t(grid_) * section_);
        for (int64_t b = 0; b < grid_; ++b) std::copy(buffer(b, live), buffer(b, live) + section_, result.begin() + b * section_);
        return result;
    }

private:
    T* buffer(int64_t b, int u) { return shared_.data() + (b * Algo::buffers + u) * section_; }

    void snapshot(Step& s, int u) {
        if (!rec_.full()) return;
        std::vector<T> kept_values(size_t(kept_.count) * section_);
        for (int64_t b = kept_.first; b < kept_.first + kept_.count; ++b)
            std::copy(buffer(b, u), buffer(b, u) + section_, kept_values.begin() + (b - kept_.first) * section_);
        set_values(s, std::move(kept_values));
        s.offset = kept_.first * section_;
    }

    // The step k_'s counts, which its blocks share; the load (k_ = -1) first.
    void begin_step() {
        if (k_ < 0) {
            step_ = make_step(place_, Phase::load, 0);
            step_->counts.active_threads = grid_ * threads_;
            step_->counts.barriers = load_barriers<Algo>(layout_);
            return;
        }
        const StepShape shape = Algo::shape(k_, layout_);
        step_ = make_step(place_, shape.phase, shape.level);
        int64_t active = 0, ops = 0;
        for (int t = 0; t < threads_; ++t) {
            work_[t] = Algo::work(k_, t, layout_);
            active += work_[t].active;
            ops += work_[t].applies_op;
        }
        Step& s = *step_;
        s.counts.additions = ops * grid_;
        s.counts.active_threads = active * grid_;
        s.counts.idle_threads = (threads_ - active) * grid_;
        barriers_ = step_barriers<Algo>(k_, layout_);
        s.counts.barriers = barriers_.between + barriers_.after;
        s.counts.divergent_warps = grid_ * divergent_warps(threads_, setup_.warp_width, [&](int t) { return work_[t].active; });
        hazards_.clear();
    }

    // The step's hazards, accesses and snapshot, once every block has run it; then it is recorded.
    void end_step() {
        Step s = std::move(*step_);
        step_.reset();
        if (k_ < 0) {
            if (rec_.full()) s.accesses = load_accesses(X_, kept_.first, kept_.count, section_, threads_, n_, setup_.exclusive);
            snapshot(s, 0);
            rec_.add(std::move(s));
            return;
        }
        std::sort(hazards_.begin(), hazards_.end());
        hazards_.erase(std::unique(hazards_.begin(), hazards_.end()), hazards_.end());
        s.counts.hazards = int64_t(hazards_.size());
        if (rec_.full()) {
            const int64_t lo = kept_.first * section_, hi = (kept_.first + kept_.count) * section_;
            for (int32_t h : hazards_)
                if (h >= lo && h < hi) s.hazards.push_back(h);
            s.accesses = tree_step_accesses<Algo>(k_, kept_.first, kept_.count, layout_);
        }
        snapshot(s, Algo::out_buffer(k_));
        rec_.add(std::move(s));
    }

    // Load: thread t of block b brings section positions t, t + threads, ... from global memory.
    void load_block(int64_t b) {
        for (int j = 0; j < section_; ++j) buffer(b, 0)[j] = load_element<Op>(X_, b * section_ + j, n_, setup_.exclusive);
    }

    // Step k of block b: its threads' gathers and scatters, warp by warp in the schedule's order.
    void run_block(int k, int64_t b) {
        const Op op;
        const int in = Algo::in_buffer(k), out = Algo::out_buffer(k);
        const T* src_buf = buffer(b, in);
        T* dst_buf = buffer(b, out);
        std::fill(written_.begin(), written_.end(), 0);
        auto gather = [&](int t) {
            const Work& w = work_[t];
            if (!w.active) return;
            // A read of an element this step already overwrote: only possible without the
            // barrier between gather and scatter, i.e. in the racy lesson kernel.
            if (in == out && written_[w.src]) hazards_.push_back(int32_t(b * section_ + w.src));
            if (in == out && written_[w.dst]) hazards_.push_back(int32_t(b * section_ + w.dst));
            reg_[t] = w.applies_op ? op(src_buf[w.src], src_buf[w.dst]) : src_buf[w.src];
        };
        auto scatter = [&](int t) {
            const Work& w = work_[t];
            if (!w.active) return;
            dst_buf[w.dst] = reg_[t];
            written_[w.dst] = 1;
        };
        auto lanes = [&](int warp, auto&& f) {
            for (int t = warp * setup_.warp_width; t < threads_ && t < (warp + 1) * setup_.warp_width; ++t) f(t);
        };
        const std::vector<int> order = warp_order(setup_.schedule, uint64_t(setup_.depth) * 4096 + k, b, warps_);
        if (barriers_.between) {
            for (int w : order) lanes(w, gather);
            for (int w : order) lanes(w, scatter);
        } else {
            for (int w : order) {
                lanes(w, gather);
                lanes(w, scatter);
            }
        }
    }

    const T* X_;
    int64_t n_;
    BlockSetup setup_;
    Recorder& rec_;
    int section_;
    SectionLayout layout_;
    int threads_;
    int64_t grid_;
    int warps_;
    StepPlace place_;
    KeptBlocks kept_;
    int steps_;
    int k_ = -1;  // the step under way; -1: the load
    int64_t next_ = 0;  // its next block
    std::optional<Step> step_;  // its record, until its last block has run
    StepBarriers barriers_{};
    std::vector<int32_t> hazards_;  // its hazards so far
    std::vector<T> shared_;
    std::vector<Work> work_;
    std::vector<T> reg_;
    std::vector<char> written_;
};

// The whole scan at once (BlockScanRun's steps one after another).
template <class Algo, class T, class Op>
std::vector<T> emulate_block_scan(const T* X, int64_t n, const BlockSetup& setup, Recorder& rec) {
    BlockScanRun<Algo, T, Op> run(X, n, setup, rec);
    while (!run.advance()) {}
    return run.take();
}

}  // namespace scanlab
