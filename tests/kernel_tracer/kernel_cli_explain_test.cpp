// What `scanlab trace|scan --kernel` says of a student's kernel, run as a student runs it: every
// sentence of --explain is one the trace bears out (its counts are the step's, a finding named in a
// step is one the run printed, made in that step), the JSON's explanations are the table's, and no
// sentence of a built-in algorithm (its rules, its listing, the racy lesson) is said of code Scan
// Lab did not write. Needs clang++; skips without it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/trace_io/trace_json.hpp"
#include "kernel_tracer/host/child_process.hpp"
#include "tests/cli_run.hpp"
#include "tests/kernel_fixtures.hpp"

using namespace scanlab;
using namespace scanlab::kernel_fixtures;

namespace {

// Short enough for one line, which clang-format then keeps as it is (it breaks a longer one
// differently each time it is run).
const char* const kNoClang = "clang++ is not installed (Debian's package clang)";
#define NEEDS_CLANG() \
    if (kernel_tracer::find_on_path({"clang++", "clang++-14"}).empty()) GTEST_SKIP() << kNoClang

int64_t number(std::string s) {
    s.erase(std::remove(s.begin(), s.end(), ','), s.end());
    return std::stoll(s);
}

// The table's explanation lines, by step: the indented lines under each numbered row.
std::map<size_t, std::vector<std::string>> explained_steps(const std::string& table) {
    static const std::regex row(R"(^(\d+)\s{2,}\S)");
    std::map<size_t, std::vector<std::string>> out;
    std::istringstream in(table);
    long step = -1;
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_search(line, m, row)) {
            step = std::stol(m[1]);
            out[size_t(step)];
        } else if (step >= 0 && line.rfind("     ", 0) == 0) {
            out[size_t(step)].push_back(line.substr(line.find_first_not_of(' ')));
        } else {
            step = -1;
        }
    }
    return out;
}

// The findings the run printed after the table.
std::vector<std::string> printed_findings(const std::string& table) {
    std::vector<std::string> out;
    const size_t at = table.find("\nfindings in ");
    if (at == std::string::npos) return out;
    std::istringstream in(table.substr(at + 1));
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line) && line.rfind("  ", 0) == 0) out.push_back(line.substr(2));
    return out;
}

// Each line of step k's explanation held against the step: which of the known sentences it is,
// and that its numbers are the trace's.
void expect_true_of_step(const Trace& t, size_t k, const std::vector<std::string>& lines, const std::vector<std::string>& findings,
                         const std::string& run) {
    const Step& s = t.steps[k];
    const StepCounts& c = s.counts;
    int64_t so_far = 0;
    for (size_t j = 0; j <= k; ++j) so_far += t.steps[j].counts.additions;
    const std::string at = run + ", step " + std::to_string(k) + ": ";
    bool counted_threads = false, counted_adds = false, counted_barriers = false, said_findings = false;
    int64_t hazards = 0;
    for (const std::string& line : lines) {
        std::smatch m;
        if (std::regex_search(line, m, std::regex(R"(^A step of your kernel (\S+): )"))) {
            EXPECT_EQ(m[1].str(), t.kernel) << at << line;
        } else if (line.rfind("The load: ", 0) == 0) {
            EXPECT_EQ(s.phase, Phase::load) << at << line;
        } else if (std::regex_search(line, m, std::regex(R"(^(XY|Y|S) is )"))) {
            EXPECT_EQ(m[1].str(), name(s.array)) << at << line;
            EXPECT_NE(s.phase, Phase::load) << at << line;
        } else if (
            std::regex_search(
                line, m,
                std::regex(
                    R"(^([\d,]+) of ([\d,]+) threads worked .*; ([\d,]+) of ([\d,]+) warps? \((\d+) threads each\) (was|were) divergent)"))) {
            EXPECT_EQ(number(m[1]), c.active_threads) << at << line;
            EXPECT_EQ(number(m[2]), c.active_threads + c.idle_threads) << at << line;
            EXPECT_EQ(number(m[3]), c.divergent_warps) << at << line;
            EXPECT_EQ(number(m[4]), s.blocks * ((s.threads_per_block + t.warp_width - 1) / t.warp_width)) << at << line;
            EXPECT_EQ(number(m[5]), t.warp_width) << at << line;
            counted_threads = true;
        } else if (std::regex_search(line, m, std::regex(R"(^Each block passed at most ([\d,]+) barriers? in this step\.$)"))) {
            EXPECT_EQ(number(m[1]), c.barriers) << at << line;
            counted_barriers = true;
        } else if (line == "No block passed a barrier in this step.") {
            EXPECT_EQ(c.barriers, 0) << at;
            counted_barriers = true;
        } else if (std::regex_search(line, m,
                                     std::regex(R"(^Additions .*: ([\d,]+) in this step, ([\d,]+) so far, ([\d,]+) in the run\.$)"))) {
            EXPECT_EQ(number(m[1]), c.additions) << at << line;
            EXPECT_EQ(number(m[2]), so_far) << at << line;
            EXPECT_EQ(number(m[3]), t.counts.additions) << at << line;
            counted_adds = true;
        } else if (std::regex_search(line, m,
                                     std::regex(R"(^([\d,]+) elements? of (XY|Y|S) (was|were) read after another thread wrote)"))) {
            hazards = number(m[1]);
            EXPECT_EQ(m[2].str(), name(s.array)) << at << line;
        } else if (line.rfind("Found in this step: ", 0) == 0) {
            const std::string f = line.substr(std::strlen("Found in this step: "));
            EXPECT_NE(std::find(findings.begin(), findings.end(), f), findings.end()) << at << "not a finding the run printed: " << f;
            EXPECT_NE(f.find("in step " + std::to_string(k) + ":"), std::string::npos) << at << f;
            said_findings = true;
        } else if (line == "Nothing was found wrong in this step.") {
            for (const std::string& f : findings) EXPECT_EQ(f.find("in step " + std::to_string(k) + ":"), std::string::npos) << at << f;
            said_findings = true;
        } else {
            ADD_FAILURE() << at << "a sentence the trace does not bear out: " << line;
        }
    }
    EXPECT_TRUE(counted_threads && counted_adds && counted_barriers && said_findings) << at << "a count or the findings left unsaid";
    EXPECT_EQ(hazards, c.hazards) << at << "the stale reads";
}

struct KernelRun {
    const char* file;
    std::vector<std::string> words;
    int exit_code = 0;  // 1: the kernel has findings (the racy loop)
};

}  // namespace

TEST(YourKernelOnTheCommandLine, EverySentenceOfItsExplanationIsTrueOfItsTraceAndNoneIsABuiltInAlgorithms) {
    NEEDS_CLANG();
    const std::vector<KernelRun> runs = {
        {"slides_kogge_stone_temp.cu", {"--preset", "fig9.10"}},
        {"fig9_2_kogge_stone_racy.cu", {"--random", "64", "--warp-width", "8", "--like", "kogge-stone-racy"}, 1},
        {"hierarchical_host.cu", {"--random", "300", "--section", "8", "--like", "hierarchical"}},  // S longer than a section
        {"ex4", {"--preset", "fig9.10", "--exclusive"}},
    };
    // The sentences of the built-in algorithms' explanations and of the racy lesson.
    const std::vector<std::string> built_in = {"What the working threads do",
                                               "idle because",
                                               "shifted",
                                               "loads element",
                                               "Already final",
                                               "the chapter counts",
                                               "own exact count",
                                               "stride",
                                               "LESSON",
                                               "Kernel 1",
                                               "kernel 2",
                                               "S^1",
                                               "Thread t "};
    for (const KernelRun& r : runs) {
        const std::string file = std::string(r.file) == "ex4" ? solved_starter("ex4-exclusive-kogge-stone") : fixture_path(r.file);
        // --trust: our own fixtures run with no sandbox where none can be made.
        std::vector<std::string> args{"trace", "--kernel", file, "--no-device-check", "--trust"};
        args.insert(args.end(), r.words.begin(), r.words.end());
        std::vector<std::string> json_args = args, table_args = args;
        json_args.insert(json_args.end(), {"--format", "json"});
        table_args.push_back("--explain");
        const CliResult json = run_cli(json_args), table = run_cli(table_args);
        ASSERT_EQ(json.exit_code, r.exit_code) << r.file << json.err;
        ASSERT_EQ(table.exit_code, r.exit_code) << r.file << table.err;
        std::istringstream in(json.out);
        const Trace t = read_trace_json(in, r.file);
        ASSERT_FALSE(t.kernel.empty());

        const std::vector<std::string> findings = printed_findings(table.out);
        const std::map<size_t, std::vector<std::string>> steps = explained_steps(table.out);
        ASSERT_EQ(steps.size(), t.steps.size()) << r.file << table.out;
        const nlohmann::json j = nlohmann::json::parse(json.out);
        for (const auto& [k, lines] : steps) {
            expect_true_of_step(t, k, lines, findings, r.file);
            EXPECT_EQ(j["steps"][k]["explanation"].get<std::vector<std::string>>(), lines) << r.file << ", step " << k;
        }
        // Nothing else the table says speaks of a built-in algorithm's code (the findings are the student's own lines).
        const std::string said = table.out.substr(0, table.out.find("\nfindings in "));
        for (const std::string& words : built_in) EXPECT_EQ(said.find(words), std::string::npos) << r.file << ": \"" << words << "\"";
        for (const std::string& words : built_in) EXPECT_EQ(table.err.find(words), std::string::npos) << r.file << ": \"" << words << "\"";

        // `scan --kernel`: the result, one value a line, and nothing else on standard output.
        std::vector<std::string> scan_args = args;
        scan_args[0] = "scan";
        const CliResult scan = run_cli(scan_args);
        ASSERT_EQ(scan.exit_code, r.exit_code) << scan.err;
        std::istringstream values(scan.out);
        size_t count = 0;
        for (std::string v; std::getline(values, v); ++count) EXPECT_TRUE(std::regex_match(v, std::regex(R"(-?[\d.e+-]+)"))) << v;
        EXPECT_EQ(int64_t(count), t.n);
        for (const std::string& words : built_in) EXPECT_EQ(scan.err.find(words), std::string::npos) << r.file << ": \"" << words << "\"";
    }
}

// The verdict closes the output (stdout after trace's table, stderr after scan's values) and the
// exit status says it: 0 correct and clean, 1 wrong, findings or no result, 2 a usage error.
TEST(YourKernelOnTheCommandLine, TheVerdictAndTheExitStatusSayWhetherTheKernelIsRight) {
    NEEDS_CLANG();
    struct Case {
        std::string file;
        std::vector<std::string> words;
        int exit_code;
        std::string verdict;
    };
    const std::string students = kFixtures + "/students/";
    const std::vector<Case> cases{
        {fixture_path("slides_kogge_stone_temp.cu"), {"--preset", "fig9.10"}, 0, "CORRECT: 16 of 16 values, no findings"},
        {fixture_path("fig9_2_kogge_stone_racy.cu"), {"--preset", "fig9.10"}, 1, "CORRECT VALUES, BUT 2 FINDINGS"},
        {students + "ks_short_loop.cu",
         {"--preset", "fig9.10"},
         1,
         "WRONG: 8 of 16 values differ from the correct scan, first at 8\nwant: 2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31"},
        {students + "endless_barrier.cu", {"--preset", "fig9.10"}, 1, "NO RESULT: the kernel did not run to its end"},
    };
    for (const Case& c : cases)
        for (const std::string command : {"trace", "scan"}) {
            std::vector<std::string> args{command, "--kernel", c.file, "--no-device-check"};
            args.insert(args.end(), c.words.begin(), c.words.end());
            const CliResult r = run_cli(args);
            EXPECT_EQ(r.exit_code, c.exit_code) << command << " " << c.file << "\n" << r.err;
            const bool traced = c.verdict.rfind("NO RESULT", 0) != 0;
            const std::string& where = command == "trace" && traced ? r.out : r.err;
            EXPECT_NE(where.find("\n" + c.verdict), std::string::npos) << command << " " << c.file << "\nout:\n"
                                                                       << r.out << "\nerr:\n"
                                                                       << r.err;
            // A kernel stopped for never ending prints no table and no values.
            if (!traced) EXPECT_EQ(r.out, "") << command << " " << c.file;
        }
    const CliResult usage =
        run_cli({"trace", "--kernel", fixture_path("slides_kogge_stone_temp.cu"), "--preset", "fig9.10", "--block-dim", "5000"});
    EXPECT_EQ(usage.exit_code, 2) << usage.err;
}
