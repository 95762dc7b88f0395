#pragma once
// The CPU executor of an in-block algorithm (core/algorithms/): every block, barrier-separated
// step by step, thread by thread, in the order the CUDA kernel's threads do it — the lanes of a
// warp in lock-step (all gathers, then all scatters), warps in the schedule's order.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "../algorithms/block_step.hpp"
#include "../algorithms/load.hpp"
#include "../request.hpp"
#include "recorder.hpp"
#include "warp_order.hpp"

namespace scanlab {

struct BlockSetup {
    Kernel kernel = Kernel::single;
    int depth = 0;
    ArrayKind array = ArrayKind::xy;
    bool exclusive = false;
    int section = 2;
    int warp_width = 32;
    Schedule schedule;
};

// Warps (of `warp_width` threads, the last one possibly partial) that hold both active and idle
// threads. `active(t)` says whether thread t works in the step.
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
    const int threads = Algo::threads(section);
    const int64_t grid = (n + section - 1) / section;
    const int warps = (threads + setup.warp_width - 1) / setup.warp_width;
    const Op op;
    std::vector<T> shared(size_t(grid) * section * Algo::buffers);
    auto buffer = [&](int64_t b, int u) { return shared.data() + (b * Algo::buffers + u) * section; };

    auto make_step = [&](Phase phase, int level) {
        Step s;
        s.kernel = setup.kernel;
        s.phase = phase;
        s.level = level;
        s.depth = setup.depth;
        s.array = setup.array;
        s.blocks = int(grid);
        s.threads_per_block = threads;
        return s;
    };
    auto snapshot = [&](Step& s, int u) {
        if (!rec.full()) return;
        std::vector<T> all(size_t(grid) * section);
        for (int64_t b = 0; b < grid; ++b) std::copy(buffer(b, u), buffer(b, u) + section, all.begin() + b * section);
        s.values = std::move(all);
    };

    // Load: thread t of block b brings section positions t, t + threads, ... from global memory.
    {
        Step s = make_step(Phase::load, 0);
        const int per_thread = section / threads;
        for (int64_t b = 0; b < grid; ++b)
            for (int t = 0; t < threads; ++t)
                for (int e = 0; e < per_thread; ++e) {
                    const int j = t + e * threads;
                    const int64_t g = b * section + j;
                    const int64_t src = load_source(g, n, setup.exclusive);
                    buffer(b, 0)[j] = src >= 0 ? X[src] : Op::identity();
                    if (rec.full()) s.accesses.push_back({int32_t(b * threads + t), int32_t(src), int32_t(g), false});
                }
        s.counts.active_threads = grid * threads;
        s.counts.barriers = 1;
        snapshot(s, 0);
        rec.add(std::move(s));
    }

    const int steps = Algo::steps(section);
    std::vector<Work> work(threads);
    std::vector<T> reg(threads);
    std::vector<char> written(section);
    for (int k = 0; k < steps; ++k) {
        const StepShape shape = Algo::shape(k, section);
        const int in = Algo::in_buffer(k), out = Algo::out_buffer(k);
        Step s = make_step(shape.phase, shape.level);
        int64_t active = 0, ops = 0;
        for (int t = 0; t < threads; ++t) {
            work[t] = Algo::work(k, t, section);
            active += work[t].active;
            ops += work[t].applies_op;
        }
        s.counts.additions = ops * grid;
        s.counts.active_threads = active * grid;
        s.counts.idle_threads = (threads - active) * grid;
        s.counts.barriers = Algo::barrier_between ? 2 : 1;
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
                if (in == out && (written[w.src] || written[w.dst])) {
                    hazards.push_back(int32_t(b * section + (written[w.src] ? w.src : w.dst)));
                }
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
            if (Algo::barrier_between) {
                for (int w : order) lanes(w, gather);
                for (int w : order) lanes(w, scatter);
            } else {
                for (int w : order) {
                    lanes(w, gather);
                    lanes(w, scatter);
                }
            }
            if (rec.full())
                for (int t = 0; t < threads; ++t)
                    if (work[t].active)
                        s.accesses.push_back({int32_t(b * threads + t), int32_t(b * section + work[t].src),
                                              int32_t(b * section + work[t].dst), work[t].applies_op});
        }
        std::sort(hazards.begin(), hazards.end());
        hazards.erase(std::unique(hazards.begin(), hazards.end()), hazards.end());
        s.counts.hazards = int64_t(hazards.size());
        if (rec.full()) s.hazards = std::move(hazards);
        snapshot(s, out);
        rec.add(std::move(s));
    }

    const int live = steps > 0 ? Algo::out_buffer(steps - 1) : 0;
    std::vector<T> result(size_t(grid) * section);
    for (int64_t b = 0; b < grid; ++b) std::copy(buffer(b, live), buffer(b, live) + section, result.begin() + b * section);
    return result;
}

}  // namespace scanlab
