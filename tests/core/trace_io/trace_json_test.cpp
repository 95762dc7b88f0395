// The trace file: what is written reads back identically, and a bad file is refused by name.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>

#include "core/error.hpp"
#include "core/lesson/work_counts.hpp"
#include "core/trace_io/trace_json.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

Trace round_trip(const Trace& t) {
    std::stringstream ss;
    write_trace_json(ss, t);
    return read_trace_json(ss, "test");
}

void expect_same(const Trace& a, const Trace& b) {
    EXPECT_EQ(a.algorithm, b.algorithm);
    EXPECT_EQ(a.block_algorithm, b.block_algorithm);
    EXPECT_EQ(a.op, b.op);
    EXPECT_EQ(a.type, b.type);
    EXPECT_EQ(a.exclusive, b.exclusive);
    EXPECT_EQ(a.n, b.n);
    EXPECT_EQ(a.section, b.section);
    EXPECT_EQ(a.grid, b.grid);
    EXPECT_EQ(a.schedule, b.schedule);
    EXPECT_TRUE(bitwise_equal(a.input, b.input));
    EXPECT_TRUE(bitwise_equal(a.result, b.result));
    EXPECT_EQ(a.counts, b.counts);
    ASSERT_EQ(a.steps.size(), b.steps.size());
    for (size_t i = 0; i < a.steps.size(); ++i) {
        EXPECT_EQ(step_label(a.steps[i]), step_label(b.steps[i]));
        EXPECT_TRUE(bitwise_equal(a.steps[i].values, b.steps[i].values)) << i;
        EXPECT_EQ(a.steps[i].accesses, b.steps[i].accesses) << i;
        EXPECT_EQ(a.steps[i].hazards, b.steps[i].hazards) << i;
        EXPECT_EQ(a.steps[i].counts, b.steps[i].counts) << i;
    }
}

std::string lecture_refusal(const std::string& text) { return load_refusal(text, "lecture.json"); }

}  // namespace

TEST(TraceJson, HierarchicalTraceReadsBackIdentically) {
    expect_same(run_text(request(Algorithm::hierarchical, 4), std::string(find_preset("fig9.10")->values)),
                round_trip(run_text(request(Algorithm::hierarchical, 4), std::string(find_preset("fig9.10")->values))));
}

TEST(TraceJson, FractionalFloatsAndDoublesKeepEveryBit) {
    for (ElementType type : {ElementType::float32, ElementType::float64}) {
        ScanRequest r = request(Algorithm::brent_kung);
        r.type = type;
        const Trace t = run_text(r, "0.1 0.2 0.3 1e-7 3.14159 -2.5 1e20 7");
        expect_same(t, round_trip(t));
    }
}

// A max's identity is the type's lowest value, which pads a partial section; a float's shortest
// text for it (-3.4028235e+38) reads back, as a double, a little past the float's range.
TEST(TraceJson, TheLowestAndHighestFloatAndDoubleReadBackAsThemselves) {
    for (ElementType type : {ElementType::float32, ElementType::float64})
        for (OpKind op : {OpKind::max, OpKind::min}) {
            ScanRequest r = request(Algorithm::hierarchical, 4);
            r.type = type;
            r.op = op;
            const Trace t = run_text(r, "1.5 -2 3 0.25 7 -1e30");  // two sections, the second padded
            expect_same(t, round_trip(t));
        }
}

TEST(TraceJson, RacyTraceKeepsItsHazards) {
    ScanRequest r = request(Algorithm::kogge_stone_racy);
    r.warp_width = 4;
    const Trace t = run_text(r, std::string(find_preset("fig9.10")->values));
    ASSERT_GT(t.counts.hazards, 0);
    expect_same(t, round_trip(t));
}

TEST(TraceJson, CountsOnlyTraceKeepsItsTotals) {
    ScanRequest r = request(Algorithm::hierarchical, 0, Detail::counts);
    r.type = ElementType::int64;
    const Trace t = emulate(r, random_values(5000, 1, ElementType::int64));
    expect_same(t, round_trip(t));
}

TEST(TraceJson, MalformedTruncatedAndForeignFilesAreRefusedByName) {
    std::stringstream ss;
    write_trace_json(ss, run_text(request(Algorithm::kogge_stone), "1 2 3"));
    const std::string good = ss.str();
    for (const std::string& bad :
         {std::string("not json"), good.substr(0, good.size() / 2), std::string("{\"hello\": 1}"), std::string("[1,2,3]")}) {
        const std::string e = lecture_refusal(bad);
        EXPECT_NE(e.find("lecture.json"), std::string::npos) << e;
    }
    std::string wrong_version = good;
    wrong_version.replace(wrong_version.find("\"version\": 1"), 12, "\"version\": 9");
    EXPECT_NE(lecture_refusal(wrong_version).find("version 9"), std::string::npos);
    std::string wrong_algo = good;
    wrong_algo.replace(wrong_algo.find("\"kogge-stone\""), 13, "\"bogo-sort\"");
    EXPECT_NE(lecture_refusal(wrong_algo).find("bogo-sort"), std::string::npos);
}

TEST(TraceJson, InfinitiesNaNsAndNegativeZeroReadBackWithTheirBits) {
    const float inf = std::numeric_limits<float>::infinity();
    for (Algorithm a : {Algorithm::kogge_stone, Algorithm::sequential, Algorithm::hierarchical}) {
        ScanRequest r = request(a);
        r.type = ElementType::float32;
        // -0.0 stays -0.0, inf - inf gives a NaN, and 3e38 + 3e38 leaves the finite range.
        const Trace t = emulate(r, ValueArray(std::vector<float>{-0.0f, 3e38f, 3e38f, -inf, 1, inf, -0.0f}));
        const Trace back = round_trip(t);
        expect_same(t, back);
        const auto& result = std::get<std::vector<float>>(back.result);
        EXPECT_TRUE(std::signbit(result[0]) && result[0] == 0);
        EXPECT_TRUE(std::isinf(result[2]));
        if (a == Algorithm::sequential) EXPECT_TRUE(std::isnan(result[3]));  // inf + -inf, in this order of operations
    }
}

TEST(TraceJson, DoubleOverflowFromTheCommandLineRoundTrips) {
    ScanRequest r = request(Algorithm::brent_kung);
    r.type = ElementType::float64;
    const Trace t = run_text(r, "1.7e308 1.7e308 -1.7e308");
    expect_same(t, round_trip(t));
}

// ---- counts by phase and the bound ------------------------------------------------------------

namespace {

Trace hierarchical_2049() {
    ScanRequest q = request(Algorithm::hierarchical, 2048);
    q.block_algorithm = Algorithm::brent_kung;
    return emulate(q, random_values(2049, 1, ElementType::int32));
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? s : s.replace(at, from.size(), to);
}

std::string trace_json_of(const Trace& t) {
    std::stringstream ss;
    write_trace_json(ss, t);
    return ss.str();
}

}  // namespace

TEST(TraceJson, SubtotalsByPhaseAndTheBoundRoundTrip) {
    const Trace t = hierarchical_2049();
    const std::string text = trace_json_of(t);
    EXPECT_NE(text.find("{\"phase\": \"K1 (scan sections)\", \"additions\": 8166, \"work\": 4083, \"padding\": 4083}"), std::string::npos)
        << text.substr(0, 2000);
    EXPECT_NE(text.find("\"work_bound\": {\"formula\": \"4N − 3\", \"chapter\": true, \"n\": 2049, \"value\": 8193, \"work\": 4085"),
              std::string::npos);
    std::istringstream in(text);
    const Trace back = read_trace_json(in, "t.json");
    EXPECT_EQ(phase_counts(back), phase_counts(t));
    EXPECT_EQ(work_bound(back)->sentence(), work_bound(t)->sentence());
}

TEST(TraceJson, AFileWhoseSubtotalsOrBoundDisagreeWithItsStepsIsRefused) {
    const std::string good = trace_json_of(hierarchical_2049());
    const std::string phase = replaced(good, "\"work\": 4083, \"padding\": 4083", "\"work\": 4084, \"padding\": 4082");
    EXPECT_NE(lecture_refusal(phase).find("its counts by phase say K1 (scan sections): 8,166 additions, 4,082 on padding"),
              std::string::npos)
        << lecture_refusal(phase);
    const std::string bound = replaced(good, "\"value\": 8193", "\"value\": 9999");
    EXPECT_NE(lecture_refusal(bound).find("but its run gives real work 4,085 ≤ 4N − 3 = 8,193"), std::string::npos)
        << lecture_refusal(bound);
    const std::string sums = replaced(good, "\"work\": 4083, \"padding\": 4083", "\"work\": 4000, \"padding\": 4083");
    EXPECT_NE(lecture_refusal(sums).find("its work is not its additions less its padding"), std::string::npos) << lecture_refusal(sums);
}

TEST(TraceJson, AFileWrittenWithoutSubtotalsLoadsAndTheyAreRecomputed) {
    const Trace t = hierarchical_2049();
    std::string old = trace_json_of(t);
    const size_t from = old.find("\n \"phases\": ["), to = old.find("\n \"input\": ");
    ASSERT_NE(from, std::string::npos);
    old.erase(from, to - from);
    ASSERT_EQ(old.find("work_bound"), std::string::npos);
    std::istringstream in(old);
    const Trace back = read_trace_json(in, "old.json");
    EXPECT_EQ(phase_counts(back), phase_counts(t));
    EXPECT_EQ(total_count(back).work(), 4085);
}

// Opening a file takes the memory its header's run implies (its steps, its input and result, and
// the check's input and result): said before any array is read, and refused past the cap with
// one sentence naming the cap and the file's need.
TEST(TraceJson, AFileThatWouldTakeMoreThanTheOpeningCapIsRefusedNamingTheCapAndItsNeed) {
    const Trace t = emulate(request(Algorithm::hierarchical, 0, Detail::counts), random_values(4096, 1, ElementType::int32));
    std::istringstream in(trace_json_of(t));
    try {
        read_trace_json(in, "'big.json'", {32 << 10, "the test's cap"});
        ADD_FAILURE() << "opened";
    } catch (const TraceTooLarge& e) {
        // 4 arrays of 4,096 int32 values: 64 KiB.
        EXPECT_EQ(std::string(e.what()),
                  "'big.json' is too large to open: opening it takes about 64.0 KiB of memory (the steps of the run its header "
                  "describes, its input and its result, and the check's), more than the 32.0 KiB Scan Lab lets an opened trace take "
                  "(the test's cap)");
    }
}

// A file this version writes names its type before its arrays, so each value is held as its type
// (4 bytes for int32); a file whose header comes last (keys sorted, as the first writer did) is
// held as read (16 bytes a value) until its type is known, and counted against the cap as it grows.
TEST(TraceJson, AnInt32FileIsHeldInFourBytesAValueAndOneWithItsHeaderLastIsCountedAsItIsRead) {
    const Trace t = emulate(request(Algorithm::hierarchical, 0, Detail::counts), random_values(4096, 1, ElementType::int32));
    const std::string text = trace_json_of(t);
    const OpenLimit cap{65 << 10, "the test's cap"};
    std::istringstream in(text);
    EXPECT_EQ(size_of(read_trace_json(in, "t.json", cap).result), 4096u);

    std::string header_last = text;
    const std::string type = "\n \"type\": \"int32\",";
    ASSERT_NE(header_last.find(type), std::string::npos);
    header_last.erase(header_last.find(type), type.size());
    header_last.insert(header_last.rfind('}'), ",\n \"type\": \"int32\"\n");
    std::istringstream later(header_last);
    EXPECT_EQ(size_of(read_trace_json(later, "t.json").result), 4096u);  // it loads under the machine's cap
    std::istringstream capped(header_last);
    try {
        read_trace_json(capped, "'old.json'", cap);
        ADD_FAILURE() << "opened";
    } catch (const TraceTooLarge& e) {
        EXPECT_EQ(std::string(e.what()),
                  "'old.json' is too large to open: opening it takes more than the 65.0 KiB of memory Scan Lab lets "
                  "an opened trace take (the test's cap): it held that much before its end");
    }
}

TEST(TraceJson, AValueThatDoesNotFitIsNamedByItsIndexAndASecondTypeIsRefused) {
    const std::string text = trace_json_of(emulate(request(Algorithm::kogge_stone), ValueArray(std::vector<int32_t>{1, 2, 3, 4})));
    EXPECT_NE(lecture_refusal(replaced(text, "\"input\": [1,2,3,4]", "\"input\": [1,2,3,1099511627776]"))
                  .find("\"input\"[3] of this int32 trace is 1099511627776, not a whole number"),
              std::string::npos);
    EXPECT_NE(lecture_refusal(replaced(text, "\"type\": \"int32\",", "\"type\": \"int32\", \"type\": \"double\","))
                  .find("gives the field \"type\" twice"),
              std::string::npos);
}

namespace {

// The trace a file holds read a few values a slice, as the web edition reads one between frames;
// the trace, or the sentence of the refusal.
std::string read_in_slices(const std::string& text, size_t budget, Trace* out = nullptr) {
    try {
        TraceJsonReading reading(text, "lecture.json");
        while (!reading.advance(budget)) {}
        if (out) *out = reading.take();
        return "";
    } catch (const ScanError& e) {
        return e.what();
    }
}

std::vector<Trace> traces_of_every_shape() {
    std::vector<Trace> v;
    v.push_back(run_text(request(Algorithm::hierarchical, 4), std::string(find_preset("fig9.10")->values)));
    ScanRequest racy = request(Algorithm::kogge_stone_racy);
    racy.warp_width = 4;
    v.push_back(run_text(racy, std::string(find_preset("fig9.10")->values)));
    ScanRequest floats = request(Algorithm::sequential);
    floats.type = ElementType::float32;
    const float inf = std::numeric_limits<float>::infinity();
    v.push_back(emulate(floats, ValueArray(std::vector<float>{-0.0f, 3e38f, 3e38f, -inf, 0.1f, inf, -2.5e-7f})));
    ScanRequest segmented = request(Algorithm::segmented, 4);
    segmented.flags = {1, 0, 0, 1, 0, 1, 0, 0};
    v.push_back(run_text(segmented, "3 1 -4 1 5 9 2 6"));
    v.push_back(run_text(request(Algorithm::decoupled_lookback, 4), "1 2 3 4 5 6 7 8 9 10 11 12 13"));
    v.push_back(emulate(request(Algorithm::hierarchical, 0, Detail::counts), random_values(5000, 1, ElementType::int32)));
    return v;
}

}  // namespace

TEST(TraceJson, WrittenInSlicesAFileIsTheFileWrittenAtOnce) {
    for (const Trace& t : traces_of_every_shape()) {
        std::stringstream sliced;
        TraceJsonWriter writer(t);
        int slices = 0;
        while (!writer.write_some(sliced, 1)) ++slices;
        EXPECT_EQ(sliced.str(), trace_json_of(t)) << name(t.algorithm);
        EXPECT_GE(slices, int(t.steps.size())) << name(t.algorithm);  // a step a slice, after the head
        EXPECT_EQ(writer.progress(), 1.0);
    }
}

TEST(TraceJson, ReadInSlicesAFileIsTheTraceReadAtOnce) {
    for (const Trace& t : traces_of_every_shape()) {
        const std::string text = trace_json_of(t);
        for (size_t budget : {size_t(1), size_t(7), size_t(1) << 20}) {
            Trace back;
            EXPECT_EQ(read_in_slices(text, budget, &back), "") << name(t.algorithm);
            EXPECT_EQ(trace_json_of(back), text) << name(t.algorithm) << " in slices of " << budget;
        }
    }
}

TEST(TraceJson, ReadInSlicesABadFileGetsTheSentenceOfTheFileReadAtOnce) {
    const std::string good = trace_json_of(run_text(request(Algorithm::kogge_stone), "1 2 3"));
    std::vector<std::string> bad = {"not json",
                                    good.substr(0, good.size() / 2),
                                    "{\"hello\": 1}",
                                    "[1,2,3]",
                                    "",
                                    "{",
                                    good + "x",
                                    good.substr(0, good.size() - 3) + ",}\n",
                                    "{\"a\": [1,]}",
                                    "{\"a\" 1}",
                                    "{\"a\": 01}",
                                    "{\"a\": \"\\u00e9\\n\", \"b\": -0, \"c\": 1e400}"};
    std::string wrong_version = good;
    bad.push_back(wrong_version.replace(wrong_version.find("\"version\": 1"), 12, "\"version\": 9"));
    std::string text_for_number = good;
    bad.push_back(text_for_number.replace(text_for_number.find("\"input\": [1"), 11, "\"input\": [\"x\""));
    for (const std::string& text : bad) {
        const std::string whole = lecture_refusal(text);
        ASSERT_NE(whole, "") << text.substr(0, 60);
        EXPECT_EQ(read_in_slices(text, 3), whole) << text.substr(0, 60);
    }
}
