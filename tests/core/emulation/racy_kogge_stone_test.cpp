// The racy Kogge-Stone is a lesson, not a bug: it must go wrong under some warp schedule, mark
// exactly the elements read after being overwritten, while the correct kernels never change.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <set>
#include <sstream>

#include "core/algorithms/kogge_stone_racy.hpp"
#include "core/emulation/warp_order.hpp"
#include "core/lesson/barrier_notes.hpp"
#include "core/lesson/explain.hpp"
#include "core/trace_io/trace_json.hpp"
#include "core/trace_io/trace_table.hpp"
#include "tests/algorithm_configs.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

ScanRequest racy(Schedule::Kind kind, int warp_width = 4, uint64_t seed = 1) {
    ScanRequest r = request(Algorithm::kogge_stone_racy);
    r.schedule = {kind, seed};
    r.warp_width = warp_width;
    return r;
}


}  // namespace

TEST(RacyKoggeStone, InOrderWarpsOfFourGiveAWrongScanOfFigure9_10) {
    const Trace t = run_text(racy(Schedule::Kind::in_order), kFig910);
    EXPECT_NE(as(t.result), ints("2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31"));
    EXPECT_GT(t.counts.hazards, 0);
}

TEST(RacyKoggeStone, ReverseWarpOrderHappensToBeRight) {
    const Trace t = run_text(racy(Schedule::Kind::reverse), kFig910);
    EXPECT_EQ(as(t.result), ints("2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31"));
    EXPECT_EQ(t.counts.hazards, 0);
}

// An independent replay of one racy step: warps in the given order, each warp's lanes all load
// then all store. Gives the array after the step and the elements read after another warp
// stored them.
struct Replay {
    std::vector<int32_t> xy;
    std::set<int32_t> hazards;
};
Replay replay(std::vector<int32_t> xy, int stride, const std::vector<int>& order, int w) {
    std::set<int32_t> written, hazards;
    const int n = int(xy.size());
    for (int warp : order) {
        std::vector<std::pair<int, int32_t>> stores;
        for (int t = warp * w; t < (warp + 1) * w && t < n; ++t) {
            if (t < stride) continue;
            if (written.count(t - stride)) hazards.insert(t - stride);
            if (written.count(t)) hazards.insert(t);
            stores.push_back({t, xy[t] + xy[t - stride]});
        }
        for (auto [t, v] : stores) {
            xy[t] = v;
            written.insert(t);
        }
    }
    return {xy, hazards};
}

void expect_trace_matches_replay(const Trace& t, const Schedule& schedule, int w) {
    for (size_t k = 1; k < t.steps.size(); ++k) {
        const Step& s = t.steps[k];
        const std::vector<int> order = warp_order(schedule, k - 1, 0, 16 / w);
        const Replay r = replay(as(t.steps[k - 1].values), s.level, order, w);
        EXPECT_EQ(std::set<int32_t>(s.hazards.begin(), s.hazards.end()), r.hazards) << schedule.text() << " " << step_label(s);
        EXPECT_EQ(as(s.values), r.xy) << schedule.text() << " " << step_label(s);
        EXPECT_EQ(s.counts.hazards, int64_t(r.hazards.size()));
    }
}

TEST(RacyKoggeStone, MarkedHazardsAreExactlyTheElementsReadAfterBeingOverwritten) {
    expect_trace_matches_replay(run_text(racy(Schedule::Kind::in_order), kFig910), {Schedule::Kind::in_order, 1}, 4);
    expect_trace_matches_replay(run_text(racy(Schedule::Kind::reverse), kFig910), {Schedule::Kind::reverse, 1}, 4);
    for (uint64_t seed = 1; seed <= 20; ++seed)
        expect_trace_matches_replay(run_text(racy(Schedule::Kind::random, 4, seed), kFig910), {Schedule::Kind::random, seed}, 4);
    for (uint64_t seed = 1; seed <= 5; ++seed)
        expect_trace_matches_replay(run_text(racy(Schedule::Kind::random, 2, seed), kFig910), {Schedule::Kind::random, seed}, 2);
}

TEST(RacyKoggeStone, EveryWrongElementFollowsAMarkedHazard) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        const Trace t = run_text(racy(Schedule::Kind::random, 4, seed), kFig910);
        for (size_t k = 1; k < t.steps.size(); ++k) {
            const Step& s = t.steps[k];
            const std::set<int32_t> marked(s.hazards.begin(), s.hazards.end());
            const std::vector<int32_t> before = as(t.steps[k - 1].values), after = as(s.values);
            for (int i = s.level; i < 16; ++i)
                if (after[i] != before[i] + before[i - s.level])
                    EXPECT_TRUE(marked.count(i - s.level) || marked.count(i)) << "seed " << seed << " element " << i;
        }
    }
}

TEST(RacyKoggeStone, WarpWidth32OnOneWarpIsRightBecauseLanesMoveInLockStep) {
    const Trace t = run_text(racy(Schedule::Kind::in_order, 32), kFig910);
    EXPECT_EQ(as(t.result), ints("2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31"));
}

TEST(RacyKoggeStone, FullSizeBlockGoesWrongInOrderAtWarpWidth32) {
    ScanRequest r = racy(Schedule::Kind::in_order, 32);
    r.detail = Detail::counts;
    const ValueArray x = random_values(1024, 3, ElementType::int32);
    ScanRequest good = request(Algorithm::kogge_stone, 0, Detail::counts);
    EXPECT_NE(as(emulate(r, x).result), as(emulate(good, x).result));
}

// The definition both backends run is the listing's loop: its condition is `stride <= threadIdx.x`
// and its body `XY[threadIdx.x] += XY[threadIdx.x-stride]`.
TEST(RacyKoggeStone, TheDefinitionsConditionAndBodyAreTheListingsLoop) {
    for (unsigned t = 0; t < 1024; ++t)
        for (unsigned stride = 1; stride <= 2048; stride *= 2) {
            ASSERT_EQ(KoggeStoneRacy::in_loop(stride, t), stride <= t) << "stride " << stride << ", thread " << t;
            if (stride > t) continue;
            const Work w = KoggeStoneRacy::body(stride, t);
            ASSERT_TRUE(w.active && w.applies_op);
            ASSERT_EQ(w.dst, int(t));
            ASSERT_EQ(w.src, int(t - stride));
        }
}

// The book's loop as printed: `for (stride = 1; stride <= threadIdx.x; stride *= 2)`.
TEST(RacyKoggeStone, EachThreadRunsTheBooksLoopFloorLog2TPlusOneTimesAndThreadZeroNever) {
    const Trace t = emulate(racy(Schedule::Kind::in_order, 32), random_values(1024, 5, ElementType::int32));
    std::vector<int> trips(1024, 0);
    for (size_t k = 1; k < t.steps.size(); ++k)
        for (const Access& a : t.steps[k].accesses) {
            EXPECT_EQ(trips[size_t(a.thread)], int(k) - 1) << "thread " << a.thread << " skipped a stride";
            ++trips[size_t(a.thread)];
        }
    EXPECT_EQ(trips[0], 0);
    for (int th = 1; th < 1024; ++th) EXPECT_EQ(trips[size_t(th)], std::bit_width(unsigned(th))) << "thread " << th;
    EXPECT_EQ(KoggeStoneRacy::steps(1024), 10);
    EXPECT_EQ(KoggeStoneRacy::steps(2), 1);
    EXPECT_EQ(KoggeStoneRacy::steps(1), 0);
}

TEST(RacyKoggeStone, NoBarrierFollowsTheLoadAndOneOpensEveryStride) {
    const Trace t = run_text(racy(Schedule::Kind::in_order), kFig910);
    ASSERT_EQ(t.steps.size(), 5u);
    EXPECT_EQ(t.steps[0].counts.barriers, 0);
    for (size_t k = 1; k < t.steps.size(); ++k) EXPECT_EQ(t.steps[k].counts.barriers, 1) << k;
    EXPECT_EQ(t.counts.barriers, 4);
}

TEST(RacyKoggeStone, EveryStrideSaysWhichThreadsLeftTheLoopAndThatItsBarrierIsNotReachedByAll) {
    const Trace t = run_text(racy(Schedule::Kind::in_order), kFig910);
    EXPECT_EQ(unreached_barrier_note(t, t.steps[0]), "");
    EXPECT_EQ(unreached_barrier_note(t, t.steps[1])
                  .rfind("thread 0 never enters the loop: this __syncthreads() is not reached by every "
                         "thread of the block (undefined in CUDA",
                         0),
              0u);
    std::ostringstream table, json;
    write_trace_table(table, t);
    write_trace_json(json, t);
    const FinalSteps finals = final_steps(t, judge(t));
    for (size_t k = 2; k < t.steps.size(); ++k) {
        const int s = t.steps[k].level;
        EXPECT_EQ(t.steps[k].counts.idle_threads, s) << "the threads t < stride have left the loop";
        const std::string note = unreached_barrier_note(t, t.steps[k]);
        EXPECT_EQ(note.rfind("threads 0–" + std::to_string(s - 1) + " have left the loop: this __syncthreads() is not reached", 0), 0u)
            << note;
        EXPECT_NE(table.str().find("#" + std::to_string(k) + " stride " + std::to_string(s) + ": " + note), std::string::npos)
            << table.str();
        EXPECT_NE(json.str().find("\"note\": \"" + note), std::string::npos);
        const Explanation e = explain_step(t, finals, k);
        EXPECT_NE(std::find(e.lines.begin(), e.lines.end(), "Barrier: " + note + "."), e.lines.end());
    }
    // A barrier every thread reaches says nothing.
    const Trace good = run_text(request(Algorithm::kogge_stone), kFig910);
    for (const Step& s : good.steps) EXPECT_EQ(unreached_barrier_note(good, s), "");
}

TEST(RacyKoggeStone, TheSameScheduleGivesTheSameTraceEveryTime) {
    for (Schedule::Kind kind : {Schedule::Kind::in_order, Schedule::Kind::reverse, Schedule::Kind::random}) {
        const ValueArray x = random_values(256, 11, ElementType::int32);
        const Trace a = emulate(racy(kind, 8, 7), x), b = emulate(racy(kind, 8, 7), x);
        ASSERT_EQ(a.steps.size(), b.steps.size());
        for (size_t k = 0; k < a.steps.size(); ++k) {
            EXPECT_TRUE(bitwise_equal(a.steps[k].values, b.steps[k].values));
            EXPECT_EQ(a.steps[k].hazards, b.steps[k].hazards);
            EXPECT_EQ(a.steps[k].counts, b.steps[k].counts);
        }
    }
}

TEST(CorrectKernels, NeverDifferAcrossWarpSchedules) {
    const ValueArray x = random_values(1000, 9, ElementType::int32);
    for (const AlgoConfig& c : every_configuration()) {
        const AlgorithmInfo& row = algorithm_info(c.algorithm);
        if (row.racy || row.reach == Reach::one_thread) continue;
        const Algorithm a = c.algorithm;
        ScanRequest base = request(a, row.reach == Reach::multi_block ? 64 : 0);
        base.block_algorithm = c.block;
        base.coarsening = c.coarsening;
        base.warp_width = 4;
        base = flagged(base, 1000);
        const Trace reference = emulate(base, x);
        for (uint64_t seed = 0; seed < 8; ++seed) {
            ScanRequest r = base;
            r.schedule = seed == 0 ? Schedule{Schedule::Kind::reverse, 1} : Schedule{Schedule::Kind::random, seed};
            const Trace t = emulate(r, x);
            ASSERT_EQ(t.steps.size(), reference.steps.size());
            for (size_t k = 0; k < t.steps.size(); ++k) {
                EXPECT_TRUE(bitwise_equal(t.steps[k].values, reference.steps[k].values)) << name(a) << " step " << k;
                EXPECT_TRUE(t.steps[k].hazards.empty());
            }
        }
    }
}

// The race finder's schedule form: in the steps it lists, the listed warps first, in that order,
// the rest in index order; its words read back to the same schedule; its reorderings count the
// pairs that run out of index order.
TEST(WarpSchedule, FirstRunsTheListedWarpsAheadInTheirStepOnly) {
    const std::optional<Schedule> s = parse_schedule("first:1@3,1/4@2");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->text(), "first:1@3,1/4@2");
    EXPECT_EQ(warp_order(*s, 0, 0, 5), (std::vector<int>{3, 1, 0, 2, 4}));  // step 1's key is 0
    EXPECT_EQ(warp_order(*s, 3, 7, 4), (std::vector<int>{2, 0, 1, 3}));
    EXPECT_EQ(warp_order(*s, 1, 0, 4), (std::vector<int>{0, 1, 2, 3}));  // step 2: in order
    EXPECT_EQ(reorderings({3, 1, 0, 2, 4}), 4);
    EXPECT_EQ(reorderings({0, 1, 2}), 0);
    for (const char* bad : {"first:", "first:1", "first:1@", "first:1@2,2", "first:1@2/1@3", "first:x@1"})
        EXPECT_FALSE(parse_schedule(bad)) << bad;
    EXPECT_FALSE(parse_block_schedule("first:1@2"));  // a warp schedule's form only
}
