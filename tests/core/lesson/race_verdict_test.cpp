// The race lesson said out loud: the verdict names exactly the wrong results against an
// independent scan, a schedule that hides the race still says the kernel is wrong, and the
// correct kernels are judged correct in every type (a float sum in another order is not "wrong").
#include <gtest/gtest.h>

#include <numeric>
#include <set>

#include "core/algorithms/table.hpp"
#include "core/lesson/verdict.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

ScanRequest racy_run(Schedule::Kind kind, int warp_width = 4) {
    ScanRequest r = request(Algorithm::kogge_stone_racy);
    r.schedule = {kind, 1};
    r.warp_width = warp_width;
    return r;
}

}  // namespace

TEST(RaceVerdict, AWrongRacyRunNamesExactlyTheResultsThatDifferFromTheScanOfItsInput) {
    const Trace t = run_text(racy_run(Schedule::Kind::in_order), kFig910);
    const Verdict v = judge(t);
    const std::vector<int32_t> x = ints(kFig910), y = as(t.result);
    std::vector<int32_t> want(x.size());
    std::inclusive_scan(x.begin(), x.end(), want.begin());
    std::vector<int64_t> differ;
    for (size_t i = 0; i < x.size(); ++i)
        if (y[i] != want[i]) differ.push_back(int64_t(i));
    ASSERT_FALSE(differ.empty());
    EXPECT_EQ(v.wrong, differ);
    EXPECT_EQ(as(v.expected), want);
    EXPECT_EQ(v.headline(), "WRONG: " + std::to_string(differ.size()) + " of 16 results differ from the correct scan");
    EXPECT_GT(v.possible_hazards, 0);
}

TEST(RaceVerdict, AScheduleThatHidesTheRaceSaysSoAndCountsTheHazardsThatRemainPossible) {
    const Trace t = run_text(racy_run(Schedule::Kind::reverse), kFig910);
    const Verdict v = judge(t);
    EXPECT_TRUE(v.correct());
    EXPECT_EQ(t.counts.hazards, 0);
    EXPECT_EQ(v.headline(), "this schedule hid the race: the kernel is still wrong; try in-order or random");
    // The same reads as the in-order schedule turned stale are possible under reverse.
    const Trace wrong = run_text(racy_run(Schedule::Kind::in_order), kFig910);
    EXPECT_EQ(v.possible_hazards, judge(wrong).possible_hazards);
    EXPECT_NE(v.detail().find(std::to_string(v.possible_hazards) + " reads"), std::string::npos) << v.detail();
}

TEST(RaceVerdict, EveryStaleReadOfTheEmulationIsAPossibleHazard) {
    for (Schedule::Kind kind : {Schedule::Kind::in_order, Schedule::Kind::reverse, Schedule::Kind::random})
        for (int w : {1, 2, 4, 8}) {
            const Trace t = run_text(racy_run(kind, w), "3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4 3 3 8 3 2 7 9 5");
            for (size_t k = 0; k < t.steps.size(); ++k) {
                const std::vector<int32_t> possible = possible_hazards(t, k);
                const std::set<int32_t> p(possible.begin(), possible.end());
                for (int32_t h : t.steps[k].hazards) EXPECT_TRUE(p.count(h)) << "step " << k << " element " << h << " warp width " << w;
            }
        }
}

TEST(RaceVerdict, OneWarpCannotShowTheRaceAndTheVerdictSaysWhy) {
    const Trace t = run_text(racy_run(Schedule::Kind::in_order, 32), kFig910);
    const Verdict v = judge(t);
    EXPECT_TRUE(v.correct());
    EXPECT_EQ(v.possible_hazards, 0);
    EXPECT_NE(v.headline().find("no schedule can show the race here"), std::string::npos);
}

TEST(RaceVerdict, TheRaceFreeRowsOfTheRacyKernelAreTheCorrectKoggeStonesRows) {
    const Trace t = run_text(racy_run(Schedule::Kind::in_order), kFig910);
    const Trace good = run_text(request(Algorithm::kogge_stone), kFig910);
    const std::vector<ValueArray> rows = race_free_steps(t);
    ASSERT_EQ(rows.size(), good.steps.size());
    for (size_t k = 0; k < rows.size(); ++k) EXPECT_EQ(as(rows[k]), as(good.steps[k].values)) << "step " << k;
    // At the last step the wrong cells are exactly the wrong results.
    const std::vector<uint8_t> marks = wrong_cells(t, rows, rows.size() - 1);
    std::vector<int64_t> marked;
    for (size_t i = 0; i < marks.size(); ++i)
        if (marks[i]) marked.push_back(int64_t(i));
    EXPECT_EQ(marked, judge(t).wrong);
}

TEST(RaceVerdict, CorrectKernelsAreJudgedCorrectInEveryTypeAndOperator) {
    for (Algorithm a : all_algorithms()) {
        if (algorithm_info(a).racy) continue;
        for (ElementType type : {ElementType::int32, ElementType::int64, ElementType::float32, ElementType::float64})
            for (OpKind op : {OpKind::sum, OpKind::max, OpKind::min})
                for (bool exclusive : {false, true}) {
                    ScanRequest r = flagged(request(a), 17);
                    r.type = type;
                    r.op = op;
                    r.exclusive = exclusive;
                    const bool integers = type == ElementType::int32 || type == ElementType::int64;
                    // Floats whose sum rounds differently in every order.
                    const Trace t = emulate(r, parse_values(integers ? "3 -1 4 1 -5 9 2 6 5 3 5 8 9 7 9 3 2"
                                                                     : "0.1 2.7 -3.3 1e3 5.5 0.3 7 -0.25 1.125 9 0.7 3.1 -2 4.4 8.8 0.01 6",
                                                            type));
                    const Verdict v = judge(t);
                    EXPECT_TRUE(v.correct()) << name(a) << " " << name(type) << " " << name(op) << " " << v.headline();
                    EXPECT_EQ(v.headline(), "");
                }
    }
}
