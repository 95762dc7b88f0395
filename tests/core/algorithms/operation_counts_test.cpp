// Measured operation counts against the chapter's formulas (9.3, 9.4) and Figures 9.1 / 9.5.
#include <gtest/gtest.h>

#include "core/algorithms/table.hpp"
#include "core/hd.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

int64_t additions(Algorithm a, int64_t n, int section = 0) {
    ScanRequest r = request(a, section, Detail::counts);
    return emulate(r, random_values(n, 1, ElementType::int32)).counts.additions;
}

std::vector<int64_t> per_step_additions(Algorithm a, int64_t n) {
    const Trace t = emulate(request(a), random_values(n, 1, ElementType::int32));
    std::vector<int64_t> v;
    for (const Step& s : t.steps) v.push_back(s.counts.additions);
    return v;
}

int64_t kogge_stone_formula(int64_t n) { return n * ilog2(n) - (n - 1); }
int64_t brent_kung_formula(int64_t n) { return 2 * n - 2 - ilog2(n); }

}  // namespace

TEST(OperationCounts, KoggeStoneDoesNLog2NMinusNMinus1Additions) {
    for (int64_t n = 2; n <= 1024; n *= 2) {
        EXPECT_EQ(additions(Algorithm::kogge_stone, n), kogge_stone_formula(n)) << n;
        EXPECT_EQ(additions(Algorithm::kogge_stone_double_buffer, n), kogge_stone_formula(n)) << n;
        EXPECT_EQ(additions(Algorithm::kogge_stone_racy, n), kogge_stone_formula(n)) << n;
    }
}

TEST(OperationCounts, BrentKungDoes2NMinus2MinusLog2NAdditions_WithinTheBooks2NMinus3) {
    for (int64_t n = 2; n <= 2048; n *= 2) {
        EXPECT_EQ(additions(Algorithm::brent_kung, n), brent_kung_formula(n)) << n;
        EXPECT_LE(additions(Algorithm::brent_kung, n), 2 * n - 3) << n;
        if (n <= 1024) EXPECT_EQ(additions(Algorithm::brent_kung_naive, n), brent_kung_formula(n)) << n;
    }
}

// Whatever the table says an algorithm's formula is, the run counts exactly that, at every
// power-of-two section it takes (N itself for the one-thread loop).
TEST(OperationCounts, EveryAlgorithmWithAFormulaCountsWhatItsTableRowSays) {
    for (const AlgorithmInfo& row : algorithm_table()) {
        if (!row.formula.given()) continue;
        const int64_t largest = row.one_section() ? row.capacity() : 4096;
        for (int64_t n = 2; n <= largest; n *= 2)
            EXPECT_EQ(additions(row.id, n), row.formula.additions(n)) << row.name << " N=" << n << ": " << row.formula.text;
    }
}

TEST(OperationCounts, TheTablesKoggeStoneAndBrentKungFormulasAreTheChapters) {
    for (int64_t n = 2; n <= 2048; n *= 2) {
        EXPECT_EQ(algorithm_info(Algorithm::kogge_stone).formula.additions(n), kogge_stone_formula(n)) << n;
        EXPECT_EQ(algorithm_info(Algorithm::brent_kung).formula.additions(n), brent_kung_formula(n)) << n;
    }
}

TEST(OperationCounts, SequentialDoesNMinus1) {
    for (int64_t n : {1, 2, 3, 16, 1000, 4097}) EXPECT_EQ(additions(Algorithm::sequential, n), n - 1) << n;
}

TEST(OperationCounts, Figure9_1_KoggeStoneOn16ElementsAdds_15_14_12_8) {
    EXPECT_EQ(per_step_additions(Algorithm::kogge_stone, 16), (std::vector<int64_t>{0, 15, 14, 12, 8}));
}

TEST(OperationCounts, Figure9_5_BrentKungOn16ElementsAdds_8_4_2_1_Then_1_3_7) {
    EXPECT_EQ(per_step_additions(Algorithm::brent_kung, 16), (std::vector<int64_t>{0, 8, 4, 2, 1, 1, 3, 7}));
}

TEST(OperationCounts, SklanskyOn16ElementsAdds_8_AtEachOfItsLog2NLevels) {
    EXPECT_EQ(per_step_additions(Algorithm::sklansky, 16), (std::vector<int64_t>{0, 8, 8, 8, 8}));
}

TEST(OperationCounts, LadnerFischerOn16ElementsAddsPairsThenSklanskyOverThePairSumsThenTheEvenElements) {
    EXPECT_EQ(per_step_additions(Algorithm::ladner_fischer, 16), (std::vector<int64_t>{0, 8, 4, 4, 4, 7}));
}

// The four block networks set depth against work: at N = 1024, Kogge-Stone and Sklansky take the
// fewest steps (log2 N), Ladner-Fischer one more, Brent-Kung 2·log2 N − 1; the additions go the
// other way.
TEST(OperationCounts, FourNetworksTradeDepthForAdditionsAt1024) {
    auto run = [](Algorithm a) { return emulate(request(a, 0, Detail::counts), random_values(1024, 1, ElementType::int32)).counts; };
    const TraceCounts ks = run(Algorithm::kogge_stone), sk = run(Algorithm::sklansky), lf = run(Algorithm::ladner_fischer),
                      bk = run(Algorithm::brent_kung);
    EXPECT_EQ(ks.steps, 1 + 10);  // the load, then the levels
    EXPECT_EQ(sk.steps, 1 + 10);
    EXPECT_EQ(lf.steps, 1 + 11);
    EXPECT_EQ(bk.steps, 1 + 19);
    EXPECT_EQ(ks.additions, 9217);
    EXPECT_EQ(sk.additions, 5120);  // (N/2)·log2 N
    EXPECT_EQ(lf.additions, 3327);  // N/2 + (N/4)·log2(N/2) + N/2 − 1
    EXPECT_EQ(bk.additions, 2036);
}

TEST(OperationCounts, HierarchicalTotalIsTheSumOfItsKernels) {
    for (Algorithm block : multi_kernel_block_algorithms()) {
        ScanRequest r = request(Algorithm::hierarchical, 64);
        r.block_algorithm = block;
        const int64_t n = 64 * 40 + 5;  // 41 blocks, the last one partial
        const Trace t = emulate(r, random_values(n, 2, ElementType::int32));
        int64_t k1 = 0, k2 = 0, k3 = 0;
        for (const Step& s : t.steps) (s.kernel == Kernel::k1 ? k1 : s.kernel == Kernel::k2 ? k2 : k3) += s.counts.additions;
        // A coarsened block counts by its C (the default) and its phase 2 scan (Kogge-Stone here).
        const AlgorithmInfo& row = algorithm_info(block);
        const int64_t block_count =
            row.takes_coarsening ? row.formula.coarsened(64, row.elements_per_thread, Algorithm::kogge_stone) : row.formula.additions(64);
        EXPECT_EQ(k1, 41 * block_count);  // every block scans a whole (padded) section
        EXPECT_EQ(k2, block_count);  // one block scans the 41 block sums, padded to 64
        EXPECT_EQ(k3, n - 64);  // every element after the first section gets one S added
        EXPECT_EQ(t.counts.additions, k1 + k2 + k3);
    }
}

TEST(OperationCounts, Figure9_10_HierarchicalKoggeStoneTotals37) {
    const Trace t = run_text(request(Algorithm::hierarchical, 4), std::string(find_preset("fig9.10")->values));
    EXPECT_EQ(t.counts.additions, 4 * 5 + 5 + 12);
}

TEST(OperationCounts, NaiveBrentKungDivergesInMoreWarpsThanContiguousThreads) {
    auto divergent = [](Algorithm a) {
        return emulate(request(a, 1024, Detail::counts), random_values(1024, 1, ElementType::int32)).counts.divergent_warps;
    };
    EXPECT_GT(divergent(Algorithm::brent_kung_naive), 3 * divergent(Algorithm::brent_kung));
}

TEST(OperationCounts, KoggeStoneStrideStepsActivateNMinusStrideThreads) {
    const Trace t = emulate(request(Algorithm::kogge_stone), random_values(1024, 1, ElementType::int32));
    for (const Step& s : t.steps) {
        if (s.phase != Phase::stride) continue;
        EXPECT_EQ(s.counts.active_threads, 1024 - s.level);
        EXPECT_EQ(s.counts.idle_threads, s.level);
        // Idle threads are 0..stride-1: one warp is split only while the stride is below 32.
        EXPECT_EQ(s.counts.divergent_warps, s.level < 32 ? 1 : 0) << "stride " << s.level;
    }
}

namespace {

TraceCounts segmented_counts(Algorithm block, int64_t n, int section, const std::vector<uint8_t>& flags) {
    ScanRequest r = request(Algorithm::segmented, section, Detail::counts);
    r.block_algorithm = block;
    r.flags = flags;
    return emulate(r, random_values(n, 1, ElementType::int32)).counts;
}

}  // namespace

// One application of the (flag, value) operator is one addition whatever the flags, so a
// segmented section counts its block algorithm's formula.
TEST(SegmentedScanCounts, OneSectionCountsItsBlockAlgorithmsFormulaWhateverTheFlags) {
    for (Algorithm block : {Algorithm::kogge_stone, Algorithm::brent_kung}) {
        const AlgorithmInfo& row = algorithm_info(block);
        for (int64_t n = 2; n <= row.capacity(); n *= 2)
            for (uint8_t every : {uint8_t(0), uint8_t(1)}) {
                std::vector<uint8_t> flags(size_t(n), every);
                flags[0] = 1;
                EXPECT_EQ(segmented_counts(block, n, 0, flags).additions, row.formula.additions(n)) << row.name << " N=" << n;
            }
    }
}

TEST(SegmentedScanCounts, PastASectionItCountsWhatHierarchicalCountsWithTheSameBlockAlgorithm) {
    for (Algorithm block : {Algorithm::kogge_stone, Algorithm::brent_kung})
        for (int64_t n : {int64_t(16), int64_t(5000), int64_t(70001)}) {
            ScanRequest h = request(Algorithm::hierarchical, n == 16 ? 4 : 0, Detail::counts);
            h.block_algorithm = block;
            const TraceCounts plain = emulate(h, random_values(n, 1, ElementType::int32)).counts;
            std::vector<uint8_t> flags(static_cast<size_t>(n));
            for (size_t i = 0; i < flags.size(); i += 3) flags[i] = 1;
            EXPECT_EQ(segmented_counts(block, n, n == 16 ? 4 : 0, flags), plain) << name(block) << " N=" << n;
        }
}

TEST(SegmentedScanCounts, Figure9_10sValuesInSectionsOf4Take37AdditionsAsHierarchicalDoes) {
    EXPECT_EQ(
        segmented_counts(Algorithm::kogge_stone, 16, 4, std::vector<uint8_t>{1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}).additions,
        37);
}
