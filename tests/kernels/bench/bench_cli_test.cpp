// `scanlab bench` and the benchmark library's GPU-free parts: parsing of sizes and algorithms,
// the refusals of bad options (exit 2, one sentence, nothing on stdout), the one-sentence refusal
// where there is no usable GPU, and the reports (table, summary with the goals, JSON, CSV) from a
// made-up result. Runs on any machine.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "kernels/bench/bench.hpp"
#include "kernels/bench/bench_inputs.hpp"
#include "tests/cli_run.hpp"

using namespace scanlab;

namespace {

::testing::AssertionResult refused_saying(const CliResult& r, int exit_code, const std::vector<std::string>& words) {
    std::string why;
    if (r.exit_code != exit_code) why += "\n  exit code " + std::to_string(r.exit_code) + " (expected " + std::to_string(exit_code) + ")";
    if (!r.out.empty()) why += "\n  stdout is not empty: \"" + r.out.substr(0, 300) + "\"";
    if (r.err.find("scanlab: error: ") == std::string::npos) why += "\n  stderr has no \"scanlab: error: \" line";
    if (std::count(r.err.begin(), r.err.end(), '\n') != 1) why += "\n  stderr is not exactly one line";
    for (const std::string& w : words)
        if (r.err.find(w) == std::string::npos) why += "\n  stderr does not mention \"" + w + "\"";
    if (why.empty()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << why << "\n  stderr: \"" << r.err << "\"";
}

template <class F>
std::string error_of(F f) {
    try {
        f();
    } catch (const ScanError& e) {
        return e.what();
    }
    return "";
}

// ---- sizes and algorithms ---------------------------------------------------------------------

TEST(BenchSizes, Pow2RangeExpandsToEveryPowerInIt) {
    EXPECT_EQ(bench::parse_sizes("pow2:10..12"), (std::vector<int64_t>{1024, 2048, 4096}));
    EXPECT_EQ(bench::parse_sizes("pow2:20"), (std::vector<int64_t>{1 << 20}));
}

TEST(BenchSizes, ListsAndMixesKeepTheirOrder) {
    EXPECT_EQ(bench::parse_sizes("1000, 4096,1"), (std::vector<int64_t>{1000, 4096, 1}));
    EXPECT_EQ(bench::parse_sizes("7,pow2:3..4"), (std::vector<int64_t>{7, 8, 16}));
}

TEST(BenchSizes, DefaultSweepIs2To10Through2To28) {
    const std::vector<int64_t> s = bench::default_sizes();
    ASSERT_EQ(s.size(), 19u);
    EXPECT_EQ(s.front(), 1024);
    EXPECT_EQ(s.back(), int64_t(1) << 28);
}

TEST(BenchSizes, BadListsAreRefusedNamingTheItem) {
    EXPECT_NE(error_of([] { bench::parse_sizes("pow2:10..29"); }).find("from 0 to 28"), std::string::npos);
    EXPECT_NE(error_of([] { bench::parse_sizes("pow2:12..10"); }).find("smaller first"), std::string::npos);
    EXPECT_NE(error_of([] { bench::parse_sizes("banana"); }).find("'banana'"), std::string::npos);
    EXPECT_NE(error_of([] { bench::parse_sizes("0"); }).find("out of range"), std::string::npos);
    EXPECT_NE(error_of([] { bench::parse_sizes("268435457"); }).find("2^28"), std::string::npos);
    EXPECT_NE(error_of([] { bench::parse_sizes("1,,2"); }).find("empty item"), std::string::npos);
    EXPECT_NE(error_of([] { bench::parse_sizes(""); }).find("empty"), std::string::npos);
}

TEST(BenchAlgos, NamesRoundTripAndUnknownOnesListTheChoices) {
    for (bench::Algo a : bench::all_algos()) EXPECT_EQ(bench::parse_algo(bench::name(a)), a);
    EXPECT_EQ(bench::parse_algos("cub,single-pass,cub"), (std::vector<bench::Algo>{bench::Algo::cub, bench::Algo::single_pass}));
    EXPECT_EQ(bench::parse_algos("all"), bench::all_algos());
    const std::string e = error_of([] { bench::parse_algos("copy,fast"); });
    EXPECT_NE(e.find("'fast'"), std::string::npos);
    EXPECT_NE(e.find("hier-ks"), std::string::npos);
}

TEST(BenchConfig, ZeroRepsAndEmptyListsAreRefused) {
    bench::BenchConfig c;
    c.reps = 0;
    EXPECT_NE(error_of([&] { bench::check_config(c); }).find("--reps"), std::string::npos);
    c = {};
    c.algos.clear();
    EXPECT_NE(error_of([&] { bench::check_config(c); }).find("no algorithms"), std::string::npos);
}

// ---- the inputs and the reference ---------------------------------------------------------------

TEST(BenchInputs, SumInputsAreSmallIntegersSoEveryTypeScansExactly) {
    const ValueArray v = bench::make_input(ElementType::float32, OpKind::sum, 10000, 3);
    for (float x : std::get<std::vector<float>>(v)) {
        EXPECT_GE(x, -4.0f);
        EXPECT_LE(x, 4.0f);
        EXPECT_EQ(x, float(int(x)));
    }
}

TEST(BenchInputs, ReferenceExclusiveStartsWithTheIdentity) {
    const ValueArray in = bench::make_input(ElementType::int32, OpKind::max, 100, 1);
    const auto out = std::get<std::vector<int32_t>>(bench::reference_scan(in, OpKind::max, true));
    EXPECT_EQ(out[0], -2147483647 - 1);
    EXPECT_EQ(out[1], std::get<std::vector<int32_t>>(in)[0]);
}

TEST(BenchInputs, CompareExactNamesTheFirstDifference) {
    ValueArray a = std::vector<int32_t>{1, 2, 3, 4};
    ValueArray b = std::vector<int32_t>{1, 2, 9, 5};
    const bench::Mismatch m = bench::compare_exact(a, b);
    EXPECT_EQ(m.count, 2);
    EXPECT_EQ(m.first, 2);
    EXPECT_NE(m.sentence(4).find("index 2: 3 where 9 was expected"), std::string::npos) << m.sentence(4);
}

// ---- the command line ---------------------------------------------------------------------------

TEST(BenchCli, BadSizeListIsRefusedWithExit2) {
    EXPECT_TRUE(refused_saying(run_cli({"bench", "--sizes", "pow2:10..x"}), 2, {"--sizes", "pow2:10..x"}));
}

TEST(BenchCli, UnknownTypeIsRefusedWithExit2) {
    EXPECT_TRUE(refused_saying(run_cli({"bench", "--type", "int128"}), 2, {"unknown type 'int128'"}));
}

TEST(BenchCli, UnknownAlgorithmAndOptionAreRefused) {
    EXPECT_TRUE(refused_saying(run_cli({"bench", "--algos", "cub,warp-speed"}), 2, {"'warp-speed'"}));
    EXPECT_TRUE(refused_saying(run_cli({"bench", "--frobnicate"}), 2, {"'--frobnicate'"}));
    EXPECT_TRUE(refused_saying(run_cli({"bench", "--reps", "0"}), 2, {"--reps"}));
    EXPECT_TRUE(refused_saying(run_cli({"bench", "--sizes"}), 2, {"--sizes needs a value"}));
}

TEST(BenchCli, HelpNamesEveryOptionAndAlgorithm) {
    const CliResult r = run_cli({"bench", "--help"});
    EXPECT_EQ(r.exit_code, 0);
    for (const char* w : {"--sizes", "--algos", "--json", "--csv", "--variants", "single-pass", "hier-bk", "slides", "book-ks", "book-bk",
                          "--both-directions", "or all"})
        EXPECT_NE(r.out.find(w), std::string::npos) << w;
}

TEST(BenchCli, WithoutAUsableGpuItSaysSoInOneSentence) {
    const std::string why = bench::bench_unavailable_reason();
    if (why.empty()) GTEST_SKIP() << "a usable GPU is present; this test is for machines without one";
    EXPECT_TRUE(refused_saying(run_cli({"bench", "--sizes", "1024", "--algos", "copy"}), 1, {"scanlab bench needs a CUDA GPU: ", why}));
    EXPECT_TRUE(
        refused_saying(run_cli({"bench", "--type", "all", "--op", "all", "--both-directions"}), 1, {"scanlab bench needs a CUDA GPU: "}));
}

// ---- reports from a made-up result ------------------------------------------------------------

bench::BenchResult made_up_result() {
    bench::BenchResult r;
    r.gpu.name = "Test GPU";
    r.gpu.summary = "Test GPU (sm_90, 132 SMs, 79.1 GiB)";
    r.gpu_name = r.gpu.name;
    r.method = "median of 20";
    r.config.sizes = {1024, int64_t(1) << 28};
    auto row = [](const char* algo, bench::Algo a, int64_t n, double ms, double copy_ms, double cub_ms, bool ok = true) {
        bench::BenchRow x;
        x.algorithm = algo;
        x.algo = a;
        x.n = n;
        x.runs = 20;
        x.median_ms = x.min_ms = x.max_ms = ms;
        x.gb_per_s = 2.0 * double(n) * 4 / (ms * 1e-3) / 1e9;
        x.fraction_of_copy = copy_ms / ms;
        x.speedup_vs_cub = cub_ms / ms;
        x.verified = ok;
        if (!ok) x.problem = "1 of 1024 elements differ";
        return x;
    };
    const int64_t big = int64_t(1) << 28;
    r.rows = {row("copy", bench::Algo::copy, 1024, 0.0020, 0.0020, 0.0038),
              row("cub", bench::Algo::cub, 1024, 0.0038, 0.0020, 0.0038),
              row("single-pass", bench::Algo::single_pass, 1024, 0.0022, 0.0020, 0.0038),
              row("copy", bench::Algo::copy, big, 0.716, 0.716, 0.873),
              row("cub", bench::Algo::cub, big, 0.873, 0.716, 0.873),
              row("single-pass", bench::Algo::single_pass, big, 0.745, 0.716, 0.873),
              row("hier-ks", bench::Algo::hier_ks, big, 3.3, 0.716, 0.873, false),
              row("book-bk", bench::Algo::book_bk, big, 3.0, 0.716, 0.873),
              row("hier-bk", bench::Algo::hier_bk, big, 3.3, 0.716, 0.873)};
    return r;
}

TEST(BenchReport, NothingTheUserReadsNamesTheProcessBehindIt) {
    std::ostringstream s;
    bench::write_table(s, made_up_result());
    bench::write_summary(s, made_up_result());
    bench::write_goal_table(s, {made_up_result(), made_up_result()});
    EXPECT_EQ(s.str().find("issue"), std::string::npos) << s.str();
}

TEST(BenchReport, GoalTableHasOneLinePerRunWithItsWorstRatios) {
    bench::BenchResult exclusive_max = made_up_result();
    exclusive_max.config.op = OpKind::max;
    exclusive_max.config.exclusive = true;
    std::ostringstream s;
    bench::write_goal_table(s, {made_up_result(), exclusive_max});
    const std::string text = s.str();
    EXPECT_NE(text.find("int32 sum inclusive"), std::string::npos) << text;
    EXPECT_NE(text.find("int32 max exclusive"), std::string::npos) << text;
    EXPECT_NE(text.find("1.172    0.961    1.100"), std::string::npos) << text;
}

TEST(BenchReport, SeveralRunsShareOneCsvHeaderAndOneJsonDocument) {
    std::ostringstream csv, json;
    bench::write_csv(csv, {made_up_result(), made_up_result()});
    const std::string text = csv.str();
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1 + 2 * 9);
    bench::write_json(json, {made_up_result(), made_up_result()}, "scanlab bench --type all");
    const nlohmann::json j = nlohmann::json::parse(json.str());
    EXPECT_EQ(j["runs"].size(), 2u);
    EXPECT_EQ(j["runs"][1]["rows"].size(), 9u);
}

TEST(BenchReport, SummaryChecksThePerformanceGoals) {
    std::ostringstream s;
    bench::write_summary(s, made_up_result());
    const std::string text = s.str();
    EXPECT_NE(text.find("goals (int32 sum inclusive)"), std::string::npos) << text;
    EXPECT_NE(text.find("0.961 of copy bandwidth (goal >= 0.95): met"), std::string::npos) << text;
    EXPECT_NE(text.find("at least 1.172 x CUB's speed (at N = 2^28; goal >= 1.10): met"), std::string::npos) << text;
    EXPECT_NE(text.find("hier-bk (untraced) takes at most 1.100 x book-bk's time (at N = 2^28; goal <= 1.05): NOT met"), std::string::npos)
        << text;
    EXPECT_NE(text.find("1.100 x the copy's time (at N = 2^10; goal <= 1.2): met"), std::string::npos) << text;
    EXPECT_NE(text.find("1 row(s) FAILED"), std::string::npos) << text;
}

TEST(BenchReport, TableMarksAFailedRowWithItsReason) {
    std::ostringstream s;
    bench::write_table(s, made_up_result());
    EXPECT_NE(s.str().find("FAILED: 1 of 1024 elements differ"), std::string::npos) << s.str();
    EXPECT_NE(s.str().find("Test GPU (sm_90"), std::string::npos);
}

TEST(BenchReport, JsonHasEveryRowAndTheGpu) {
    std::ostringstream s;
    bench::write_json(s, made_up_result(), "scanlab bench --sizes 1024");
    const nlohmann::json j = nlohmann::json::parse(s.str());
    EXPECT_EQ(j["gpu"]["name"], "Test GPU");
    EXPECT_EQ(j["command"], "scanlab bench --sizes 1024");
    EXPECT_EQ(j["rows"].size(), 9u);
    EXPECT_EQ(j["rows"][5]["algorithm"], "single-pass");
    EXPECT_FALSE(j["all_verified"].get<bool>());
    EXPECT_EQ(j["bytes_per_element_moved"], 8);
}

TEST(BenchReport, CsvHasAHeaderAndOneLinePerRow) {
    std::ostringstream s;
    bench::write_csv(s, made_up_result());
    const std::string text = s.str();
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 10);
    EXPECT_EQ(text.rfind("gpu,type,op,exclusive,algorithm,", 0), 0u);
}

}  // namespace
