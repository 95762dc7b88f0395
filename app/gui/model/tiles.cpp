#include "tiles.hpp"

#include <algorithm>

#include "core/lookback_counts.hpp"

namespace scanlab::gui {

bool is_event_trace(const Trace& t) {
    return std::any_of(t.steps.begin(), t.steps.end(), [](const Step& s) { return s.event.has_value(); });
}

std::vector<TileView> tiles_after(const Trace& t, size_t k) {
    if (k >= t.steps.size() || t.steps[k].snapshot.empty()) return {};
    const EventSnapshot& s = t.steps[k].snapshot;
    std::vector<TileView> tiles(size_t(std::max<int64_t>(t.grid, 0)));
    for (size_t b = 0; b < s.state.size() && b < s.tile.size(); ++b) {
        const int32_t tile = s.tile[b];
        if (tile < 0 || size_t(tile) >= tiles.size()) continue;
        TileView& v = tiles[size_t(tile)];
        v.block = int32_t(b);
        v.block_state = s.state[b];
        v.polls = b < s.polls.size() ? s.polls[b] : 0;
        switch (s.state[b]) {
            case BlockState::not_started:
            case BlockState::scanning: v.section = SectionState::waiting_for_block; break;
            case BlockState::waiting:
            case BlockState::looking_back: v.section = SectionState::scanned; break;
            case BlockState::passed: v.section = SectionState::carrying; break;
            case BlockState::done: v.section = SectionState::final_value; break;
        }
    }
    return tiles;
}

bool status_on_boundaries(const Trace& t, size_t k) {
    return k < t.steps.size() && int64_t(t.steps[k].snapshot.status.size()) == t.grid + 1;
}

std::vector<EventMark> event_marks(const Trace& t) {
    std::vector<EventMark> marks;
    for (size_t k = 0; k < t.steps.size(); ++k)
        if (const std::optional<Event>& e = t.steps[k].event) marks.push_back({k, e->block, e->kind, e->polls});
    return marks;
}

std::vector<TileCounts> tile_counts(const Trace& t) {
    std::vector<TileCounts> c(size_t(std::max<int64_t>(t.grid, 0)));
    for (const Step& s : t.steps) {
        if (!s.event || s.event->tile < 0 || size_t(s.event->tile) >= c.size()) continue;
        TileCounts& tc = c[size_t(s.event->tile)];
        tc.polls += s.event->polls;
        if (s.event->kind == EventKind::passed) {  // domino: its predecessor's flag, read until it was set
            tc.depth += 1;
            tc.look_back_reads += s.event->polls + 1;
            ++tc.look_back_windows;
        }
    }
    // The look-back's windows, counted where the CLI's table counts them.
    const LookbackCounts lb = lookback_counts(t);
    for (size_t k = 0; k < lb.depth.size() && k < c.size(); ++k) {
        c[k].depth = lb.depth[k];
        c[k].look_back_reads = lb.reads[k];
        c[k].look_back_windows = lb.windows[k];
    }
    return c;
}

}  // namespace scanlab::gui
