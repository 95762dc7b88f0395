// Figure 9.10 of the chapter, the hierarchical scan of 16 inputs in four sections of four.
#include <gtest/gtest.h>

#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

Trace fig910(Algorithm block_algo) {
    ScanRequest r = request(Algorithm::hierarchical, 4);
    r.block_algorithm = block_algo;
    return run_text(r, std::string(find_preset("fig9.10")->values));
}

class Fig910 : public ::testing::TestWithParam<Algorithm> {};

}  // namespace

TEST_P(Fig910, Kernel1LeavesEverySectionScannedInPlace) {
    const Trace t = fig910(GetParam());
    const Step* write_s = find_step(t, "K1 · write S");
    ASSERT_NE(write_s, nullptr);
    const Step& last_k1 = *(write_s - 1);  // the step before writing S is kernel 1's last tree step
    EXPECT_EQ(last_k1.kernel, Kernel::k1);
    EXPECT_EQ(as(last_k1.values), ints("2 3 6 7  0 4 5 7  0 3 4 6  5 8 9 11"));
}

TEST_P(Fig910, BlockSumsAre_7_7_6_11) {
    const Trace t = fig910(GetParam());
    const Step* write_s = find_step(t, "K1 · write S");
    ASSERT_NE(write_s, nullptr);
    EXPECT_EQ(as(write_s->values), ints("7 7 6 11"));
    EXPECT_EQ(write_s->array, ArrayKind::s);
}

TEST_P(Fig910, BlockSumsAreScannedTo_7_14_20_31) {
    const Trace t = fig910(GetParam());
    const Step* k3 = find_step(t, "K3 · add S");
    ASSERT_NE(k3, nullptr);
    const Step& last_k2 = *(k3 - 1);
    EXPECT_EQ(last_k2.kernel, Kernel::k2);
    EXPECT_EQ(as(last_k2.values), ints("7 14 20 31"));
}

TEST_P(Fig910, Kernel3GivesTheFinalScan) {
    const Trace t = fig910(GetParam());
    const std::vector<int32_t> expected = ints("2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31");
    EXPECT_EQ(as(t.steps.back().values), expected);
    EXPECT_EQ(as(t.result), expected);
}

TEST_P(Fig910, Kernel3AddsSOfTheBlockBeforeToEveryElementOfBlocks1To3) {
    const Trace t = fig910(GetParam());
    const Step* k3 = find_step(t, "K3 · add S");
    ASSERT_NE(k3, nullptr);
    ASSERT_EQ(k3->accesses.size(), 12u);
    for (const Access& a : k3->accesses) {
        EXPECT_EQ(a.src, a.dst / 4 - 1) << "element " << a.dst;
        EXPECT_TRUE(a.applies_op);
    }
}

INSTANTIATE_TEST_SUITE_P(BothBlockAlgorithms, Fig910, ::testing::Values(Algorithm::kogge_stone, Algorithm::brent_kung),
                         [](const auto& info) { return info.param == Algorithm::kogge_stone ? "KoggeStone" : "BrentKung"; });
