#include "app/gui/model/tiles.hpp"

#include <algorithm>

#include "core/algorithms/table.hpp"
#include "core/lesson/lookback_counts.hpp"

namespace scanlab::gui {

bool is_event_trace(const Trace& t) { return algorithm_info(t.algorithm).event_scheduled(); }

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
                // The snapshot names what a block waits on only while it cannot go on.
                v.passes_next = b < s.waits_on.size() && s.waits_on[b] < 0;
                v.section = SectionState::scanned;
                break;
            case BlockState::looking_back:
                // A block looking back always has a window to read; none once its look-back ended.
                v.passes_next = b < s.window_first.size() && s.window_first[b] < 0;
                v.section = SectionState::scanned;
                break;
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

LookBackWords look_back_words(const Trace& t, size_t k) {
    LookBackWords w;
    if (k >= t.steps.size() || !t.steps[k].event) return w;
    const Event& e = *t.steps[k].event;
    if (e.kind != EventKind::look_back || e.window_first < 0 || e.window_last < e.window_first || e.tile <= 0) return w;
    w.role.assign(size_t(std::max<int64_t>(t.grid, 0)), WordRole::none);
    if (w.role.empty()) return w;
    auto at = [&](int32_t i) -> WordRole& { return w.role[size_t(std::clamp<int64_t>(i, 0, int64_t(w.role.size()) - 1))]; };
    w.tile = e.tile;
    // The window combines nearest first and stops at the first P; the words left of it were read
    // by their lanes but not needed. Without a P, it combined every word it read.
    const int32_t stop = e.found >= 0 ? e.found : e.window_first;
    for (int32_t i = e.window_first; i <= e.window_last; ++i) at(i) = i < stop ? WordRole::read_only : WordRole::combined;
    if (e.found >= 0) at(e.found) = WordRole::met_prefix;
    for (int32_t i = e.window_last + 1; i < e.tile; ++i) at(i) = WordRole::combined_before;
    w.combined_first = stop;
    w.done = e.found >= 0 || e.window_first == 0;
    w.several_windows = e.window_last + 1 < e.tile;
    return w;
}

std::vector<WaitSpan> waiting_spans(const Trace& t) {
    std::vector<WaitSpan> spans;
    std::vector<int64_t> last(size_t(std::max<int64_t>(t.grid, 0)), -1);  // per block: the step of its latest event
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const std::optional<Event>& e = t.steps[k].event;
        if (!e) continue;
        if (e->kind == EventKind::deadlock) {
            // Every block still waiting spins from its latest event on, for ever.
            const std::vector<int32_t>& on = t.steps[k].snapshot.waits_on;
            for (size_t b = 0; b < on.size() && b < last.size(); ++b)
                if (on[b] >= 0 && last[b] >= 0) {
                    const int64_t polls = b < t.steps[k].snapshot.polls.size() ? t.steps[k].snapshot.polls[b] : 0;
                    spans.push_back({int32_t(b), size_t(last[b]), k, polls, true});
                }
            continue;
        }
        if (e->block < 0 || size_t(e->block) >= last.size()) continue;
        if (e->polls > 0 && last[size_t(e->block)] >= 0) spans.push_back({e->block, size_t(last[size_t(e->block)]), k, e->polls, false});
        last[size_t(e->block)] = int64_t(k);
    }
    return spans;
}

Residency residency_after(const Trace& t, size_t k) {
    Residency r;
    if (k >= t.steps.size() || t.steps[k].snapshot.empty()) return r;
    const EventSnapshot& s = t.steps[k].snapshot;
    for (size_t j = 0; j <= k; ++j)  // resident blocks in the order they started
        if (const std::optional<Event>& e = t.steps[j].event;
            e && e->kind == EventKind::start && e->block >= 0 && size_t(e->block) < s.state.size()) {
            const BlockState b = s.state[size_t(e->block)];
            if (b != BlockState::not_started && b != BlockState::done) r.resident.push_back(e->block);
        }
    // Those not started, in the order the schedule would start them: the highest first under the
    // reverse schedule, else by index.
    for (size_t b = 0; b < s.state.size(); ++b)
        if (s.state[b] == BlockState::not_started) r.not_started.push_back(int32_t(b));
    if (t.block_schedule == "reverse") std::reverse(r.not_started.begin(), r.not_started.end());
    return r;
}

}  // namespace scanlab::gui
