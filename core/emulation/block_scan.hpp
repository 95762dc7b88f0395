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

// Scans X[0..n) section by section and returns every block's final XY section, in place
// (grid * section values; positions past n hold the identity).
template <class Algo, class T, class Op>
std::vector<T> emulate_block_scan(const T* X, int64_t n, const BlockSetup& setup, Recorder& rec) {
    const int section = setup.section;
    const SectionLayout layout = setup.layout();
    const int threads = Algo::threads(layout);
    const int64_t grid = (n + section - 1) / section;
    const int warps = (threads + setup.warp_width - 1) / setup.warp_width;
    const Op op;
    const StepPlace place{setup.kernel, setup.depth, setup.array, grid, threads, step_coarsening<Algo>(setup)};
    const KeptBlocks kept = kept_blocks(setup, grid);
    std::vector<T> shared(size_t(grid) * section * Algo::buffers);
    auto buffer = [&](int64_t b, int u) { return shared.data() + (b * Algo::buffers + u) * section; };
    auto snapshot = [&](Step& s, int u) {
        if (!rec.full()) return;
        std::vector<T> kept_values(size_t(kept.count) * section);
        for (int64_t b = kept.first; b < kept.first + kept.count; ++b)
            std::copy(buffer(b, u), buffer(b, u) + section, kept_values.begin() + (b - kept.first) * section);
        set_values(s, std::move(kept_values));
        s.offset = kept.first * section;
    };

    // Load: thread t of block b brings section positions t, t + threads, ... from global memory.
    {
        Step s = make_step(place, Phase::load, 0);
        for (int64_t b = 0; b < grid; ++b)
            for (int j = 0; j < section; ++j) {
                buffer(b, 0)[j] = load_element<Op>(X, b * section + j, n, setup.exclusive);
            }
        s.counts.active_threads = grid * threads;
        s.counts.barriers = load_barriers<Algo>(layout);
        if (rec.full()) s.accesses = load_accesses(X, kept.first, kept.count, section, threads, n, setup.exclusive);
        snapshot(s, 0);
        rec.add(std::move(s));
    }

    const int steps = Algo::steps(layout);
    std::vector<Work> work(threads);
    std::vector<T> reg(threads);
    std::vector<char> written(section);
    for (int k = 0; k < steps; ++k) {
        const StepShape shape = Algo::shape(k, layout);
        const int in = Algo::in_buffer(k), out = Algo::out_buffer(k);
        Step s = make_step(place, shape.phase, shape.level);
        int64_t active = 0, ops = 0;
        for (int t = 0; t < threads; ++t) {
            work[t] = Algo::work(k, t, layout);
            active += work[t].active;
            ops += work[t].applies_op;
        }
        s.counts.additions = ops * grid;
        s.counts.active_threads = active * grid;
        s.counts.idle_threads = (threads - active) * grid;
        const StepBarriers barriers = step_barriers<Algo>(k, layout);
        s.counts.barriers = barriers.between + barriers.after;
        s.counts.divergent_warps = grid * divergent_warps(threads, setup.warp_width, [&](int t) { return work[t].active; });

        std::vector<int32_t> hazards;
        for (int64_t b = 0; b < grid; ++b) {
            const T* src_buf = buffer(b, in);
            T* dst_buf = buffer(b, out);
            std::fill(written.begin(), written.end(), 0);
            auto gather = [&](int t) {
                const Work& w = work[t];
                if (!w.active) return;
                // A read of an element this step already overwrote: only possible without the
                // barrier between gather and scatter, i.e. in the racy lesson kernel.
                if (in == out && written[w.src]) hazards.push_back(int32_t(b * section + w.src));
                if (in == out && written[w.dst]) hazards.push_back(int32_t(b * section + w.dst));
                reg[t] = w.applies_op ? op(src_buf[w.src], src_buf[w.dst]) : src_buf[w.src];
            };
            auto scatter = [&](int t) {
                const Work& w = work[t];
                if (!w.active) return;
                dst_buf[w.dst] = reg[t];
                written[w.dst] = 1;
            };
            auto lanes = [&](int warp, auto&& f) {
                for (int t = warp * setup.warp_width; t < threads && t < (warp + 1) * setup.warp_width; ++t) f(t);
            };
            const std::vector<int> order = warp_order(setup.schedule, uint64_t(setup.depth) * 4096 + k, b, warps);
            if (barriers.between) {
                for (int w : order) lanes(w, gather);
                for (int w : order) lanes(w, scatter);
            } else {
                for (int w : order) {
                    lanes(w, gather);
                    lanes(w, scatter);
                }
            }
        }
        std::sort(hazards.begin(), hazards.end());
        hazards.erase(std::unique(hazards.begin(), hazards.end()), hazards.end());
        s.counts.hazards = int64_t(hazards.size());
        if (rec.full()) {
            const int64_t lo = kept.first * section, hi = (kept.first + kept.count) * section;
            for (int32_t h : hazards)
                if (h >= lo && h < hi) s.hazards.push_back(h);
            s.accesses = tree_step_accesses<Algo>(k, kept.first, kept.count, layout);
        }
        snapshot(s, out);
        rec.add(std::move(s));
    }

    // One buffer per block is laid out as the result already: hand it over rather than copy it
    // (at N = 2^28 the copy alone is a GiB).
    if constexpr (Algo::buffers == 1) return shared;
    const int live = steps > 0 ? Algo::out_buffer(steps - 1) : 0;
    std::vector<T> result(size_t(grid) * section);
    for (int64_t b = 0; b < grid; ++b) std::copy(buffer(b, live), buffer(b, live) + section, result.begin() + b * section);
    return result;
}

}  // namespace scanlab
