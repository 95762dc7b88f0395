// The racy Kogge-Stone is a lesson, not a bug: it must go wrong under some warp schedule, mark
// exactly the elements read after being overwritten, while the correct kernels never change.
#include <gtest/gtest.h>

#include <set>

#include "algorithm_configs.hpp"
#include "core/emulation/warp_order.hpp"
#include "test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

ScanRequest racy(Schedule::Kind kind, int warp_width = 4, uint64_t seed = 1) {
    ScanRequest r = request(Algorithm::kogge_stone_racy);
    r.schedule = {kind, seed};
    r.warp_width = warp_width;
    return r;
}

const std::string kFig910 = "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2";

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
