// A student's own kernel, traced on the CPU (kernel_tracer/): the book's kernels written by hand
// give the built-in algorithms' values at every barrier (and the racy one their stale reads under
// every schedule), and each planted fault is found at its line. Each fixture is compiled once per
// run below; the whole file takes a few seconds.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/emulation/emulate.hpp"
#include "core/error.hpp"
#include "core/input/run_spec.hpp"
#include "core/input/run_words.hpp"
#include "core/lesson/verdict.hpp"
#include "core/trace_io/trace_check.hpp"
#include "core/trace_io/trace_json.hpp"
#include "core/trace_io/trace_table.hpp"
#include "core/values.hpp"
#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/grade.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"
#include "kernel_tracer/host/output_check.hpp"
#include "tests/kernel_fixtures.hpp"

using namespace scanlab;
using namespace scanlab::kernel_tracer;
using namespace scanlab::kernel_fixtures;

namespace {

bool have_clang() { return !find_on_path({"clang++", "clang++-14"}).empty(); }

#define NEEDS_CLANG() \
    if (!have_clang()) GTEST_SKIP() << "clang++ is not installed (Debian's package clang)"

// A fixture (or a file) run as `scanlab trace --kernel FILE --like LIKE WORDS...` runs it.
KernelRequest request(const std::string& fixture, std::vector<std::string> words, Algorithm like = Algorithm::kogge_stone) {
    KernelRequest r;
    r.file = fixture_path(fixture);
    run_as(r, words);
    r.like = like;
    r.cpu_seconds = 10;
    r.trust = true;  // our own fixtures: where no sandbox can be made (a container that forbids it), they run with none
    return r;
}

KernelTrace traced(const std::string& fixture, std::vector<std::string> words, int block_dim = 0, int cpu_seconds = 10) {
    KernelRequest r = request(fixture, std::move(words));
    r.block_dim = block_dim;
    r.cpu_seconds = cpu_seconds;
    return trace_kernel(r);
}

Trace built_in(const std::string& algo, std::vector<std::string> words) {
    words.insert(words.end(), {"--algo", algo, "--backend", "cpu"});
    const RunSpec spec = parse_run_words(words, [](const std::string&, const auto&) { return false; });
    const PreparedRun run = prepare(spec);
    return emulate(run.resolved, run.input);
}

// A step's arrows as the views draw them: per written element, the element it came from and
// whether the operator was applied (then the written element's own value is the other operand).
std::vector<std::string> arrows(const Step& s) {
    std::vector<std::string> a;
    for (const Access& x : s.accesses)
        a.push_back(std::to_string(x.dst) + (x.applies_op ? " = op(" + std::to_string(x.src) + ", own)" : " = " + std::to_string(x.src)));
    std::sort(a.begin(), a.end());
    return a;
}

// The same values after every step, the same arrows, the same stale reads, and the same result.
void expect_same_steps(const Trace& mine, const Trace& want) {
    ASSERT_EQ(mine.steps.size(), want.steps.size());
    for (size_t k = 0; k < want.steps.size(); ++k) {
        EXPECT_TRUE(bitwise_equal(mine.steps[k].values, want.steps[k].values)) << "step " << k;
        EXPECT_EQ(arrows(mine.steps[k]), arrows(want.steps[k])) << "step " << k;
        EXPECT_EQ(mine.steps[k].hazards, want.steps[k].hazards) << "step " << k;
    }
    EXPECT_TRUE(bitwise_equal(mine.result, want.result));
}

// Host code's launches: step mine[k] holds the values of want's step pairs[k] (its first values where
// mine shows a longer array: K2's shared XY beside the built-in's S), and the results agree.
void expect_values_at_barriers(const Trace& mine, const Trace& want, const std::vector<std::pair<size_t, size_t>>& pairs) {
    ASSERT_EQ(mine.steps.size(), pairs.size());
    for (const auto& [m, w] : pairs) {
        ASSERT_LT(w, want.steps.size());
        const ValueArray &got = mine.steps[m].values, &wanted = want.steps[w].values;
        ASSERT_GE(size_of(got), size_of(wanted)) << "step " << m;
        for (size_t i = 0; i < size_of(wanted); ++i)
            EXPECT_EQ(format_value(got, i), format_value(wanted, i)) << "step " << m << " element " << i;
        EXPECT_EQ(mine.steps[m].kernel, want.steps[w].kernel) << "step " << m;
    }
    EXPECT_TRUE(bitwise_equal(mine.result, want.result));
}

bool has_finding(const KernelTrace& k, int line, const std::string& words) {
    for (const Finding& f : k.findings)
        if (f.line == line && f.sentence.find(words) != std::string::npos) return true;
    return false;
}

std::string all_findings(const KernelTrace& k) {
    std::string s = k.ended + "\n";
    for (const Finding& f : k.findings) s += f.sentence + "\n";
    return s;
}

// A race-free kernel runs to its end with no finding (`k`: its run).
void trace_clean(const KernelRequest& r, KernelTrace& k) {
    k = trace_kernel(r);
    ASSERT_TRUE(k.traced) << all_findings(k);
    EXPECT_TRUE(k.findings.empty()) << all_findings(k);
}

// A planted fault's kernel runs to its end with each (line, words) among its findings.
KernelTrace expect_found(const std::string& fixture, const std::vector<std::string>& words,
                         const std::vector<std::pair<int, std::string>>& found) {
    const KernelTrace k = traced(fixture, words);
    EXPECT_TRUE(k.traced) << all_findings(k);
    for (const auto& [line, text] : found) EXPECT_TRUE(has_finding(k, line, text)) << all_findings(k);
    return k;
}

// A planted fault's kernel on Figure 9.10's input is stopped, and why it ended says `text`.
KernelTrace expect_ended(const std::string& fixture, const std::string& text, int cpu_seconds = 10) {
    const KernelTrace k = traced(fixture, {"--preset", "fig9.10"}, 0, cpu_seconds);
    EXPECT_FALSE(k.traced);
    EXPECT_NE(k.ended.find(text), std::string::npos) << k.ended;
    return k;
}

}  // namespace

TEST(YourKernel, SlidesKoggeStoneWithTemporaryGivesTheBuiltInValuesAtEveryBarrier) {
    NEEDS_CLANG();
    const std::vector<std::string> words{"--random", "200", "--seed", "3", "--type", "float32"};
    KernelRequest r = request("slides_kogge_stone_temp.cu", words);
    r.block_dim = 256;
    KernelTrace k;
    ASSERT_NO_FATAL_FAILURE(trace_clean(r, k));
    std::vector<std::string> built = words;
    built.insert(built.end(), {"--section", "256"});
    expect_same_steps(k.trace, built_in("kogge-stone", built));
}

TEST(YourKernel, BrentKungGivesTheBuiltInValuesAtEveryBarrier) {
    NEEDS_CLANG();
    const std::vector<std::string> words{"--preset", "fig9.10", "--type", "float32"};
    // 8 threads, one block, as the built-in launches it
    KernelTrace k;
    ASSERT_NO_FATAL_FAILURE(trace_clean(request("brent_kung.cu", words, Algorithm::brent_kung), k));
    expect_same_steps(k.trace, built_in("brent-kung", words));
}

TEST(YourKernel, Fig92RacyLoopGivesTheBuiltInStaleReadsUnderEverySchedule) {
    NEEDS_CLANG();
    for (const std::string schedule : {"in-order", "reverse", "random:7"}) {
        const std::vector<std::string> words{"--random", "64",           "--seed", "5",          "--type",
                                             "float32",  "--warp-width", "8",      "--schedule", schedule};
        const KernelTrace k = traced("fig9_2_kogge_stone_racy.cu", words);
        ASSERT_TRUE(k.traced) << schedule << "\n" << all_findings(k);
        const Trace want = built_in("kogge-stone-racy", words);
        expect_same_steps(k.trace, want);
        if (want.counts.hazards > 0) EXPECT_TRUE(has_finding(k, 12, "a race (read after write)")) << schedule << "\n" << all_findings(k);
        // Thread 0 never enters the loop, so the loop's barrier is one not every thread reaches.
        EXPECT_TRUE(has_finding(k, 11, "a barrier not every thread reaches")) << all_findings(k);
    }
}

TEST(YourKernel, ARaceIsFoundAtItsLine) {
    NEEDS_CLANG();
    expect_found("fault_race.cu", {"--random", "64"}, {{6, "a race (read after write)"}, {5, "a race (write after read)"}});
}

TEST(YourKernel, AnOutOfBoundsWriteIsFoundAtItsLine) {
    NEEDS_CLANG();
    expect_found("fault_oob_write.cu", {"--preset", "fig9.10"}, {{5, "out of bounds in step 0: thread 15 of block 0 writes XY[16]"}});
}

TEST(YourKernel, ADivergentBarrierIsFoundAtBothLines) {
    NEEDS_CLANG();
    const KernelTrace k = expect_found("fault_divergent_barrier.cu", {"--preset", "fig9.10"}, {{7, "wait at different __syncthreads()"}});
    EXPECT_NE(all_findings(k).find("at line 9"), std::string::npos) << all_findings(k);
}

TEST(YourKernel, AnUninitializedSharedReadIsFoundAtItsLine) {
    NEEDS_CLANG();
    expect_found("fault_uninitialized_read.cu", {"--preset", "fig9.10"}, {{7, "reads XY[15] before any thread of its block wrote it"}});
}

TEST(YourKernel, AnEndlessLoopEndsWithinItsLimitAtItsLine) {
    NEEDS_CLANG();
    const KernelTrace k = expect_ended("fault_endless_loop.cu", "never ends", 1);
    EXPECT_TRUE(has_finding(k, 4, "never ends")) << all_findings(k);
}

TEST(YourKernel, ASegfaultEndsTheChildWithASentenceAtItsLine) {
    NEEDS_CLANG();
    expect_ended("fault_segfault.cu", "line 4: the kernel crashed with a segmentation fault in thread 0 of block 0");
}

TEST(YourKernel, AnAllocationBombEndsTheChildWithASentence) {
    NEEDS_CLANG();
    expect_ended("fault_allocation_bomb.cu", "ran out of its memory");
}

TEST(YourKernel, AKernelPastItsOneGibRunsOutOfItsMemoryNamingTheLimit) {
    NEEDS_CLANG();
    // 1.5 GiB: more than the kernel's own part of the runner's limit, however small the trace.
    expect_ended("fault_allocation_past_limit.cu",
                 "the kernel ran out of its memory in thread 0 of block 0 before the first barrier: "
                 "it asked for more than its 1 GiB limit");
}

TEST(YourKernel, ACudaMallocPastTheKernelsLimitRunsOutOfItsMemoryWithASentence) {
    NEEDS_CLANG();
    expect_ended("fault_cudamalloc_past_limit.cu", "the kernel ran out of its memory: it asked for more than its 1 GiB limit");
}

TEST(YourKernel, TheTracersOwnMemoryIsNotTheKernels) {
    NEEDS_CLANG();
    // A kernel's part far smaller than the runner, its threads' stacks and the record of 2,048
    // values over 21 barrier intervals need: the run still ends, since they are the tracer's share.
    KernelRequest r = request("slides_kogge_stone_temp.cu", {"--random", "2048", "--seed", "3"});
    r.kernel_memory = uint64_t(16) << 20;
    const KernelTrace k = trace_kernel(r);
    EXPECT_TRUE(k.traced) << k.ended;
    EXPECT_EQ(k.trace.steps.size(), 11u);
}

TEST(YourKernel, TheTracersShareGrowsWithTheRunsTrace) {
    ScanRequest floats;
    floats.type = ElementType::float32;
    auto share = [&](int64_t n) { return tracer_share(floats, Algorithm::kogge_stone, 1024, n / 1024); };
    // The stacks of 1,024 threads at least, and more for a trace 64 times as long.
    EXPECT_GE(share(1024), uint64_t(1024) * (128 << 10));
    EXPECT_GT(share(65536), share(1024) + (uint64_t(64) << 20));
}

TEST(YourKernel, ACompileErrorNamesTheFilesOwnLine) {
    NEEDS_CLANG();
    try {
        traced("fault_compile_error.cu", {"--preset", "fig9.10"});
        FAIL() << "it compiled";
    } catch (const ScanError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("does not compile"), std::string::npos) << what;
        EXPECT_NE(what.find("fault_compile_error.cu:4:"), std::string::npos) << what;
        EXPECT_NE(what.find("stride"), std::string::npos) << what;
    }
}

TEST(YourKernel, BookHierarchicalHostCodeGivesTheBuiltInValuesAtEveryBarrier) {
    NEEDS_CLANG();
    // 40 elements in sections of 8: K1 scans five sections, K2 scans S in one block, K3 adds S.
    const std::vector<std::string> words{"--random", "40", "--seed", "5", "--type", "float32", "--section", "8"};
    KernelTrace k;
    ASSERT_NO_FATAL_FAILURE(trace_clean(request("hierarchical_host.cu", words, Algorithm::hierarchical), k));
    const Trace want = built_in("hierarchical", words);
    // K1: load, strides 1, 2, 4, write S; K2: load, strides 1, 2, 4 (the built-in's S, ours XY); K3.
    expect_values_at_barriers(k.trace, want, {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {8, 8}, {9, 9}});
    EXPECT_EQ(k.trace.steps[4].array, ArrayKind::s);
    EXPECT_EQ(k.trace.steps[9].array, ArrayKind::y);
}

TEST(YourKernel, SlidesHostCodeWithBlockSumsScannedOnTheHostGivesTheBuiltInValues) {
    NEEDS_CLANG();
    const std::vector<std::string> words{"--preset", "fig9.10", "--type", "float64"};
    KernelTrace k;
    ASSERT_NO_FATAL_FAILURE(trace_clean(request("slides_host.cu", words, Algorithm::slides), k));
    // The host's loop over s is no step of ours: K1's four steps, then K3's.
    expect_values_at_barriers(k.trace, built_in("slides", words), {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 5}});
}

// A file written with T, op(a, b) and IDENTITY takes every --type and --op; each (type, operator)
// is compiled once and the compile cache serves the other runs.
TEST(YourKernel, AnyTypeHierarchicalScansEveryTypeAndOperatorAsTheBuiltInDoes) {
    NEEDS_CLANG();
    const std::string any_type_hierarchical = solved_starter("ex5-hierarchical");
    const std::vector<std::pair<std::string, std::string>> runs{{"int32", "sum"},   {"int64", "sum"}, {"float32", "sum"},
                                                                {"float64", "sum"}, {"int32", "max"}, {"int32", "min"}};
    for (const auto& [type, op] : runs) {
        const std::vector<std::string> words{"--random", "1000", "--seed", "4", "--type", type, "--op", op, "--section", "64"};
        const KernelTrace k = trace_kernel(request(any_type_hierarchical, words, Algorithm::hierarchical));
        ASSERT_TRUE(k.traced) << type << " " << op << ": " << all_findings(k);
        EXPECT_TRUE(k.findings.empty()) << type << " " << op << ": " << all_findings(k);
        EXPECT_TRUE(bitwise_equal(k.trace.result, built_in("hierarchical", words).result)) << type << " " << op;
    }
}

TEST(YourKernel, AnyTypeHierarchicalScansOneToThousandsOfElementsUnderEverySchedule) {
    NEEDS_CLANG();
    const std::string any_type_hierarchical = solved_starter("ex5-hierarchical");
    for (const std::string n : {"1", "63", "64", "65", "4100"})  // one block; S longer than a section (scanned by blocks too)
        for (const std::string schedule : {"in-order", "reverse", "random:7"}) {
            const std::vector<std::string> words{"--random", n,           "--seed", "9",          "--type",
                                                 "int32",    "--section", "64",     "--schedule", schedule};
            const KernelTrace k = trace_kernel(request(any_type_hierarchical, words, Algorithm::hierarchical));
            ASSERT_TRUE(k.traced) << "N = " << n << ", " << schedule << ": " << all_findings(k);
            EXPECT_TRUE(k.findings.empty()) << "N = " << n << ", " << schedule << ": " << all_findings(k);
            std::vector<std::string> built = words;
            built.resize(built.size() - 2);
            EXPECT_TRUE(bitwise_equal(k.trace.result, built_in("hierarchical", built).result)) << "N = " << n << ", " << schedule;
            if (n == "1") EXPECT_EQ(k.trace.steps.front().kernel, Kernel::single);
        }
}

namespace {

struct Starter {
    std::string name, like;
    std::vector<std::string> words;
};

}  // namespace

// Each starter under assets/your-kernel/ compiles and runs as it is, with a WRONG verdict; with
// its TODO filled from tests/fixtures/kernels/starter_solutions/ it gives the right scan.
TEST(YourKernel, EachStarterIsWrongAsItIsAndRightWithItsTodoDone) {
    NEEDS_CLANG();
    const std::vector<Starter> all{
        {"kogge-stone", "kogge-stone", {"--preset", "fig9.10"}},
        {"brent-kung", "brent-kung", {"--preset", "fig9.10"}},
        {"ex4-exclusive-kogge-stone", "kogge-stone", {"--preset", "fig9.10", "--exclusive"}},
        {"ex5-hierarchical", "hierarchical", {"--random", "40", "--seed", "2", "--section", "8"}},
    };
    for (const Starter& s : all) {
        const std::string starter = text_of(kStarters + "/" + s.name + ".cu");
        ASSERT_NE(starter.find("// TODO"), std::string::npos) << s.name;
        const std::string mine = testing::TempDir() + "/" + s.name + ".cu";
        const Trace want = built_in(s.like, s.words);
        std::ofstream(mine) << starter;
        for (const bool done : {false, true}) {
            const KernelTrace k = trace_kernel(request(done ? solved_starter(s.name) : mine, s.words, *parse_algorithm(s.like)));
            ASSERT_TRUE(k.traced) << s.name << (done ? " done: " : " as it is: ") << all_findings(k);
            EXPECT_EQ(bitwise_equal(k.trace.result, want.result), done) << s.name << (done ? " done" : " as it is");
            if (done) EXPECT_TRUE(k.findings.empty()) << s.name << ": " << all_findings(k);
        }
    }
}

namespace {

// The table's line that holds the run's additions beside the chapter's formula ("real work ...").
std::string formula_line(const Trace& t) {
    std::ostringstream out;
    write_trace_table(out, t, 64, false);
    const std::string table = out.str();
    const size_t at = table.find("real work");
    return at == std::string::npos ? "" : table.substr(at, table.find('\n', at) - at);
}

}  // namespace

// --like names the algorithm a kernel is meant to be: its counts stand beside that algorithm's
// formula, as the built-in run's do.
TEST(YourKernel, LikeShowsTheCountsBesideTheChaptersFormulaAsTheBuiltInRunDoes) {
    NEEDS_CLANG();
    struct Case {
        std::string fixture, like;
        std::vector<std::string> words;
    };
    const std::vector<Case> cases{
        {"slides_kogge_stone_temp.cu", "kogge-stone", {"--preset", "fig9.10", "--type", "float32"}},
        {"brent_kung.cu", "brent-kung", {"--preset", "fig9.10", "--type", "float32"}},
        {"hierarchical_host.cu", "hierarchical", {"--preset", "fig9.10", "--type", "float32"}},
        {"slides_host.cu", "slides", {"--preset", "fig9.10", "--type", "float64"}},
    };
    for (const Case& c : cases) {
        const KernelTrace k = trace_kernel(request(c.fixture, c.words, *parse_algorithm(c.like)));
        ASSERT_TRUE(k.traced) << c.fixture << ": " << all_findings(k);
        const std::string want = formula_line(built_in(c.like, c.words));
        EXPECT_EQ(formula_line(k.trace), want) << c.fixture << " like " << c.like;
        if (c.like != "slides") EXPECT_NE(want, "") << c.like << " has a formula in the chapter";
    }
}

// Racecheck's rule, whatever the warp width: the book's Figure 9.2 loop on Figure 9.10's 16
// elements is one warp at the default width, and its race is a finding at its line, with the
// schedule under which the result is wrong; that schedule, run as its words say, is wrong.
TEST(YourKernel, RaceInsideOneWarpIsAFindingWithAScheduleThatMakesTheResultWrong) {
    NEEDS_CLANG();
    const KernelTrace k = traced("fig9_2_kogge_stone_racy.cu", {"--preset", "fig9.10"});
    ASSERT_TRUE(k.traced) << all_findings(k);
    ASSERT_EQ(k.trace.warp_width, 32);
    auto race = std::find_if(k.findings.begin(), k.findings.end(),
                             [](const Finding& f) { return f.sentence.find("a race (") != std::string::npos; });
    ASSERT_NE(race, k.findings.end()) << all_findings(k);
    EXPECT_EQ(race->line, 12) << race->sentence;
    const size_t under = race->sentence.find("Under ");
    const size_t wrong = race->sentence.find(" the result is WRONG at ");
    ASSERT_NE(under, std::string::npos) << race->sentence;
    ASSERT_NE(wrong, std::string::npos) << race->sentence;
    EXPECT_NE(race->sentence.find(" before thread "), std::string::npos) << race->sentence;
    // Replay it: the words of the finding give a wrong result.
    std::istringstream replay_words(race->sentence.substr(under + 6, wrong - under - 6));
    std::vector<std::string> words{"--preset", "fig9.10"};
    for (std::string w; replay_words >> w;) words.push_back(w);
    const KernelTrace replayed = traced("fig9_2_kogge_stone_racy.cu", words);
    ASSERT_TRUE(replayed.traced);
    EXPECT_FALSE(judge(replayed.trace).correct()) << "replayed with the finding's words";
}

// The stale reads the table counts are the run's read-after-write races: a run with stale reads
// has a read-after-write finding, and a race-free run has neither; whatever the warp width, the
// racy loop's race is a finding.
TEST(YourKernel, TheStaleReadsAndTheRaceFindingsAgree) {
    NEEDS_CLANG();
    for (const std::string width : {"32", "8", "1"}) {
        const KernelTrace k = traced("fig9_2_kogge_stone_racy.cu", {"--random", "64", "--seed", "2", "--warp-width", width});
        ASSERT_TRUE(k.traced) << all_findings(k);
        const bool raw = std::any_of(k.findings.begin(), k.findings.end(),
                                     [](const Finding& f) { return f.sentence.find("(read after write)") != std::string::npos; });
        EXPECT_EQ(k.trace.counts.hazards > 0, raw) << "warp width " << width << "\n" << all_findings(k);
        EXPECT_TRUE(has_finding(k, 12, "a race (")) << "warp width " << width << "\n" << all_findings(k);
    }
    const KernelTrace clean = traced("slides_kogge_stone_temp.cu", {"--random", "64", "--warp-width", "1"});
    EXPECT_EQ(clean.trace.counts.hazards, 0);
    EXPECT_TRUE(clean.findings.empty()) << all_findings(clean);
}

// The shortest wrong schedule: a race that threads in index order never show (each reads the
// element after its own before that element's thread adds to it) is wrong under the fixed list's
// threads-reversed schedule, which reorders every pair of threads in every step; the search
// shrinks it to one thread run before the one below it, in one step, and says so.
TEST(YourKernel, TheRaceFindingsScheduleIsTheShortestWrongOneTheSearchFinds) {
    NEEDS_CLANG();
    const KernelTrace k = traced("reversed_ks_one_sync.cu", {"--preset", "fig9.10"});
    ASSERT_TRUE(k.traced) << all_findings(k);
    EXPECT_TRUE(judge(k.trace).correct());  // warps of 32 in lock-step: every read before every write
    auto race = std::find_if(k.findings.begin(), k.findings.end(),
                             [](const Finding& f) { return f.sentence.find("a race (") != std::string::npos; });
    ASSERT_NE(race, k.findings.end()) << all_findings(k);
    const size_t under = race->sentence.find("Under ");
    const size_t wrong = race->sentence.find(" the result is WRONG at ");
    ASSERT_NE(wrong, std::string::npos) << race->sentence;
    const std::string schedule = race->sentence.substr(under + 6, wrong - under - 6);
    EXPECT_EQ(schedule, "--warp-width 1 --schedule first:1@1") << race->sentence;
    EXPECT_NE(race->sentence.find("(1 reordering of the threads' order, the fewest the search found;"), std::string::npos)
        << race->sentence;
    EXPECT_NE(race->sentence.find("thread 1 writes XY[1] before thread 0 reads it"), std::string::npos) << race->sentence;
    // Its words replay it: wrong, as the finding says.
    std::istringstream replay_words(schedule);
    std::vector<std::string> words{"--preset", "fig9.10"};
    for (std::string w; replay_words >> w;) words.push_back(w);
    const KernelTrace replayed = traced("reversed_ks_one_sync.cu", words);
    ASSERT_TRUE(replayed.traced);
    EXPECT_FALSE(judge(replayed.trace).correct()) << "replayed with the finding's words";
    // One step fewer reordered: right again (the search kept the smallest wrong one).
    EXPECT_TRUE(
        judge(traced("reversed_ks_one_sync.cu", {"--preset", "fig9.10", "--warp-width", "1", "--schedule", "in-order"}).trace).correct());
}

TEST(YourKernel, ARaceWhoseResultIsRightUnderEveryScheduleSaysSo) {
    NEEDS_CLANG();
    const KernelTrace k = expect_found("benign_race.cu", {"--preset", "fig9.10"}, {{8, "The result was right under every schedule tried"}});
    EXPECT_TRUE(judge(k.trace).correct());
}

// The launch comes from the file's SECTION_SIZE, and where it does not cover the input in one
// block a note says so before the run: 2 blocks of 8, no out-of-bounds findings that are no bugs.
TEST(YourKernel, TheLaunchComesFromTheFilesSectionSizeWithANoteBeforeTheRun) {
    NEEDS_CLANG();
    const KernelTrace k = traced(kFixtures + "/students/section8_on_16.cu", {"--preset", "fig9.10"});
    ASSERT_TRUE(k.traced) << all_findings(k);
    EXPECT_EQ(k.trace.threads_per_block, 8);
    EXPECT_EQ(k.trace.grid, 2);
    EXPECT_TRUE(k.findings.empty()) << all_findings(k);
    EXPECT_NE(k.launch_note.find("defines SECTION_SIZE 8, so 16 values run as 2 blocks of 8 threads"), std::string::npos) << k.launch_note;
}

// Steps, the table and the explanations name the file's own arrays: the double buffer's bufA and bufB.
TEST(YourKernel, StepsNameTheFilesOwnArrays) {
    NEEDS_CLANG();
    KernelTrace k;
    ASSERT_NO_FATAL_FAILURE(trace_clean(request(kFixtures + "/students/ks_double_buffer.cu", {"--preset", "fig9.10"}), k));
    std::set<std::string> names;
    for (const Step& s : k.trace.steps) names.insert(s.array_name);
    EXPECT_EQ(names, (std::set<std::string>{"bufA", "bufB"}));
    std::ostringstream table;
    write_trace_table(table, k.trace, 64, true);
    EXPECT_NE(table.str().find("bufB is your shared array after the step"), std::string::npos) << table.str();
    EXPECT_EQ(table.str().find(" XY "), std::string::npos) << table.str();
}

// long values through a __shared__ int array: no tool failure; the trace shows Y and the verdict
// says the cut values are wrong.
TEST(YourKernel, LongDataThroughAnIntSharedArrayIsJudgedNotRefused) {
    NEEDS_CLANG();
    const KernelTrace k = traced(kFixtures + "/students/long_through_int.cu", {"--input", "3000000000,1,2"});
    ASSERT_TRUE(k.traced) << all_findings(k);
    EXPECT_EQ(k.trace.type, ElementType::int64);
    EXPECT_EQ(judge(k.trace).wrong.size(), 3u);
}

// A CUDA feature the runner does not have is the compiler's one message at the student's line,
// never errors from inside a header.
TEST(YourKernel, AnUnsupportedFeatureIsNamedAtTheStudentsLine) {
    NEEDS_CLANG();
    try {
        traced("unsupported_half.cu", {"--preset", "fig9.10"});
        FAIL() << "it compiled";
    } catch (const ScanError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("unsupported_half.cu:3:5: error: unknown type name '__half'"), std::string::npos) << what;
        EXPECT_EQ(what.find("In file included from"), std::string::npos) << what;
        EXPECT_EQ(what.find(".h:"), std::string::npos) << what;
    }
}

// --block-schedule orders a student's kernel's blocks: a kernel that reads the block before's sum
// with nothing that waits for it is right in order and wrong when a later block runs first.
TEST(YourKernel, TheBlockScheduleOrdersTheKernelsBlocks) {
    NEEDS_CLANG();
    const std::string file = kFixtures + "/students/prev_block_sum.cu";
    const KernelTrace in_order = traced(file, {"--random", "32", "--block-schedule", "in-order"});
    const KernelTrace reverse = traced(file, {"--random", "32", "--block-schedule", "reverse"});
    ASSERT_TRUE(in_order.traced && reverse.traced) << all_findings(in_order) << all_findings(reverse);
    EXPECT_EQ(in_order.trace.grid, 4);
    EXPECT_TRUE(judge(in_order.trace).correct());
    EXPECT_EQ(judge(reverse.trace).wrong.size(), 24u);
    EXPECT_THROW(traced(file, {"--random", "32", "--block-schedule", "sideways"}), UsageError);
}

// The trace keeps the block schedule its blocks ran under, and the table names the order they ran
// in; a trace whose block schedule is no kernel's order is not this run's.
TEST(YourKernel, TheTraceKeepsTheBlockScheduleAndTheTableNamesTheOrderTheBlocksRanIn) {
    NEEDS_CLANG();
    const std::string file = kFixtures + "/students/prev_block_sum.cu";
    const KernelTrace reverse = traced(file, {"--random", "32", "--block-schedule", "reverse"});
    ASSERT_TRUE(reverse.traced) << all_findings(reverse);
    EXPECT_EQ(reverse.trace.block_schedule, "reverse");
    std::ostringstream table;
    write_trace_table(table, reverse.trace, 64, false);
    EXPECT_NE(table.str().find("blocks ran one after another, each to its end before the next: 3, 2, 1, 0 (reverse)\n"), std::string::npos)
        << table.str();
    EXPECT_EQ(table.str().find("polls"), std::string::npos) << "a kernel's blocks wait on no flag";
    // A trace file of it reads back with its block schedule, and one naming no kernel's order is refused.
    std::stringstream json;
    write_trace_json(json, reverse.trace);
    const Trace back = read_trace_json(json, "the saved trace");
    EXPECT_EQ(back.block_schedule, "reverse");
    EXPECT_EQ(first_inconsistency(back), "");
    Trace replay = back;
    replay.block_schedule = "replay";
    EXPECT_NE(first_inconsistency(replay).find("block schedule"), std::string::npos);
    const KernelTrace in_order = traced(file, {"--random", "32"});
    ASSERT_TRUE(in_order.traced);
    EXPECT_EQ(in_order.trace.block_schedule, "in-order");
}

// A trace left by the runner must name the block schedule the run asked for: a kernel that writes
// a trace of its own with another order (or none) is not shown as this run.
TEST(YourKernel, ATraceNamingAnotherBlockScheduleIsNotThisRuns) {
    Trace t;
    t.kernel = "k.cu";
    t.backend = "cpu";
    t.schedule = "in-order";
    t.block_schedule = "in-order";
    ExpectedHeader want{"k.cu", t.type, t.op, false, t.warp_width, "in-order", nullptr, "reverse"};
    EXPECT_NE(trace_not_this_runs(t, want).find("the block schedule in-order, the run asked for reverse"), std::string::npos)
        << trace_not_this_runs(t, want);
    want.block_schedule = "in-order";
    EXPECT_EQ(trace_not_this_runs(t, want), "");
    t.block_schedule.clear();
    EXPECT_NE(trace_not_this_runs(t, want), "");
}

// `scanlab grade`: the Exercise 4 starter as it is fails the scan at its smallest failing input, and
// the replay the report gives fails the same way (`scanlab grade --exercise 4` on the solved
// starter passes every check: docs/your-kernel.md).
TEST(YourKernel, GradeNamesTheSmallestFailingInputWithItsReplay) {
    NEEDS_CLANG();
    const std::string starter = testing::TempDir() + "/ex4-graded.cu";
    std::ofstream(starter) << text_of(kStarters + "/ex4-exclusive-kogge-stone.cu");
    const Grade as_is = grade_exercise(4, starter, {.every_type = false});
    ASSERT_FALSE(as_is.passed());
    const GradeCheck& first = as_is.checks.front();
    EXPECT_EQ(first.name, "exclusive scan of int32 with sum");
    ASSERT_FALSE(first.passed);
    EXPECT_EQ(first.failure.rfind("N = 7: ", 0), 0u) << first.failure;  // N = 1 is right: the exclusive scan of one value is the identity
    const std::string flags = first.replay.substr(first.replay.find(" --random"));
    std::istringstream in(flags);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    KernelRequest r = request(starter, words);
    EXPECT_FALSE(judge(trace_kernel(r).trace).correct()) << first.replay;
    EXPECT_EQ(first.failing_words, words);  // what the app opens as a run is the replay's own words
    EXPECT_THROW(grade_exercise(3, starter), UsageError);
}

// A kernel that names its own element type cannot run the exercise's other types: that type's
// scan fails with the sentence that says so, and the grade goes on to its other checks (it is
// never a grade that stopped at the first type it could not run).
TEST(YourKernel, GradeFailsTheTypesAKernelOfItsOwnTypeCannotRunAndGoesOn) {
    NEEDS_CLANG();
    const Grade g = grade_exercise(4, fixture_path("fault_race.cu"), {.every_type = false, .trust = true});
    EXPECT_FALSE(g.cancelled);
    const auto doubles =
        std::find_if(g.checks.begin(), g.checks.end(), [](const GradeCheck& c) { return c.name == "exclusive scan of float64 with min"; });
    ASSERT_NE(doubles, g.checks.end());
    EXPECT_FALSE(doubles->passed);
    EXPECT_NE(doubles->failure.find("scans int32 values"), std::string::npos) << doubles->failure;
    EXPECT_EQ(doubles->failure.rfind("N = 1: ", 0), 0u) << doubles->failure;
}

// The app's Grade runs in the background: it reports each run before it starts, and Cancel stops
// it between runs (or ends the one under way), saying the grade was cancelled rather than passed.
TEST(YourKernel, GradeReportsProgressAndStopsWhenCancelled) {
    NEEDS_CLANG();
    const std::string starter = testing::TempDir() + "/ex4-cancelled.cu";
    std::ofstream(starter) << text_of(kStarters + "/ex4-exclusive-kogge-stone.cu");
    std::atomic<bool> cancel = false;
    std::vector<std::pair<int, int>> seen;
    GradeOptions options{.every_type = false, .cancel = &cancel, .progress = [&](int done, int total) {
                             seen.emplace_back(done, total);
                             if (done == 2) cancel = true;
                         }};
    const Grade g = grade_exercise(4, starter, options);
    EXPECT_TRUE(g.cancelled);
    EXPECT_FALSE(g.passed());
    ASSERT_GE(seen.size(), 3u);
    EXPECT_EQ(seen.front(), std::make_pair(0, 30));  // 2 kinds x 5 sizes x 3 schedules
    EXPECT_EQ(seen.back().first, 2);
    int runs = 0;
    for (const GradeCheck& c : g.checks) runs = std::max(runs, c.runs);
    EXPECT_EQ(runs, 2);
}

// A grade's report names the file as it was typed, a backslash of its own included; a name that
// holds a control character is quoted with the character escaped, so it cannot rewrite the line.
TEST(YourKernel, GradeNamesAFileAsTypedUnlessItHoldsAControlCharacter) {
    EXPECT_EQ(path_word("week 3\\ex5.cu"), "week 3\\ex5.cu");
    EXPECT_EQ(path_word("ex5.cu\x1b[2J"), "'ex5.cu\\x1b[2J'");
}
