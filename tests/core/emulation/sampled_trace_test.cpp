// A sampled trace (the live run's) keeps a window of blocks of the input's scan and S whole: it is
// exactly a slice of the full trace, with the full trace's counts, and small however large N is.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/input/input.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_spec.hpp"
#include "core/input/trace_budget.hpp"
#include "core/trace_io/trace_json.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

ScanRequest sampled(Algorithm a, int section, int64_t first, int64_t blocks) {
    ScanRequest r = request(a, section);
    r.sample = {first, blocks};
    return r;
}

template <class T>
std::vector<T> slice(const ValueArray& v, int64_t from, int64_t count) {
    const auto& all = std::get<std::vector<T>>(v);
    return std::vector<T>(all.begin() + from, all.begin() + from + count);
}

}  // namespace

TEST(SampledTrace, KeepsOnlyTheWindowOfTheInputsScanAndIsASliceOfTheFullTrace) {
    const ValueArray x = random_values(5000, 3, ElementType::int32);
    for (Algorithm a : {Algorithm::hierarchical, Algorithm::slides}) {
        const Trace full = emulate(request(a, 64), x);
        const Trace part = emulate(sampled(a, 64, 40, 2), x);
        ASSERT_EQ(part.steps.size(), full.steps.size()) << name(a);
        EXPECT_EQ(part.counts, full.counts);
        EXPECT_EQ(as(part.result), as(full.result));
        for (size_t i = 0; i < full.steps.size(); ++i) {
            const Step &f = full.steps[i], &p = part.steps[i];
            EXPECT_EQ(p.counts, f.counts) << step_label(f);
            const bool windowed = p.depth == 0 && p.array != ArrayKind::s;
            if (!windowed) {
                EXPECT_EQ(as(p.values), as(f.values)) << "S is kept whole: " << step_label(f);
                if (p.phase == Phase::block_sum_write && p.depth == 0) {
                    // Only the kept blocks' writes of S: their arrows start at cells that are there.
                    ASSERT_EQ(p.accesses.size(), 2u);
                    EXPECT_EQ(p.accesses[0].src, 40 * 64 + 63);
                }
                continue;
            }
            EXPECT_EQ(p.offset, 40 * 64) << step_label(f);
            EXPECT_EQ(as(p.values), slice<int32_t>(f.values, p.offset, int64_t(size_of(p.values)))) << step_label(f);
            EXPECT_LE(size_of(p.values), 2u * 64) << step_label(f);
            for (const Access& acc : p.accesses) {
                EXPECT_GE(acc.dst, 40 * 64) << step_label(f);
                EXPECT_LT(acc.dst, 42 * 64) << step_label(f);
            }
        }
    }
}

TEST(SampledTrace, StaysSmallForMillionsOfElements) {
    ScanRequest r = sampled(Algorithm::hierarchical, 1024, 1000, 1);
    r.max_trace_bytes = size_t(64) << 20;
    const Trace t = emulate(r, random_values(int64_t(1) << 21, 1, ElementType::int32));
    size_t values = 0;
    for (const Step& s : t.steps) values += size_of(s.values);
    EXPECT_LT(values, size_t(200000));  // a full trace would hold over 20 million
    EXPECT_EQ(t.counts.additions,
              emulate(request(Algorithm::hierarchical, 1024, Detail::counts), random_values(int64_t(1) << 21, 1, ElementType::int32))
                  .counts.additions);
}

TEST(SampledTrace, ABlockThatDoesNotExistIsRefusedWithTheBlockCount) {
    try {
        emulate(sampled(Algorithm::hierarchical, 64, 79, 1), random_values(5000, 3, ElementType::int32));
        FAIL() << "expected a refusal";
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("79 blocks, numbered 0 to 78"), std::string::npos) << e.what();
    }
}

TEST(SampledTrace, IsRefusedForSingleSectionAlgorithms) {
    EXPECT_THROW(emulate(sampled(Algorithm::kogge_stone, 0, 0, 1), random_values(100, 3, ElementType::int32)), ScanError);
}

TEST(SampledTrace, ACountPastTheLastBlockIsCutToTheBlocksThereAre) {
    const Trace t = emulate(sampled(Algorithm::hierarchical, 64, 77, 10), random_values(5000, 3, ElementType::int32));
    EXPECT_EQ(t.sample.blocks, 2);
    EXPECT_EQ(size_of(t.steps[0].values), 2u * 64);
}

TEST(SampledTrace, SurvivesTheJsonRoundTrip) {
    const Trace t = emulate(sampled(Algorithm::hierarchical, 64, 40, 2), random_values(5000, 3, ElementType::int32));
    std::stringstream file;
    write_trace_json(file, t);
    const Trace back = read_trace_json(file, "test");
    EXPECT_EQ(back.sample.first_block, 40);
    EXPECT_EQ(back.sample.blocks, 2);
    ASSERT_EQ(back.steps.size(), t.steps.size());
    for (size_t i = 0; i < t.steps.size(); ++i) {
        EXPECT_EQ(back.steps[i].offset, t.steps[i].offset);
        EXPECT_EQ(as(back.steps[i].values), as(t.steps[i].values));
    }
}

// The estimate is counted in 64 bits on every platform: on wasm32, where size_t has 32, the full
// trace of 2^28 elements wrapped around to "about 66 MiB", and one of 19,152,896 elements to a
// figure under the budget, so the run started and held the page before it was refused.
TEST(TraceBudget, TheEstimateOfALargeTraceDoesNotWrapAroundIn32Bits) {
    ScanRequest q;
    q.algorithm = Algorithm::hierarchical;
    q.max_trace_bytes = size_t(1) << 20;
    for (const int64_t n : {int64_t(1) << 28, int64_t(19152896)}) {
        const ResolvedRequest r = resolve_shape(q, n, Voice::app);
        const TraceEstimate e = estimate_trace(r);
        EXPECT_GT(e.trace_bytes, uint64_t(1) << 32) << "N = " << n;
        const std::string problem = trace_budget_problem(r, e);
        EXPECT_NE(problem.find(std::to_string((e.trace_bytes + (uint64_t(1) << 20) - 1) >> 20) + " MiB"), std::string::npos) << problem;
    }
    // The largest a single-pass scan can ask for comes near 2^64 bytes: it saturates, never wraps.
    q.algorithm = Algorithm::decoupled_lookback;
    q.section = 32;
    const TraceEstimate huge = estimate_trace(resolve_shape(q, int64_t(1) << 28, Voice::app));
    EXPECT_GT(huge.trace_bytes, uint64_t(1) << 50);
}

// N random values are refused from N alone, before any is made: 2^28 of them are a gigabyte, and
// making them first held a browser's page for seconds before the same refusal.
TEST(TraceBudget, RandomInputOverTheBudgetIsRefusedBeforeItsValuesAreMade) {
    RunSpec spec;
    spec.request.algorithm = Algorithm::hierarchical;
    spec.request.max_trace_bytes = size_t(1) << 20;
    spec.input.source = InputSpec::Source::random;
    spec.input.random_n = int64_t(1) << 28;
    try {
        prepare(spec, Voice::app, true);
        ADD_FAILURE() << "a random input over the trace budget was made";
    } catch (const TraceOverBudget& e) {
        EXPECT_NE(std::string(e.what()).find("N = 268435456"), std::string::npos) << e.what();
    }
    spec.request.detail = Detail::counts;  // no trace kept: nothing to refuse, the values are made
    spec.input.random_n = 1000;
    EXPECT_EQ(size_of(prepare(spec, Voice::app, true).input), 1000u);
}

// Every other input kind is refused from its N before its values (or head flags) are made too. The
// inputs below end in a token that is not a number: a refusal that read the values first would say
// so instead of the trace's size, or (random values, which are always numbers) run nothing at all.
namespace {
RunSpec over_a_small_budget(Algorithm algorithm) {
    RunSpec spec;
    spec.request.algorithm = algorithm;
    spec.request.max_trace_bytes = size_t(1) << 20;
    return spec;
}

std::string values_ending_in_a_word(int64_t n, bool with_flags) {
    std::string text;
    for (int64_t i = 1; i < n; ++i) text += with_flags ? "1 0\n" : "1 ";
    return text + (with_flags ? "word 1\n" : "word");
}

std::string file_holding(const std::string& text) {
    const std::string path = (std::filesystem::temp_directory_path() / ("scanlab-budget-" + std::to_string(::getpid()) + ".txt")).string();
    std::ofstream(path) << text;
    return path;
}
}  // namespace

TEST(TraceBudget, SegmentedRandomInputOverTheBudgetIsRefusedBeforeItsValuesAndFlagsAreMade) {
    RunSpec spec = over_a_small_budget(Algorithm::segmented);
    spec.input.source = InputSpec::Source::random;
    spec.input.random_n = int64_t(1) << 20;
    spec.input.flags = "every:4";
    EXPECT_THROW(prepare(spec, Voice::app, true), TraceOverBudget);
}

TEST(TraceBudget, TypedValuesOverTheBudgetAreRefusedBeforeOneIsParsed) {
    for (const Algorithm a : {Algorithm::hierarchical, Algorithm::sequential, Algorithm::segmented}) {
        RunSpec spec = over_a_small_budget(a);
        spec.input.source = InputSpec::Source::text;
        spec.input.text = values_ending_in_a_word(100000, false);
        if (a == Algorithm::segmented) spec.input.flags = "every:8";
        EXPECT_THROW(prepare(spec, Voice::app, true), TraceOverBudget) << name(a);
    }
}

TEST(TraceBudget, AnInputFileOverTheBudgetIsRefusedBeforeOneValueIsRead) {
    RunSpec spec = over_a_small_budget(Algorithm::hierarchical);
    spec.input.source = InputSpec::Source::file;
    spec.input.file = file_holding(values_ending_in_a_word(100000, false));
    EXPECT_THROW(prepare(spec, Voice::cli, true), TraceOverBudget);
    // A segmented scan's file of two columns holds half as many values as numbers.
    spec.request.algorithm = Algorithm::segmented;
    std::ofstream(spec.input.file) << values_ending_in_a_word(100000, true);
    EXPECT_THROW(prepare(spec, Voice::cli, true), TraceOverBudget);
    std::filesystem::remove(spec.input.file);
}

TEST(TraceBudget, CountingAnInputSplitsItAsItsValuesAreRead) {
    EXPECT_EQ(count_values(""), 0);
    EXPECT_EQ(count_values("1, 2,3\n 4 # 5 6\n7#8\n\t9"), 6);
    const std::string path = file_holding("1 2\n3 4 # five\n");
    EXPECT_EQ(count_values_file(path), std::optional<int64_t>(4));
    std::filesystem::remove(path);
    EXPECT_EQ(count_values_file("-"), std::nullopt);  // standard input is read once, as it comes
}

TEST(TraceBudget, ATraceTooLargeIsRefusedInTheWordsOfTheFrontEndThatAsked) {
    ScanRequest q;
    q.algorithm = Algorithm::hierarchical;
    q.max_trace_bytes = size_t(1) << 20;
    const ValueArray input = random_values(65536, 1, ElementType::int32);
    const ResolvedRequest app = resolve(q, input, Voice::app), cli = resolve(q, input, Voice::cli);
    const std::string in_app = trace_budget_problem(app, estimate_trace(app)), in_cli = trace_budget_problem(cli, estimate_trace(cli));
    EXPECT_NE(in_app.find("the Live run tab's sampled trace"), std::string::npos) << in_app;
    EXPECT_EQ(in_app.find("--"), std::string::npos) << in_app;
    EXPECT_EQ(in_app.find("scanlab "), std::string::npos) << in_app;
    EXPECT_NE(in_cli.find("--max-trace-mb"), std::string::npos) << in_cli;
    // The emulation refuses it with that sentence, as its own kind of refusal (the web edition adds why
    // its limit is low).
    try {
        emulate(app, input);
        ADD_FAILURE() << "a trace over its budget ran";
    } catch (const TraceOverBudget& e) {
        EXPECT_EQ(std::string(e.what()), in_app);
    }
}
