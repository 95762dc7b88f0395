// The tiles view's model of an event-scheduled scan (app/gui/model/tiles.hpp): the domino and
// the look-back scans' blocks, flags, waits and counts.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "core/lesson/lookback_counts.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "app/gui/model/palette.hpp"
#include "app/gui/model/predict.hpp"
#include "app/gui/model/session.hpp"
#include "app/gui/model/settings.hpp"
#include "app/gui/model/tiles.hpp"
#include "app/gui/model/trace_book.hpp"
#include "core/algorithms/lookback_window.hpp"
#include "core/emulation/emulate.hpp"
#include "core/error.hpp"
#include "core/input/head_flags.hpp"
#include "core/input/input.hpp"
#include "core/input/run_options.hpp"
#include "core/lesson/listings.hpp"
#include "core/trace_io/trace_json.hpp"
#include "tests/algorithm_configs.hpp"
#include "tests/app/gui/model/model_support.hpp"
#include "tests/cli_run.hpp"

using namespace scanlab;
using namespace scanlab::gui;
using namespace scanlab::gui::model_test;

// The tiles view's model of an event-scheduled scan (app/gui/model/tiles.hpp).
namespace {

Trace domino(const std::string& schedule, bool static_index = false, int resident = 4) {
    ScanRequest q;
    q.algorithm = Algorithm::domino;
    q.section = 4;
    q.block_schedule = *parse_block_schedule(schedule);
    q.static_index = static_index;
    q.resident_blocks = resident;
    return emulate(q, parse_values(kFig910, ElementType::int32));
}

Trace lookback(int64_t section, const std::string& schedule, int resident, int64_t n, uint64_t seed, int window = kDefaultLookbackWindow) {
    ScanRequest q;
    q.algorithm = Algorithm::decoupled_lookback;
    q.section = section;
    q.block_schedule = *parse_block_schedule(schedule);
    q.resident_blocks = resident;
    q.lookback_window = window;
    return emulate(q, random_values(n, seed, ElementType::int32));
}

}  // namespace

TEST(AppTiles, EveryTileEndsFinalWithTheBlockThatDrewIt) {
    const Trace t = domino("random:3");
    ASSERT_TRUE(is_event_trace(t));
    const std::vector<TileView> end = tiles_after(t, t.steps.size() - 1);
    ASSERT_EQ(end.size(), 4u);
    for (size_t i = 0; i < end.size(); ++i) {
        EXPECT_EQ(end[i].section, SectionState::final_value) << "tile " << i;
        EXPECT_EQ(t.steps.back().snapshot.tile[size_t(end[i].block)], int32_t(i));
    }
    EXPECT_FALSE(is_event_trace(run(Algorithm::hierarchical, kFig910, 4)));
}

TEST(AppTiles, AWaitingDominoBlockWhoseFlagIsSetIsToldApartFromOneThatMustWait) {
    // Blocks run in reverse: each scans and waits before its predecessor sets its flag, so every
    // block but the first waits with its flag clear, then for a while with it set.
    const Trace t = domino("reverse");
    int with_flag = 0, without_flag = 0;
    for (size_t k = 0; k < t.steps.size(); ++k) {
        if (t.steps[k].snapshot.empty()) continue;
        const EventSnapshot& s = t.steps[k].snapshot;
        const std::vector<TileView> tiles = tiles_after(t, k);
        for (size_t i = 0; i < tiles.size(); ++i) {
            if (tiles[i].block_state != BlockState::waiting) {
                EXPECT_FALSE(tiles[i].passes_next) << "step " << k << ", tile " << i;
                continue;
            }
            const bool flag_set = s.status[i] != TileStatus::invalid;  // flags[i]: tiles 0..i-1 summed
            EXPECT_EQ(tiles[i].passes_next, flag_set) << "step " << k << ", tile " << i;
            ++(flag_set ? with_flag : without_flag);
        }
    }
    EXPECT_GT(with_flag, 0);
    EXPECT_GT(without_flag, 0);
}

TEST(AppTiles, ALookBackBlockThatFoundItsPrefixIsToldApartFromOneStillLookingBack) {
    const Trace t = lookback(8, "random:3", 4, 64, 1);
    int found = 0, still_looking = 0;
    std::vector<bool> ended(size_t(t.grid), false);  // per block: its look-back has ended (a window that met P or reached tile 0)
    for (size_t k = 0; k < t.steps.size(); ++k) {
        if (const std::optional<Event>& e = t.steps[k].event; e && e->block >= 0 && size_t(e->block) < ended.size())
            ended[size_t(e->block)] = e->kind == EventKind::look_back && (e->found >= 0 || e->window_first == 0);
        if (t.steps[k].snapshot.empty()) continue;
        const std::vector<TileView> tiles = tiles_after(t, k);
        for (size_t i = 0; i < tiles.size(); ++i) {
            const int32_t b = tiles[i].block;
            if (tiles[i].block_state != BlockState::looking_back) {
                EXPECT_FALSE(tiles[i].passes_next) << "step " << k << ", tile " << i;
                continue;
            }
            EXPECT_EQ(tiles[i].passes_next, ended[size_t(b)]) << "step " << k << ", tile " << i << ", block " << b;
            ++(tiles[i].passes_next ? found : still_looking);
        }
    }
    EXPECT_GT(found, 0);
    EXPECT_GT(still_looking, 0);
}

TEST(AppTiles, DominoFlagsSitOnTheSectionsBoundaries) {
    const Trace t = domino("in-order");
    EXPECT_TRUE(status_on_boundaries(t, 0));  // flags[0..grid]: one more than the tiles
    EXPECT_EQ(t.steps[0].snapshot.status.size(), size_t(t.grid + 1));
}

TEST(AppTiles, TheTimelineHasOneMarkPerEventInOrder) {
    const Trace t = domino("reverse");
    const std::vector<EventMark> marks = event_marks(t);
    ASSERT_EQ(marks.size(), t.steps.size());
    for (size_t i = 0; i < marks.size(); ++i) {
        EXPECT_EQ(marks[i].step, i);
        EXPECT_EQ(marks[i].kind, t.steps[i].event->kind);
    }
}

TEST(AppTiles, PerTileCountsAddUpToTheRunsPollsAndEachPassReadsItsFlagOnceMore) {
    const Trace t = domino("random:3");
    const std::vector<TileCounts> c = tile_counts(t);
    ASSERT_EQ(c.size(), size_t(t.grid));
    int64_t polls = 0, reads = 0;
    for (const TileCounts& tc : c) {
        polls += tc.polls;
        reads += tc.look_back_reads;
        EXPECT_EQ(tc.look_back_windows, 1);  // domino: one wait on its predecessor's flag per tile
        EXPECT_EQ(tc.depth, 1);  // and one carried prefix combined
    }
    EXPECT_EQ(polls, t.counts.polls);
    EXPECT_EQ(reads, t.counts.polls + t.grid);
}

TEST(AppTiles, TheLookBacksPerTileDepthAndReadsAreTheTablesAndAddUpToItsTotals) {
    const Trace t = lookback(4, "random:5", 3, 64, 2);
    const LookbackCounts want = lookback_counts(t);
    const std::vector<TileCounts> c = tile_counts(t);
    ASSERT_EQ(c.size(), size_t(16));
    int64_t depth = 0, reads = 0;
    for (size_t k = 0; k < c.size(); ++k) {
        EXPECT_EQ(c[k].depth, want.depth[k]) << "tile " << k;
        EXPECT_EQ(c[k].look_back_reads, want.reads[k]) << "tile " << k;
        depth += c[k].depth;
        reads += c[k].look_back_reads;
    }
    EXPECT_EQ(c[0].depth, 0);  // tile 0 has no predecessor
    EXPECT_EQ(depth, want.combines);
    EXPECT_EQ(reads, want.status_reads);
    EXPECT_GT(want.combines, 15);  // more than a chain: some tile combined several predecessors
}

TEST(AppTiles, TheTraceBookHoldsTheWholeRunsMarksWaitsAndTileCountsOnceAndNoneForALockStepTrace) {
    const Trace t = domino("random:3");
    const TraceBook b = make_book(t);
    ASSERT_EQ(b.event_marks.size(), t.steps.size());
    EXPECT_EQ(b.waiting_spans.size(), waiting_spans(t).size());
    ASSERT_EQ(b.tile_counts.size(), size_t(t.grid));
    for (size_t k = 0; k < b.tile_counts.size(); ++k) {
        EXPECT_EQ(b.tile_counts[k].polls, tile_counts(t)[k].polls) << "tile " << k;
        EXPECT_EQ(b.tile_counts[k].depth, tile_counts(t)[k].depth) << "tile " << k;
    }
    ScanRequest q;
    q.algorithm = Algorithm::kogge_stone;
    const TraceBook lock_step = make_book(emulate(q, parse_values(kFig910, ElementType::int32)));
    EXPECT_TRUE(lock_step.event_marks.empty());
    EXPECT_TRUE(lock_step.tile_counts.empty());
}

TEST(AppTiles, ADeadlockLeavesTheWaitingTilesScannedAndTheRestWithoutABlock) {
    const Trace t = domino("reverse", true, 2);
    ASSERT_FALSE(t.deadlock.empty());
    const std::vector<TileView> end = tiles_after(t, t.steps.size() - 1);
    int scanned = 0, none = 0;
    for (const TileView& v : end) {
        scanned += v.section == SectionState::scanned;
        none += v.block < 0;
    }
    EXPECT_EQ(scanned, 2);
    EXPECT_EQ(none, 2);
}

namespace {

Trace look_back(int window, int resident = 4) { return lookback(8, "random:7", resident, 64, 1, window); }

}  // namespace

TEST(AppTiles, ALookBackWindowCombinesNearestFirstDownToThePAndOnlyReadsTheWordsLeftOfIt) {
    const Trace t = look_back(32);
    int checked = 0;
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const Event& e = *t.steps[k].event;
        const LookBackWords w = look_back_words(t, k);
        if (e.kind != EventKind::look_back) {
            EXPECT_TRUE(w.role.empty());
            continue;
        }
        ASSERT_EQ(w.role.size(), size_t(t.grid));
        EXPECT_EQ(w.tile, e.tile);
        for (int32_t i = 0; i < int32_t(t.grid); ++i) {
            WordRole want = WordRole::none;
            if (i >= e.window_first && i <= e.window_last)
                want = e.found < 0 || i > e.found ? WordRole::combined : i == e.found ? WordRole::met_prefix : WordRole::read_only;
            else if (i > e.window_last && i < e.tile)
                want = WordRole::combined_before;
            EXPECT_EQ(w.role[size_t(i)], want) << "step " << k << " tile " << i;
        }
        if (e.found > e.window_first) ++checked;
    }
    EXPECT_GT(checked, 0);  // some window met a P with words left of it
}

TEST(AppTiles, AOneWordWindowCombinesTileByTileAndSaysWhatEarlierWindowsCombined) {
    const Trace t = look_back(1);
    bool spanned = false;
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const LookBackWords w = look_back_words(t, k);
        if (w.role.empty() || !w.several_windows) continue;
        spanned = true;
        const Event& e = *t.steps[k].event;
        EXPECT_EQ(w.role[size_t(e.tile - 1)], WordRole::combined_before);
        EXPECT_EQ(w.combined_first, e.found >= 0 ? e.found : e.window_first);
        EXPECT_EQ(w.done, e.found >= 0);
    }
    EXPECT_TRUE(spanned);
}

TEST(AppTiles, TheWaitingSpansHoldEveryFailedPollAndEndAtTheEventThatEndedTheWait) {
    for (const Trace& t : {domino("random:3"), look_back(32), look_back(1)}) {
        int64_t polls = 0;
        for (const WaitSpan& w : waiting_spans(t)) {
            EXPECT_LT(w.from_step, w.to_step);
            EXPECT_FALSE(w.forever);
            EXPECT_EQ(t.steps[w.from_step].event->block, w.block);
            EXPECT_EQ(t.steps[w.to_step].event->block, w.block);
            EXPECT_EQ(t.steps[w.to_step].event->polls, w.polls);
            polls += w.polls;
        }
        EXPECT_EQ(polls, t.counts.polls);
    }
}

TEST(AppTiles, ADeadlockLeavesBlocks3And2InTheSlotsSpinningForeverAnd1And0NeverStarted) {
    const Trace t = domino("reverse", true, 2);
    const size_t last = t.steps.size() - 1;
    const std::vector<WaitSpan> spans = waiting_spans(t);
    ASSERT_EQ(spans.size(), 2u);
    for (const WaitSpan& w : spans) {
        EXPECT_TRUE(w.forever);
        EXPECT_EQ(w.to_step, last);
        EXPECT_TRUE(w.block == 2 || w.block == 3);
    }
    const Residency r = residency_after(t, last);
    EXPECT_EQ(r.resident, (std::vector<int32_t>{3, 2}));
    EXPECT_EQ(r.not_started, (std::vector<int32_t>{1, 0}));
    EXPECT_EQ(residency_after(t, 0).resident, (std::vector<int32_t>{3}));
}
