// The segmented scan by head flags against a plain sequential segmented scan: both block
// algorithms x operator x type x inclusive/exclusive x flag pattern, on the sizes around warps,
// sections and blocks; what the trace holds of the flags; and every refusal of bad flags.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "core/algorithms/table.hpp"
#include "core/error.hpp"
#include "core/input/head_flags.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_spec.hpp"
#include "core/lesson/explain.hpp"
#include "core/lesson/verdict.hpp"
#include "core/operators.hpp"
#include "core/trace_io/trace_json.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

const std::vector<int64_t> kSegmentedSizes{1, 2, 3, 31, 32, 33, 1023, 1024, 1025, 2047, 2048, 2049, 65537, 300007};

enum class Pattern { all_zero, all_one, random, block_boundaries, first_unflagged };
const char* label(Pattern p) {
    switch (p) {
        case Pattern::all_zero: return "all zero";
        case Pattern::all_one: return "all one";
        case Pattern::random: return "random";
        case Pattern::block_boundaries: return "a flag at each block boundary";
        case Pattern::first_unflagged: return "first element unflagged";
    }
    return "";
}

std::vector<uint8_t> flags_of(Pattern p, int64_t n, int section, uint64_t seed) {
    std::vector<uint8_t> f(size_t(n), 0);
    std::mt19937_64 rng(seed);
    for (int64_t i = 0; i < n; ++i) {
        switch (p) {
            case Pattern::all_zero: break;
            case Pattern::all_one: f[size_t(i)] = 1; break;
            case Pattern::random: f[size_t(i)] = rng() % 7 == 0; break;
            case Pattern::block_boundaries: f[size_t(i)] = i % section == 0 || i % section == section - 1; break;
            case Pattern::first_unflagged: f[size_t(i)] = i > 0 && rng() % 5 == 0; break;
        }
    }
    return f;
}

// The plain sequential segmented scan: the running value restarts at every head flag; an
// exclusive scan gives each segment's first element the identity.
template <class T, class Op>
std::vector<T> segmented_reference(const std::vector<T>& x, const std::vector<uint8_t>& flags, bool exclusive) {
    std::vector<T> y(x.size());
    const Op op;
    T acc = Op::identity();
    for (size_t i = 0; i < x.size(); ++i) {
        if (flags[i]) acc = Op::identity();
        const T before = acc;
        acc = i == 0 || flags[i] ? x[i] : op(acc, x[i]);
        y[i] = exclusive ? before : acc;
    }
    return y;
}

template <class T, template <class> class OpT>
void check_all(Algorithm block, OpKind op, bool exclusive) {
    for (int64_t n : kSegmentedSizes)
        for (Pattern p : {Pattern::all_zero, Pattern::all_one, Pattern::random, Pattern::block_boundaries, Pattern::first_unflagged}) {
            const std::vector<T> x = random_input<T>(n, uint64_t(n) * 7919 + 17);
            ScanRequest r = request(Algorithm::segmented, 0, Detail::counts);
            r.block_algorithm = block;
            r.op = op;
            r.type = element_type_of<T>();
            r.exclusive = exclusive;
            r.flags = flags_of(p, n, algorithm_info(block).capacity(), uint64_t(n) + 5);
            const Trace t = emulate(r, ValueArray(x));
            ASSERT_EQ(as<T>(t.result), (segmented_reference<T, OpT<T>>(x, r.flags, exclusive)))
                << name(block) << " " << name(op) << " " << name(element_type_of<T>()) << (exclusive ? " exclusive" : " inclusive")
                << " N=" << n << " flags: " << label(p);
        }
}

template <class T>
void check_type(Algorithm block, bool exclusive) {
    check_all<T, SumOp>(block, OpKind::sum, exclusive);
    check_all<T, MaxOp>(block, OpKind::max, exclusive);
    check_all<T, MinOp>(block, OpKind::min, exclusive);
}

class SegmentedScan : public ::testing::TestWithParam<std::tuple<Algorithm, bool>> {};

TEST_P(SegmentedScan, MatchesTheSequentialSegmentedScanForEveryOperatorTypeSizeAndFlagPattern) {
    const auto [block, exclusive] = GetParam();
    check_type<int32_t>(block, exclusive);
    check_type<int64_t>(block, exclusive);
    check_type<float>(block, exclusive);
    check_type<double>(block, exclusive);
}

INSTANTIATE_TEST_SUITE_P(BlockAlgorithmsAndDirections, SegmentedScan,
                         ::testing::Combine(::testing::Values(Algorithm::kogge_stone, Algorithm::brent_kung), ::testing::Bool()),
                         [](const auto& info) {
                             std::string s(name(std::get<0>(info.param)));
                             std::replace(s.begin(), s.end(), '-', '_');
                             return s + (std::get<1>(info.param) ? "_exclusive" : "_inclusive");
                         });

Trace segmented_run(const std::string& values, const std::string& flags, Algorithm block, int section, bool exclusive = false) {
    ScanRequest r = request(Algorithm::segmented, section);
    r.block_algorithm = block;
    r.exclusive = exclusive;
    r.flags = parse_flags(flags, int64_t(size_of(parse_values(values, r.type))));
    return run_text(r, values);
}

TEST(SegmentedScanExample, Figure9_10sValuesInSegmentsOf_3_5_8_RestartAtEachFlag) {
    const std::string values = "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2";
    const std::string flags = "1 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0";
    for (Algorithm block : {Algorithm::kogge_stone, Algorithm::brent_kung}) {
        EXPECT_EQ(as(segmented_run(values, flags, block, 4).result), ints("2 3 6 1 1 5 6 8 0 3 4 6 11 14 15 17")) << name(block);
        EXPECT_EQ(as(segmented_run(values, flags, block, 4, true).result), ints("0 2 3 0 1 1 5 6 0 0 3 4 6 11 14 15")) << name(block);
    }
}

TEST(SegmentedScanExample, EachSegmentOfAnExclusiveScanStartsWithTheIdentityOfMax) {
    ScanRequest r = request(Algorithm::segmented);
    r.op = OpKind::max;
    r.exclusive = true;
    r.flags = parse_flags("0 0 1 0", 4);
    EXPECT_EQ(as(run_text(r, "5 7 2 1").result), (std::vector<int32_t>{MaxOp<int32_t>::identity(), 5, MaxOp<int32_t>::identity(), 2}));
}

TEST(SegmentedScanTrace, EveryStepKeepsAFlagBesideEachValueAndTheLoadShowsTheHeadFlags) {
    const Trace t = segmented_run("2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2", "1 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0", Algorithm::kogge_stone, 4);
    ASSERT_FALSE(t.steps.empty());
    EXPECT_EQ(t.flags, parse_flags("1 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0", 16));
    for (const Step& s : t.steps) EXPECT_EQ(s.flags.size(), size_of(s.values)) << step_label(s);
    EXPECT_EQ(t.steps.front().flags, t.flags);
    // S: each section's last element, with the OR of the section's flags: blocks 1 and 3 start no
    // segment, so kernel 3 carries block 0's and block 2's segments into them.
    const Step* s = find_step(t, "write S");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->flags, (std::vector<uint8_t>{1, 0, 1, 0}));
    EXPECT_EQ(as(s->values), ints("1 7 6 11"));
}

TEST(SegmentedScanTrace, CarryInStopsAtTheFirstFlagOfABlock) {
    // Block 1 starts a segment at its third element: its first two take block 0's total, the rest do not.
    const Trace t = segmented_run("1 1 1 1 1 1 1 1", "1 0 0 0 0 0 1 0", Algorithm::brent_kung, 4);
    EXPECT_EQ(as(t.result), ints("1 2 3 4 5 6 1 2"));
}

TEST(SegmentedScanTrace, ItsJsonReadsBackWithTheSameFlagsAndPassesTheLoadersCheck) {
    const Trace t = segmented_run("2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2", "every:3", Algorithm::brent_kung, 4, true);
    std::stringstream s;
    write_trace_json(s, t);
    const Trace back = read_trace_json(s, "the test's trace");
    EXPECT_EQ(back.flags, t.flags);
    ASSERT_EQ(back.steps.size(), t.steps.size());
    for (size_t i = 0; i < t.steps.size(); ++i) EXPECT_EQ(back.steps[i].flags, t.steps[i].flags) << i;
    EXPECT_TRUE(bitwise_equal(back.result, t.result));
}

std::string json_of(const Trace& t) {
    std::stringstream s;
    write_trace_json(s, t);
    return s.str();
}

TEST(SegmentedScanTrace, TheLoaderRefusesAFlagThatIsNeither0Nor1) {
    const std::string j = json_of(segmented_run("1 2 3 4", "1 0 1 0", Algorithm::kogge_stone, 0));
    std::string bad = j;
    bad.replace(bad.find("\"flags\": [1,0,1,0]"), 18, "\"flags\": [1,0,2,0]");
    EXPECT_NE(load_refusal(bad).find("head flag"), std::string::npos) << load_refusal(bad);
}

TEST(SegmentedScanTrace, TheLoaderRefusesHeadFlagsThatDoNotMatchItsSteps) {
    const std::string j = json_of(segmented_run("1 2 3 4", "1 0 1 0", Algorithm::kogge_stone, 0));
    std::string bad = j;
    bad.replace(bad.find("\"flags\": [1,0,1,0]"), 18, "\"flags\": [1,1,1,0]");
    EXPECT_FALSE(load_refusal(bad).empty());
}

TEST(SegmentedScanTrace, TheLoaderRefusesASegmentedTraceWithoutFlags) {
    std::string bad = json_of(segmented_run("1 2 3 4", "1 0 1 0", Algorithm::kogge_stone, 0));
    bad.replace(bad.find("\"flags\": [1,0,1,0],"), 19, "");
    EXPECT_NE(load_refusal(bad).find("one head flag"), std::string::npos) << load_refusal(bad);
}

std::string resolve_error(ScanRequest r, const std::string& values) {
    try {
        resolve(r, parse_values(values, r.type));
    } catch (const ScanError& e) {
        return e.what();
    }
    return "";
}

TEST(SegmentedScanRefusals, FewerFlagsThanValuesIsOneSentenceNamingBothCounts) {
    ScanRequest r = request(Algorithm::segmented);
    r.flags = {1, 0};
    const std::string e = resolve_error(r, "1 2 3");
    EXPECT_NE(e.find("holds 2 flags for N = 3 values"), std::string::npos) << e;
}

TEST(SegmentedScanRefusals, NoFlagsAtAllIsRefused) { EXPECT_FALSE(resolve_error(request(Algorithm::segmented), "1 2 3").empty()); }

TEST(SegmentedScanRefusals, AFlagOtherThan0Or1InTheTextNamesIt) {
    try {
        parse_flags("1 0 2 0", 4);
        FAIL();
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("'2' as flag 3"), std::string::npos) << e.what();
    }
    EXPECT_THROW(parse_flags("1 0 x", 3), ScanError);
    EXPECT_THROW(parse_flags("every:0", 3), ScanError);
    EXPECT_THROW(parse_flags("every:", 3), ScanError);
}

TEST(SegmentedScanRefusals, FlagsOnAScanWithoutSegmentsAreRefused) {
    ScanRequest r = request(Algorithm::kogge_stone);
    r.flags = {1, 0, 0};
    EXPECT_NE(resolve_error(r, "1 2 3").find("segmented"), std::string::npos);
}

TEST(SegmentedScanRefusals, OnlyTheFlagCarryingBlockScansAreItsBlockAlgorithms) {
    ScanRequest r = request(Algorithm::segmented);
    r.block_algorithm = Algorithm::sklansky;
    r.flags = {1, 0, 0};
    EXPECT_NE(resolve_error(r, "1 2 3").find("kogge-stone or brent-kung"), std::string::npos) << resolve_error(r, "1 2 3");
}

TEST(SegmentedScanInput, EveryKFlagsPositions0K2K) { EXPECT_EQ(parse_flags("every:3", 7), (std::vector<uint8_t>{1, 0, 0, 1, 0, 0, 1})); }

TEST(SegmentedScanInput, AFilesSecondColumnHoldsTheFlags) {
    ValueArray v = parse_values("5 1\n6 0\n7 1\n", ElementType::int32);
    EXPECT_EQ(split_flag_column(v, "file f"), (std::vector<uint8_t>{1, 0, 1}));
    EXPECT_EQ(as(v), ints("5 6 7"));
    ValueArray odd = parse_values("5 1\n6\n", ElementType::int32);
    EXPECT_THROW(split_flag_column(odd, "file f"), ScanError);
    ValueArray two = parse_values("5 1\n6 2\n", ElementType::float64);
    EXPECT_THROW(split_flag_column(two, "file f"), ScanError);
}

TEST(SegmentedScanInput, OverflowIsCheckedPerSegment) {
    ScanRequest r = request(Algorithm::segmented);
    r.flags = {1, 0, 1, 0};
    EXPECT_EQ(resolve_error(r, "2000000000 1 2000000000 1"), "");
    r.flags = {1, 0, 0, 0};
    EXPECT_NE(resolve_error(r, "2000000000 1 2000000000 1").find("overflow"), std::string::npos);
}

}  // namespace

namespace {

TEST(SegmentedScanExplanation, EachThreadCombinesFlagValuePairsWithTheSegmentedOperator) {
    // Kogge-Stone on 1 2 3 4 with flags 1 0 1 0: at stride 1, thread 2 keeps its own 3 (its flag is 1).
    const Trace t = segmented_run("1 2 3 4", "1 0 1 0", Algorithm::kogge_stone, 0);
    const Explanation e = explain_step(t, final_steps(t, judge(t)), 1);
    std::string all;
    for (const std::string& line : e.lines) all += line + "\n";
    EXPECT_NE(all.find("thread 2: XY[1] ⊕ XY[2] → XY[2]: (0, 2) ⊕ (1, 3) = (1, 3)"), std::string::npos) << all;
    EXPECT_NE(all.find("(f1, v1) ⊕ (f2, v2) = (f1 | f2, f2 ? v2 : v1 ⊕ v2)"), std::string::npos) << all;
}

}  // namespace
