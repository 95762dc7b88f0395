// The slide deck's two examples and its multi-block variant (s[blockIdx.x+1], host scan, add_cuda).
#include <gtest/gtest.h>

#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

TEST(SlidesExamples, A_1_2_5_7_9_6_ScansTo_1_3_8_15_24_30_WithEveryAlgorithm) {
    for (Algorithm a : all_algorithms()) {
        ScanRequest r = flagged(request(a), 6, 0);  // segmented: one segment, the plain scan
        if (a == Algorithm::kogge_stone_racy) r.schedule.kind = Schedule::Kind::reverse;
        EXPECT_EQ(as(run_text(r, "1 2 5 7 9 6").result), ints("1 3 8 15 24 30")) << name(a);
    }
}

TEST(SlidesExamples, T0_3_1_7_0_4_1_6_3_ScansTo_3_4_11_11_15_16_22_25) {
    const Trace t = run_text(request(Algorithm::slides, 8), std::string(find_preset("slides-t0")->values));
    EXPECT_EQ(as(t.result), ints("3 4 11 11 15 16 22 25"));
}

TEST(SlidesExamples, TwoBlocksOfT0_WriteS_AtBlockIndexPlusOne_ScanOnHost_ThenAddCuda) {
    const Trace t = run_text(request(Algorithm::slides, 8), "3 1 7 0 4 1 6 3  3 1 7 0 4 1 6 3");
    const Step* write = find_step(t, "write S");
    ASSERT_NE(write, nullptr);
    EXPECT_EQ(as(write->values), ints("0 25 25"));  // s[0] = 0, s[b+1] = total of block b
    EXPECT_EQ(write->accesses.at(0).dst, 1);
    const Step* host = find_step(t, "scan s on host");
    ASSERT_NE(host, nullptr);
    EXPECT_EQ(host->kernel, Kernel::host);
    EXPECT_EQ(as(host->values), ints("0 25 25"));  // the loop stops before the last block's total
    EXPECT_EQ(as(t.result), ints("3 4 11 11 15 16 22 25  28 29 36 36 40 41 47 50"));
}

TEST(SlidesExamples, AddCudaAddsToBlockZeroToo) {
    const Trace t = run_text(request(Algorithm::slides, 4), "1 1 1 1 1 1 1 1");
    const Step* add = find_step(t, "add S");
    ASSERT_NE(add, nullptr);
    EXPECT_EQ(add->counts.additions, 8);  // block 0 adds s[0] = 0, as the slides do
}

TEST(SlidesExamples, BlockScanUsesTheTemporaryAndTwoBarriersPerStep) {
    const Trace t = run_text(request(Algorithm::slides, 8), "3 1 7 0 4 1 6 3");
    const Step* stride = find_step(t, "stride 1");
    ASSERT_NE(stride, nullptr);
    EXPECT_EQ(stride->counts.barriers, 2);
}
