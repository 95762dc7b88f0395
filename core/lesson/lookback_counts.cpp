#include "core/lesson/lookback_counts.hpp"

#include <algorithm>

#include "core/algorithms/kogge_stone.hpp"
#include "core/algorithms/table.hpp"

namespace scanlab {

LookbackCounts lookback_counts(const Trace& t) {
    LookbackCounts c;
    if (algorithm_info(t.algorithm).handoff != Handoff::status_words) return c;
    const size_t tiles = size_t(std::max<int64_t>(t.grid, 0));
    c.depth.assign(tiles, 0);
    c.polls.assign(tiles, 0);
    c.reads.assign(tiles, 0);
    c.windows.assign(tiles, 0);
    for (const Step& s : t.steps) {
        if (!s.event || s.event->kind != EventKind::look_back) continue;
        const Event& e = *s.event;
        if (e.tile < 0 || size_t(e.tile) >= tiles) continue;
        const size_t k = size_t(e.tile);
        const int64_t size = e.window_last - e.window_first + 1;
        // A failed poll reads the same window as the read that succeeds after it.
        const int64_t combined = e.window_last - std::max(e.window_first, e.found) + 1;
        c.depth[k] += combined;
        c.polls[k] += e.polls;
        c.reads[k] += (e.polls + 1) * size;
        c.windows[k] += 1;
    }
    for (size_t k = 0; k < tiles; ++k) {
        c.combines += c.depth[k];
        c.total_polls += c.polls[k];
        c.status_reads += c.reads[k];
        c.max_depth = std::max(c.max_depth, c.depth[k]);
    }
    return c;
}

int64_t lookback_schedule_free_additions(int64_t n, int section) {
    if (n <= 0 || section <= 0) return 0;
    const int64_t tiles = (n + section - 1) / section;
    return tiles * KoggeStone::chapter_additions(section) + (tiles - 1) + std::max<int64_t>(0, n - section);
}

}  // namespace scanlab
