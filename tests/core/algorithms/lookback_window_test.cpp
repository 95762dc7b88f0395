// The decisions of the decoupled look-back that the CUDA kernel and the emulation share
// (core/algorithms/lookback_window.hpp): a window with an invalid word is a poll; otherwise the
// tile combines, nearest first, down to the nearest inclusive prefix, or the whole window and
// moves back.
#include <gtest/gtest.h>

#include <string>

#include "core/algorithms/lookback_window.hpp"
#include "core/operators.hpp"

using namespace scanlab;

namespace {

// Flags of tiles 0.. as letters, the paper's X (invalid), A (aggregate), P (inclusive prefix).
struct Words {
    std::string flags;
    TileStatus operator()(int64_t j) const {
        switch (flags.at(size_t(j))) {
            case 'A': return TileStatus::aggregate;
            case 'P': return TileStatus::prefix;
            default: return TileStatus::invalid;
        }
    }
};

}  // namespace

TEST(LookBackWindow, AnInvalidWordAnywhereInTheWindowIsAPollThatCombinesNothing) {
    LookBack<int> lb = start_look_back<int>(5, 4, 0);  // reads tiles 1..4
    const WindowVerdict v = lb.read_window(SumOp<int>{}, Words{"PXAAA"}, [](int64_t) { return 100; });
    EXPECT_TRUE(v.wait);
    EXPECT_EQ(lb.polls, 1);
    EXPECT_EQ(lb.reads, 4);
    EXPECT_EQ(lb.depth, 0);
    EXPECT_EQ(lb.nearest, 4);
    EXPECT_FALSE(lb.done);
}

TEST(LookBackWindow, ItCombinesNearestFirstDownToTheNearestInclusivePrefixAndStops) {
    LookBack<int> lb = start_look_back<int>(6, 4, 0);  // tiles 2..5: A P A A
    const WindowVerdict v = lb.read_window(SumOp<int>{}, Words{"PAAPAA"}, [](int64_t j) { return int(10 * j); });
    EXPECT_FALSE(v.wait);
    EXPECT_TRUE(v.found);
    EXPECT_EQ(v.combine, 3);  // tiles 5, 4 and 3 (the inclusive one)
    EXPECT_EQ(lb.prefix, 30 + 40 + 50);
    EXPECT_EQ(lb.depth, 3);
    EXPECT_TRUE(lb.done);
}

TEST(LookBackWindow, AWindowOfAggregatesIsCombinedWholeAndTheNextWindowStartsBelowIt) {
    LookBack<int> lb = start_look_back<int>(9, 4, 0);  // tiles 5..8, all aggregates
    lb.read_window(SumOp<int>{}, Words{"PAAAAAAAA"}, [](int64_t j) { return int(j); });
    EXPECT_FALSE(lb.done);
    EXPECT_EQ(lb.nearest, 4);
    EXPECT_EQ(lb.first(), 1);
    EXPECT_EQ(lb.prefix, 5 + 6 + 7 + 8);
    lb.read_window(SumOp<int>{}, Words{"PAAAAAAAA"}, [](int64_t j) { return int(j); });
    EXPECT_FALSE(lb.done);  // tiles 1..4 are aggregates too
    EXPECT_EQ(lb.size(), 1);  // the window is cut at tile 0
    lb.read_window(SumOp<int>{}, Words{"PAAAAAAAA"}, [](int64_t j) { return int(j); });
    EXPECT_TRUE(lb.done);
    EXPECT_EQ(lb.prefix, 0 + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8);
    EXPECT_EQ(lb.depth, 9);
    EXPECT_EQ(lb.reads, 4 + 4 + 1);
}

TEST(LookBackWindow, AWindowOfOneIsAChainThroughEveryAggregate) {
    LookBack<int> lb = start_look_back<int>(3, 1, 0);
    for (int i = 0; i < 3; ++i) lb.read_window(SumOp<int>{}, Words{"PAA"}, [](int64_t j) { return int(j + 1); });
    EXPECT_TRUE(lb.done);
    EXPECT_EQ(lb.depth, 3);
    EXPECT_EQ(lb.reads, 3);
    EXPECT_EQ(lb.prefix, 1 + 2 + 3);
}

TEST(LookBackWindow, EachEarlierTileGoesInFrontOfWhatIsCombinedSoFar) {
    // With a non-commutative check: the prefix must read tile 0's value first.
    struct Concat {
        std::string operator()(const std::string& a, const std::string& b) const { return a + b; }
    };
    LookBack<std::string> lb = start_look_back<std::string>(3, 32, "");
    lb.read_window(Concat{}, Words{"PAA"}, [](int64_t j) { return std::string(1, char('a' + j)); });
    EXPECT_EQ(lb.prefix, "abc");
}

TEST(LookBackWindow, TileZeroHasNoLookBack) {
    const LookBack<int> lb = start_look_back<int>(0, 32, 0);
    EXPECT_TRUE(lb.done);
    EXPECT_EQ(lb.depth, 0);
}
