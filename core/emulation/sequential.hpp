#pragma once
// The sequential scan, the chapter's work-efficiency baseline: one thread, N-1 operations,
// for (i = 1; i < n; i++) XY[i] = XY[i-1] op XY[i].
#include <vector>

#include "../algorithms/load.hpp"
#include "recorder.hpp"

namespace scanlab {

template <class T, class Op>
std::vector<T> emulate_sequential(const T* X, int64_t n, bool exclusive, Recorder& rec) {
    const Op op;
    std::vector<T> xy(n);
    auto make_step = [](Phase phase, int level) {
        Step s;
        s.phase = phase;
        s.level = level;
        s.blocks = 1;
        s.threads_per_block = 1;
        s.counts.active_threads = 1;
        return s;
    };
    Step load = make_step(Phase::load, 0);
    for (int64_t i = 0; i < n; ++i) {
        const int64_t src = load_source(i, n, exclusive);
        xy[i] = src >= 0 ? X[src] : Op::identity();
        if (rec.full()) load.accesses.push_back({0, int32_t(src), int32_t(i), false});
    }
    if (rec.full()) load.values = xy;
    rec.add(std::move(load));
    for (int64_t i = 1; i < n; ++i) {
        xy[i] = op(xy[i - 1], xy[i]);
        Step s = make_step(Phase::sequential, int(i));
        s.counts.additions = 1;
        if (rec.full()) {
            s.accesses.push_back({0, int32_t(i - 1), int32_t(i), true});
            s.values = xy;
        }
        rec.add(std::move(s));
    }
    return xy;
}

}  // namespace scanlab
