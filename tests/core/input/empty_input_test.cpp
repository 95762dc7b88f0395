// The scan of nothing is nothing (as in Thrust and CUB): every algorithm, inclusive or exclusive,
// at either detail, returns an empty result whose trace is its load step and nothing else.
#include <gtest/gtest.h>

#include "core/emulation/emulate.hpp"
#include "core/input/input.hpp"
#include "core/trace_io/trace_table.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

TEST(EmptyInput, ParsesAsNoValues) {
    EXPECT_EQ(size_of(parse_values("", ElementType::int32)), 0u);
    EXPECT_EQ(size_of(parse_values("  , \n# only a comment\n", ElementType::float64)), 0u);
}

TEST(EmptyInput, EveryAlgorithmScansItToAnEmptyResultWithOnlyItsLoadStep) {
    for (Algorithm a : all_algorithms())
        for (bool exclusive : {false, true})
            for (Detail detail : {Detail::full, Detail::counts}) {
                ScanRequest q = request(a, 0, detail);
                q.exclusive = exclusive;
                const Trace t = emulate(q, parse_values("", q.type));
                const std::string what =
                    std::string(name(a)) + (exclusive ? " exclusive" : "") + (detail == Detail::full ? " full" : " counts");
                EXPECT_EQ(t.n, 0) << what;
                EXPECT_EQ(size_of(t.result), 0u) << what;
                EXPECT_EQ(t.counts.steps, 1) << what;
                EXPECT_EQ(t.counts.additions, 0) << what;
                if (detail == Detail::full) {
                    ASSERT_EQ(t.steps.size(), 1u) << what;
                    EXPECT_EQ(t.steps[0].phase, Phase::load) << what;
                    EXPECT_EQ(size_of(t.steps[0].values), 0u) << what;
                    EXPECT_TRUE(t.steps[0].accesses.empty()) << what;
                }
            }
}

TEST(EmptyInput, HierarchicalLaunchesNoBlockAndSaysSo) {
    const Trace t = emulate(request(Algorithm::hierarchical), parse_values("", ElementType::int32));
    EXPECT_EQ(t.grid, 0);
    ASSERT_EQ(t.steps.size(), 1u);
    EXPECT_EQ(t.steps[0].blocks, 0);
    EXPECT_EQ(step_label(t.steps[0]), "K1 · load");
}
