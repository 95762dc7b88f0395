// Turning text, files, presets and seeds into values, and refusing what cannot be scanned.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "core/error.hpp"
#include "core/input/overflow.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {
std::string error_of(auto&& f) {
    try {
        f();
    } catch (const ScanError& e) {
        return e.what();
    }
    return "";
}
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
}  // namespace

TEST(InputParsing, AcceptsCommasSpacesNewlinesAndComments) {
    EXPECT_EQ(as(parse_values("2,1, 3\n1 # a comment 9\n\t0", ElementType::int32)), ints("2 1 3 1 0"));
}

TEST(InputParsing, ParsesEveryTypeExactly) {
    EXPECT_EQ(as<int64_t>(parse_values("9000000000 -1", ElementType::int64)), (std::vector<int64_t>{9000000000LL, -1}));
    EXPECT_EQ(as<float>(parse_values("0.1 +2.5e3", ElementType::float32)), (std::vector<float>{0.1f, 2500.f}));
    EXPECT_EQ(as<double>(parse_values("0.1", ElementType::float64)), (std::vector<double>{0.1}));
}

TEST(InputParsing, NonNumericTokenIsNamedWithItsPosition) {
    const std::string e = error_of([] { parse_values("1 2 x3 4", ElementType::int32); });
    EXPECT_TRUE(contains(e, "'x3'")) << e;
    EXPECT_TRUE(contains(e, "value 3")) << e;
}

TEST(InputParsing, ARealNumberForAnIntegerTypeSuggestsAFloatType) {
    EXPECT_TRUE(contains(error_of([] { parse_values("1 2.5", ElementType::int32); }), "--type float"));
}

TEST(InputParsing, OutOfRangeValueNamesTheTypeAndSuggestsInt64) {
    const std::string e = error_of([] { parse_values("1 3000000000", ElementType::int32); });
    EXPECT_TRUE(contains(e, "out of range for int32")) << e;
    EXPECT_TRUE(contains(e, "int64")) << e;
}

TEST(InputParsing, InputOfOnlySeparatorsIsAnEmptyArray) { EXPECT_EQ(size_of(parse_values("  , \n", ElementType::int32)), 0u); }

TEST(InputParsing, NonFiniteFloatsAreRefused) {
    EXPECT_TRUE(contains(error_of([] { parse_values("1 nan", ElementType::float32); }), "not a finite number"));
    EXPECT_TRUE(contains(error_of([] { parse_values("inf", ElementType::float64); }), "not a finite number"));
}

TEST(InputParsing, MissingFileIsNamed) {
    EXPECT_TRUE(contains(error_of([] { read_values_file("/no/such/file.txt", ElementType::int32); }), "/no/such/file.txt"));
}

TEST(InputParsing, RandomIsReproducibleFromItsSeedAndInRange) {
    EXPECT_TRUE(bitwise_equal(random_values(1000, 42, ElementType::int32), random_values(1000, 42, ElementType::int32)));
    EXPECT_FALSE(bitwise_equal(random_values(1000, 42, ElementType::int32), random_values(1000, 43, ElementType::int32)));
    for (int32_t v : as(random_values(1000, 7, ElementType::int32))) EXPECT_TRUE(v >= 0 && v <= 9);
    EXPECT_TRUE(contains(error_of([] { random_values(0, 1, ElementType::int32); }), "out of range"));
    EXPECT_TRUE(contains(error_of([] { random_values(kMaxElements + 1, 1, ElementType::int32); }), "out of range"));
}

TEST(InputParsing, PresetsHoldTheBooksAndTheSlidesExamples) {
    EXPECT_EQ(as(parse_values(find_preset("fig9.10")->values, ElementType::int32)), ints("2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2"));
    EXPECT_EQ(find_preset("fig9.10")->section, 4);
    EXPECT_EQ(as(parse_values(find_preset("slides")->values, ElementType::int32)), ints("1 2 5 7 9 6"));
    EXPECT_EQ(as(parse_values(find_preset("slides-t0")->values, ElementType::int32)), ints("3 1 7 0 4 1 6 3"));
    EXPECT_FALSE(find_preset("fig9.11").has_value());
}

TEST(Overflow, RunningSumPastInt32NamesTheIndexAndSuggestsInt64) {
    auto e = find_sum_overflow(ValueArray(std::vector<int32_t>{1, 2, INT32_MAX, 4}), false);
    ASSERT_TRUE(e.has_value());
    EXPECT_TRUE(contains(*e, "index 2")) << *e;
    EXPECT_TRUE(contains(*e, "int64")) << *e;
}

TEST(Overflow, APartialRunThatOverflowsIsCaughtEvenWhenNoPrefixDoes) {
    // Prefixes: -2^31+1, 1, 2^31-1 ... fit, but elements 1..2 sum to 2^32-2 and Kogge-Stone adds them.
    auto e = find_sum_overflow(ValueArray(std::vector<int32_t>{-INT32_MAX, INT32_MAX, INT32_MAX, -INT32_MAX}), false);
    ASSERT_TRUE(e.has_value());
    EXPECT_TRUE(contains(*e, "1..2")) << *e;
}

TEST(Overflow, ExclusiveScanNeverAddsTheLastInput) {
    EXPECT_FALSE(find_sum_overflow(ValueArray(std::vector<int32_t>{1, INT32_MAX - 1}), true).has_value());
    EXPECT_TRUE(find_sum_overflow(ValueArray(std::vector<int32_t>{1, INT32_MAX, 5}), true).has_value());
}

TEST(Overflow, Int64OverflowIsCaughtToo) {
    EXPECT_TRUE(find_sum_overflow(ValueArray(std::vector<int64_t>{INT64_MAX, 1}), false).has_value());
    EXPECT_FALSE(find_sum_overflow(ValueArray(std::vector<int64_t>{INT64_MAX, -1}), false).has_value());
}

TEST(Overflow, MaxAndMinNeverOverflow) {
    ScanRequest r = request(Algorithm::kogge_stone);
    r.op = OpKind::max;
    EXPECT_NO_THROW(emulate(r, ValueArray(std::vector<int32_t>{INT32_MAX, INT32_MAX})));
}

TEST(Resolve, SingleSectionAlgorithmsPointToHierarchicalBeyondTheirCapacity) {
    const std::string e = error_of([] { emulate(request(Algorithm::kogge_stone), random_values(1025, 1, ElementType::int32)); });
    EXPECT_TRUE(contains(e, "1024")) << e;
    EXPECT_TRUE(contains(e, "hierarchical")) << e;
    EXPECT_NO_THROW(emulate(request(Algorithm::brent_kung, 0, Detail::counts), random_values(2048, 1, ElementType::int32)));
    EXPECT_TRUE(contains(error_of([] { emulate(request(Algorithm::brent_kung), random_values(2049, 1, ElementType::int32)); }), "2048"));
}

TEST(Resolve, SectionMustBeAPowerOfTwoWithinTheBlockCapacity) {
    const ValueArray x = random_values(100, 1, ElementType::int32);
    EXPECT_TRUE(contains(error_of([&] { emulate(request(Algorithm::hierarchical, 6), x); }), "power of two"));
    EXPECT_TRUE(contains(error_of([&] { emulate(request(Algorithm::hierarchical, 2048), x); }), "at most 1024"));
    ScanRequest bk = request(Algorithm::hierarchical, 2048);
    bk.block_algorithm = Algorithm::brent_kung;
    EXPECT_NO_THROW(emulate(bk, x));
    EXPECT_TRUE(contains(error_of([&] { emulate(request(Algorithm::kogge_stone, 2048), x); }), "at most 1024"));
    EXPECT_TRUE(contains(error_of([&] { emulate(request(Algorithm::kogge_stone, 64), x); }), "smaller than N"));
}

TEST(Resolve, WarpWidthMustBeAPowerOfTwoUpTo32) {
    ScanRequest r = request(Algorithm::kogge_stone_racy);
    r.warp_width = 3;
    EXPECT_TRUE(contains(error_of([&] { emulate(r, random_values(8, 1, ElementType::int32)); }), "--warp-width"));
}

TEST(Resolve, IntegerSumOverflowIsRefusedBeforeAnyKernelRuns) {
    const std::string e = error_of([] { run_text(request(Algorithm::hierarchical), "2147483647 1"); });
    EXPECT_TRUE(contains(e, "overflow")) << e;
    EXPECT_TRUE(contains(e, "index 1")) << e;
}

TEST(InputFile, ValuesAndCommentsSplitAcrossReadPiecesAreReadWhole) {
    // Over 1 MiB, so tokens and comments straddle the reader's pieces.
    std::string text;
    std::vector<int64_t> expected;
    for (int64_t i = 0; i < 200000; ++i) {
        text += std::to_string(i * 7919 - 500000) + (i % 3 ? "," : " # a comment, 1 2 3\n");
        expected.push_back(i * 7919 - 500000);
    }
    const std::string path = ::testing::TempDir() + "scanlab_pieces_" + std::to_string(::getpid()) + ".txt";
    std::ofstream(path, std::ios::binary) << text;
    EXPECT_EQ(std::get<std::vector<int64_t>>(read_values_file(path, ElementType::int64)), expected);
    std::remove(path.c_str());
}
