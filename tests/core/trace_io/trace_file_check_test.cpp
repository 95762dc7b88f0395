// A trace file is checked as a stranger's file: each mutated file (kept small under
// tests/fixtures/traces/) is refused with one sentence naming its first inconsistency, never a
// crash, a hang or a picture that is not true.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/trace_io/trace_check.hpp"
#include "core/trace_io/trace_json.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

std::string fixture(const std::string& name) { return std::string(SCANLAB_FIXTURES) + "/traces/" + name; }

// The refusal of a fixture file, or "" if it loads.
std::string check_refusal_of(const std::string& name) {
    std::ifstream in(fixture(name), std::ios::binary);
    EXPECT_TRUE(in) << name;
    try {
        read_trace_json(in, name);
    } catch (const ScanError& e) {
        return e.what();
    }
    return "";
}

std::string refusal_of_text(const std::string& text) { return load_refusal(text); }

std::string text_of(const std::string& name) {
    std::ifstream in(fixture(name), std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST(TraceFileCheck, TheUnmutatedFigure910TraceLoads) { EXPECT_EQ(check_refusal_of("fig910.json"), ""); }

struct BadTrace {
    const char* file;
    const char* says;  // a phrase the refusal must hold
};

class TraceFileRefusal : public ::testing::TestWithParam<BadTrace> {};

TEST_P(TraceFileRefusal, NamesTheFileAndItsFirstInconsistencyInOneSentence) {
    const std::string e = check_refusal_of(GetParam().file);
    EXPECT_NE(e.find(GetParam().file), std::string::npos) << e;
    EXPECT_NE(e.find(GetParam().says), std::string::npos) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    EXPECT_LT(e.size(), 400u) << e;
}

INSTANTIATE_TEST_SUITE_P(
    MutatedFiles, TraceFileRefusal,
    ::testing::Values(BadTrace{"step-blocks-2147483647.json", "step 1: \"blocks\" is 2147483647, not a whole number from 1 to 268435456"},
                      BadTrace{"step-threads-1e10.json", "\"threads_per_block\" is 10000000000, not a whole number from 1 to 1024"},
                      BadTrace{"input-1e400.json", "too large for any type a trace holds"},
                      BadTrace{"input-230-digits.json",
                               "\"input\"[0] of this int32 trace is 1e+230, not a whole number from -2147483648 to 2147483647"},
                      BadTrace{"n-9e19.json", "\"n\" is 9e+19, not a whole number from 1 to 268435456"},
                      BadTrace{"section-7.8e108.json", "\"section\" is 7.8e+108"},
                      BadTrace{"result-all-zeros.json", "its result has 0 at index 0, but the inclusive sum scan of its input gives 2"},
                      BadTrace{"int32-input-2-to-40.json", "\"input\"[0] of this int32 trace is 1099511627776"},
                      BadTrace{"step-values-shorter-than-n.json", "holds 15 values from index 0, but its kind implies 16"},
                      BadTrace{"label-300-chars.json", "300 characters long"}, BadTrace{"depth-huge.json", "\"depth\" is 2000000000"},
                      BadTrace{"counts-do-not-add-up.json", "its counts say 36 additions"},
                      BadTrace{"accesses-repeated.json", "lists 216 memory accesses, but 16 threads read or write"},
                      BadTrace{"nested-deep.json", "nests deeper than a trace does"}),
    [](const auto& info) {
        std::string s = info.param.file;
        s = s.substr(0, s.find('.'));
        for (char& c : s)
            if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        return s;
    });

TEST(TraceFileCheck, AStepWhoseValuesAreNotTheRunsIsRefusedAtItsFirstWrongValue) {
    std::string t = text_of("fig910.json");
    // K1 · stride 1 of block 0: 2 1 3 1 -> 2 3 4 4; make its second value 99.
    const std::string good = "\"values\": [2,3,4,4,";
    ASSERT_NE(t.find(good), std::string::npos);
    t.replace(t.find(good), good.size(), "\"values\": [2,99,4,4,");
    EXPECT_NE(refusal_of_text(t).find("step 2 (K1 · stride 1) has 99 at index 1, but the run gives 3"), std::string::npos)
        << refusal_of_text(t);
}

TEST(TraceFileCheck, TheLastStepMustEqualTheResult) {
    // A racy trace recorded on a GPU cannot be repeated value for value, so only its last step
    // ties its result down.
    ScanRequest r = request(Algorithm::kogge_stone_racy);
    Trace t = run_text(r, "1 2 3 4");
    t.backend = "gpu";
    std::get<std::vector<int32_t>>(t.result)[2] = 7;
    std::stringstream s;
    write_trace_json(s, t);
    EXPECT_NE(refusal_of_text(s.str()).find("its last step has 6 at index 2, but its result has 7"), std::string::npos)
        << refusal_of_text(s.str());
}

TEST(TraceFileCheck, EveryTraceTheEmulationMakesIsConsistent) {
    for (Algorithm a : all_algorithms())
        for (bool exclusive : {false, true}) {
            ScanRequest r = request(a, a == Algorithm::hierarchical || a == Algorithm::slides ? 4 : 0);
            r.exclusive = exclusive;
            for (Detail d : {Detail::full, Detail::counts}) {
                r.detail = d;
                EXPECT_EQ(first_inconsistency(run_text(r, "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2 9")), "") << name(a) << exclusive;
            }
        }
}

TEST(TraceFileCheck, ATrailingTextAfterTheTraceIsRefused) {
    EXPECT_NE(refusal_of_text(text_of("fig910.json") + "garbage").find("not valid JSON"), std::string::npos);
}

TEST(TraceFileCheck, NumbersOutsideEveryRangeNeverReachAConversion) {
    const std::string base = text_of("fig910.json");
    for (const std::string& n :
         std::vector<std::string>{"1e400", "-1e400", "9e19", "-9.3e18", "18446744073709551615", "1.5", "-1", std::string(230, '9')}) {
        std::string t = base;
        t.replace(t.find("\"grid\": 4"), 9, "\"grid\": " + n);
        EXPECT_NE(refusal_of_text(t), "") << n;
    }
}
