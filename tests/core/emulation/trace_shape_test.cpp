// What a step records: labels in the chapter's words, accesses for the arrows, counters, padding.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {
std::vector<std::string> labels(const Trace& t) {
    std::vector<std::string> v;
    for (const Step& s : t.steps) v.push_back(step_label(s));
    return v;
}
}  // namespace

TEST(TraceShape, KoggeStoneStepsAreLoadThenOneStepPerStride) {
    const Trace t = emulate(request(Algorithm::kogge_stone), random_values(16, 1, ElementType::int32));
    EXPECT_EQ(labels(t), (std::vector<std::string>{"load", "stride 1", "stride 2", "stride 4", "stride 8"}));
}

TEST(TraceShape, BrentKungStepsAreReductionLevelsThenDistributionLevels) {
    const Trace t = emulate(request(Algorithm::brent_kung), random_values(16, 1, ElementType::int32));
    EXPECT_EQ(labels(t),
              (std::vector<std::string>{"load", "reduction level 1", "reduction level 2", "reduction level 3", "reduction level 4",
                                        "distribution level 1", "distribution level 2", "distribution level 3"}));
}

TEST(TraceShape, HierarchicalStepsNameTheirKernel) {
    const Trace t = run_text(request(Algorithm::hierarchical, 4), std::string(find_preset("fig9.10")->values));
    EXPECT_EQ(labels(t), (std::vector<std::string>{"K1 · load", "K1 · stride 1", "K1 · stride 2", "K1 · write S", "K2 · load",
                                                   "K2 · stride 1", "K2 · stride 2", "K3 · add S"}));
}

TEST(TraceShape, KoggeStoneStride4AccessesReadTMinus4AndWriteT) {
    const Trace t = emulate(request(Algorithm::kogge_stone), random_values(16, 1, ElementType::int32));
    const Step& s = *find_step(t, "stride 4");
    ASSERT_EQ(s.accesses.size(), 12u);
    for (const Access& a : s.accesses) {
        EXPECT_EQ(a.dst, a.thread);
        EXPECT_EQ(a.src, a.thread - 4);
        EXPECT_TRUE(a.applies_op);
    }
}

TEST(TraceShape, BrentKungThreadsLoadTwoElementsAndUseContiguousIndices) {
    const Trace t = emulate(request(Algorithm::brent_kung), random_values(16, 1, ElementType::int32));
    EXPECT_EQ(t.threads_per_block, 8);
    EXPECT_EQ(t.steps[0].accesses.size(), 16u);
    const Step& level2 = *find_step(t, "reduction level 2");  // stride 2: index = (t+1)*4-1
    ASSERT_EQ(level2.accesses.size(), 4u);
    for (const Access& a : level2.accesses) {
        EXPECT_EQ(a.dst, (a.thread + 1) * 4 - 1);
        EXPECT_EQ(a.src, a.dst - 2);
    }
}

TEST(TraceShape, EveryLaunchedThreadIsActiveOrIdle) {
    for (Algorithm a : {Algorithm::kogge_stone, Algorithm::brent_kung, Algorithm::brent_kung_naive, Algorithm::hierarchical}) {
        const Trace t = emulate(request(a, a == Algorithm::hierarchical ? 8 : 0), random_values(64, 1, ElementType::int32));
        for (const Step& s : t.steps)
            EXPECT_EQ(s.counts.active_threads + s.counts.idle_threads, int64_t(s.blocks) * s.threads_per_block) << step_label(s);
    }
}

TEST(TraceShape, ExclusiveScanLoadsTheInputShiftedWithTheIdentityFirst) {
    ScanRequest r = request(Algorithm::kogge_stone);
    r.exclusive = true;
    r.op = OpKind::max;
    const Trace t = run_text(r, "3 1 7 0");
    EXPECT_EQ(as(t.steps[0].values), (std::vector<int32_t>{INT32_MIN, 3, 1, 7}));
    EXPECT_EQ(t.steps[0].accesses[0].src, -1);
    EXPECT_EQ(as(t.result), (std::vector<int32_t>{INT32_MIN, 3, 3, 7}));
}

TEST(TraceShape, APartialSectionIsPaddedWithTheIdentity) {
    ScanRequest r = request(Algorithm::kogge_stone);
    r.op = OpKind::min;
    const Trace t = run_text(r, "5 2 9 4 1 6");
    EXPECT_EQ(t.section, 8);
    EXPECT_EQ(as(t.steps[0].values), (std::vector<int32_t>{5, 2, 9, 4, 1, 6, INT32_MAX, INT32_MAX}));
    EXPECT_EQ(as(t.result), (std::vector<int32_t>{5, 2, 2, 2, 1, 1}));
}

TEST(TraceShape, DoubleBufferIsNeverRacyAndEveryThreadWorks) {
    const Trace t = emulate(request(Algorithm::kogge_stone_double_buffer), random_values(64, 1, ElementType::int32));
    for (const Step& s : t.steps) {
        EXPECT_EQ(s.counts.idle_threads, 0);
        EXPECT_EQ(s.counts.hazards, 0);
        EXPECT_EQ(s.counts.barriers, 1);
    }
}

TEST(TraceShape, CountsOnlyDetailKeepsTotalsButNoSteps) {
    const ValueArray x = random_values(2000, 1, ElementType::int32);
    const Trace full = emulate(request(Algorithm::hierarchical, 64), x);
    const Trace counts = emulate(request(Algorithm::hierarchical, 64, Detail::counts), x);
    EXPECT_TRUE(counts.steps.empty());
    EXPECT_EQ(counts.counts, full.counts);
    EXPECT_EQ(full.counts, total_counts(full.steps));
    EXPECT_TRUE(bitwise_equal(counts.result, full.result));
}

TEST(TraceShape, AFullTraceOverTheByteBudgetIsRefusedWithAMessage) {
    ScanRequest r = request(Algorithm::sequential);
    r.max_trace_bytes = 1 << 20;
    try {
        emulate(r, random_values(20000, 1, ElementType::int32));
        FAIL() << "expected a refusal";
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("MiB"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("scanlab scan"), std::string::npos) << e.what();
    }
}

TEST(TraceShape, SequentialTakesOneStepPerElement) {
    const Trace t = run_text(request(Algorithm::sequential), "1 2 5 7 9 6");
    EXPECT_EQ(labels(t), (std::vector<std::string>{"load", "i = 1", "i = 2", "i = 3", "i = 4", "i = 5"}));
    EXPECT_EQ(as(t.steps[3].values), ints("1 3 8 15 9 6"));
}
