// What `scanlab` prints when it is given good input: the exact results of the book's and the
// slides' examples, the trace in both formats, the backend note, --help and the racy lesson.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/algorithms/table.hpp"
#include "core/types.hpp"
#include "tests/cli_run.hpp"

namespace {

using json = nlohmann::json;

const std::string kFig910Inclusive = "2\n3\n6\n7\n7\n11\n12\n14\n14\n17\n18\n20\n25\n28\n29\n31\n";
const std::string kFig910Exclusive = "0\n2\n3\n6\n7\n7\n11\n12\n14\n14\n17\n18\n20\n25\n28\n29\n";

// A file under the test temp dir, removed at the end of the test.
struct TempTextFile {
    std::string path;
    explicit TempTextFile(const std::string& text) {
        path = ::testing::TempDir() + "scanlab_cli_input_" + std::to_string(::getpid()) + "_" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".txt";
        std::ofstream f(path, std::ios::binary);
        f << text;
    }
    ~TempTextFile() { std::remove(path.c_str()); }
};

json parse_json_or_fail(const std::string& text) {
    json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
    EXPECT_FALSE(j.is_discarded()) << "stdout is not valid JSON:\n" << text.substr(0, 2000);
    return j;
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

// ---- scan: the result, one value per line ------------------------------------------------------

TEST(CliOutput, ScanOfFigure910PrintsTheBooksInclusiveSums) {
    const CliResult r = run_cli({"scan", "--preset", "fig9.10"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, kFig910Inclusive);
}

TEST(CliOutput, ScanOfFigure910WithEveryAlgorithmPrintsTheSameSums) {
    for (scanlab::Algorithm a : scanlab::all_algorithms()) {
        if (scanlab::algorithm_info(a).racy) continue;  // wrong on purpose
        const std::string algo(scanlab::name(a));
        std::vector<std::string> args{"scan", "--algo", algo, "--preset", "fig9.10", "--backend", "cpu"};
        if (scanlab::algorithm_info(a).takes_flags) args.insert(args.end(), {"--flags", "every:16"});  // one segment: the plain scan
        const CliResult r = run_cli(args);
        EXPECT_EQ(r.exit_code, 0) << algo << ": " << r.err;
        EXPECT_EQ(r.out, kFig910Inclusive) << algo;
    }
}

TEST(CliOutput, ThreePhaseTraceShowsItsThreePhasesWithBrentKungInPhase2) {
    const CliResult r = run_cli(
        {"trace", "--algo", "three-phase", "--coarsening", "4", "--block-algo", "brent-kung", "--preset", "fig9.10", "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    for (const char* part : {"coarsening C = 4", "phase 2 brent-kung", "phase 1 · element 2 of 4", "phase 2 · reduction level 1",
                             "phase 3 · add predecessor's total · element 3 of 4", " 2  3  6  7  7 11 12 14 14 17 18 20 25 28 29 31"})
        EXPECT_NE(r.out.find(part), std::string::npos) << part << "\n" << r.out;
}

TEST(CliOutput, HierarchicalScansWithThreePhaseBlocksOfTheGivenCoarsening) {
    const CliResult r = run_cli({"scan", "--algo", "hierarchical", "--block-algo", "three-phase", "--coarsening", "2", "--section", "4",
                                 "--preset", "fig9.10", "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, kFig910Inclusive);
}

TEST(CliOutput, ScanKoggeStoneOfSlidesPresetPrintsTheSlidesSums) {
    const CliResult r = run_cli({"scan", "--algo", "kogge-stone", "--preset", "slides"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "1\n3\n8\n15\n24\n30\n");
}

TEST(CliOutput, ScanSlidesAlgorithmOfSlidesT0PrintsRowT0) {
    const CliResult r = run_cli({"scan", "--algo", "slides", "--preset", "slides-t0"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "3\n4\n11\n11\n15\n16\n22\n25\n");
}

TEST(CliOutput, ExclusiveScanOfFigure910ShiftsByOneAndStartsAtZero) {
    const CliResult r = run_cli({"scan", "--preset", "fig9.10", "--exclusive"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, kFig910Exclusive);
}

TEST(CliOutput, MaxScanPrintsRunningMaximum) {
    const CliResult r = run_cli({"scan", "--algo", "brent-kung", "--input", "3 1 7 0 4 1 6 3", "--op", "max"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "3\n3\n7\n7\n7\n7\n7\n7\n");
}

// ---- where the input comes from ----------------------------------------------------------------

TEST(CliOutput, InputFileDashReadsStandardInput) {
    const CliResult r = run_cli({"scan", "--input-file", "-"}, "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, kFig910Inclusive);
}

TEST(CliOutput, InputFileWithCommentsAndNewlinesIsRead) {
    const TempTextFile file(
        "# Figure 9.10, one section per line\n"
        "2 1 3 1   # section 0\n"
        "0,4,1,2\n"
        "\n"
        "# a whole-line comment between sections\n"
        "0 3 1 2\r\n"
        "5\t3\t1\t2");  // no final newline
    const CliResult r = run_cli({"scan", "--input-file", file.path});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, kFig910Inclusive);
}

TEST(CliOutput, RandomInputIsReproducibleFromTheSeed) {
    const CliResult a = run_cli({"scan", "--random", "100", "--seed", "7"});
    const CliResult b = run_cli({"scan", "--random", "100", "--seed", "7"});
    EXPECT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    size_t lines = 0;
    for (char c : a.out) lines += c == '\n';
    EXPECT_EQ(lines, 100u);
}

// ---- trace -------------------------------------------------------------------------------------

TEST(CliOutput, TraceJsonParsesAndHoldsTheDocumentedKeys) {
    const CliResult r = run_cli({"trace", "--preset", "fig9.10", "--format", "json", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = parse_json_or_fail(r.out);
    ASSERT_TRUE(j.is_object());
    for (const char* key : {"algorithm", "n", "section", "op", "type", "exclusive", "backend", "steps", "result", "counts"})
        EXPECT_TRUE(j.contains(key)) << "missing key " << key;
    EXPECT_EQ(j.value("algorithm", ""), "hierarchical");
    EXPECT_EQ(j.value("n", -1), 16);
    EXPECT_EQ(j.value("section", -1), 4);
    EXPECT_EQ(j.value("op", ""), "sum");
    EXPECT_EQ(j.value("type", ""), "int32");
    EXPECT_EQ(j.value("exclusive", true), false);
    EXPECT_EQ(j.value("backend", ""), "cpu");
    EXPECT_EQ(j["result"], json({2, 3, 6, 7, 7, 11, 12, 14, 14, 17, 18, 20, 25, 28, 29, 31}));
    EXPECT_TRUE(j["counts"].is_object());

    ASSERT_TRUE(j["steps"].is_array());
    ASSERT_FALSE(j["steps"].empty());
    for (const json& s : j["steps"]) {
        for (const char* key : {"kernel", "label", "values", "additions", "active_threads"})
            EXPECT_TRUE(s.contains(key)) << "a step lacks key " << key << ": " << s.dump().substr(0, 300);
        EXPECT_TRUE(s["values"].is_array());
        EXPECT_TRUE(s["additions"].is_number_integer());
        EXPECT_TRUE(s["active_threads"].is_number_integer());
    }
}

TEST(CliOutput, TraceJsonCarriesEachStepsExplanationAsTheAppSaysIt) {
    const CliResult r = run_cli({"trace", "--algo", "hierarchical", "--preset", "fig9.10", "--format", "json", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = parse_json_or_fail(r.out);
    ASSERT_TRUE(j["steps"].is_array());
    std::string all;
    for (const json& s : j["steps"]) {
        ASSERT_TRUE(s.contains("explanation")) << s.dump().substr(0, 300);
        ASSERT_TRUE(s["explanation"].is_array());
        EXPECT_FALSE(s["explanation"].empty());
        for (const json& line : s["explanation"]) all += line.get<std::string>() + "\n";
    }
    EXPECT_NE(all.find("S holds 7 7 6 11: S[b] is the sum of section b as kernel 1 loaded it"), std::string::npos) << all;
    EXPECT_NE(all.find("Kernel 3 runs: every block b ≥ 1 adds S[b − 1]"), std::string::npos) << all;
}

TEST(CliOutput, TraceExplainPrintsEachStepsSentencesUnderItsRow) {
    const CliResult r = run_cli({"trace", "--algo", "brent-kung-naive", "--input", "0 1 2 3 4 5 6 7", "--explain", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const size_t row = r.out.find("\n2  reduction level 2");
    ASSERT_NE(row, std::string::npos) << r.out;
    const size_t next = r.out.find("\n3  ", row);
    const std::string under = r.out.substr(row, next - row);
    EXPECT_NE(
        under.find(
            "\n     Reduction tree, level 2 (stride 2): each thread t with (t + 1) mod (2·stride) = 0 adds XY[t − stride] into XY[t]."),
        std::string::npos)
        << under;
    EXPECT_NE(under.find("\n       thread 3: XY[1] + XY[3] → XY[3]: 1 + 5 = 6"), std::string::npos) << under;
    // Without --explain the table is the table alone.
    const CliResult plain = run_cli({"trace", "--algo", "brent-kung-naive", "--input", "0 1 2 3 4 5 6 7", "--backend", "cpu"});
    EXPECT_EQ(plain.out.find("Reduction tree, level"), std::string::npos) << plain.out;
}

TEST(CliOutput, TraceJsonOfFigure910WritesBlockSums7_7_6_11) {
    const CliResult r = run_cli({"trace", "--algo", "hierarchical", "--preset", "fig9.10", "--format", "json", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = parse_json_or_fail(r.out);
    ASSERT_TRUE(j.contains("steps") && j["steps"].is_array());
    int found = 0;
    for (const json& s : j["steps"]) {
        if (s.value("label", "").find("write S") == std::string::npos) continue;
        ++found;
        EXPECT_EQ(s["values"], json({7, 7, 6, 11})) << s.value("label", "");
    }
    EXPECT_EQ(found, 1) << "expected exactly one \"write S\" step";
}

TEST(CliOutput, TraceTableShowsStridesAndTotals) {
    const CliResult r = run_cli({"trace", "--preset", "fig9.10", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("K1 \xC2\xB7 stride 1"), std::string::npos) << r.out;  // "K1 · stride 1"
    EXPECT_NE(r.out.find("totals:"), std::string::npos) << r.out;
}

TEST(CliOutput, TraceTableEndsWithTotalsLine) {
    const CliResult r = run_cli({"trace", "--algo", "brent-kung", "--preset", "slides-t0", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const size_t last = r.out.rfind("\ntotals:");
    ASSERT_NE(last, std::string::npos) << r.out;
    EXPECT_EQ(r.out.find('\n', last + 1), r.out.size() - 1) << "the totals line should be the last line";
}

// Byte offsets as columns: "·" (C2 B7) is the only two-byte character the table writes.
std::vector<std::string> table_lines(const std::string& out) {
    std::vector<std::string> lines;
    std::string line;
    for (char c : out) {
        if (c == '\xC2') continue;
        if (c == '\n')
            lines.push_back(std::exchange(line, ""));
        else
            line += c;
    }
    return lines;
}

// Every count of a table's rows ends under the end of its heading, with a space before it. The
// table starts at the line that begins with `header_start`; `row(line)` says which lines after it
// are its rows, which are skipped, and which ends the table.
enum class Line { row, skip, stop };
template <class RowFn>
int expect_right_aligned_under_headings(const std::string& out, const std::string& header_start, const std::vector<std::string>& headings,
                                        RowFn row) {
    const std::vector<std::string> lines = table_lines(out);
    size_t header = 0;
    while (header < lines.size() && lines[header].rfind(header_start, 0) != 0) ++header;
    EXPECT_LT(header, lines.size()) << out;
    int rows = 0;
    for (const std::string& heading : headings) {
        const size_t at = header < lines.size() ? lines[header].find(" " + heading) : std::string::npos;
        EXPECT_NE(at, std::string::npos) << heading;
        if (at == std::string::npos) return rows;
        const size_t end = at + 1 + heading.size();  // one past the heading's last column
        for (size_t i = header + 1; i < lines.size(); ++i) {
            const std::string& l = lines[i];
            const Line kind = row(l);
            if (kind == Line::stop) break;
            if (kind == Line::skip) continue;
            ++rows;
            EXPECT_GE(l.size(), end) << l;
            if (l.size() < end) continue;
            EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(l[end - 1]))) << heading << " not right-aligned: " << l;
            EXPECT_TRUE(end == l.size() || l[end] == ' ') << heading << " runs into the next column: " << l;
            size_t start = end - 1;
            while (start > 0 && std::isdigit(static_cast<unsigned char>(l[start - 1]))) --start;
            EXPECT_EQ(l[start - 1], ' ') << heading << " runs into the column before: " << l;
        }
    }
    return rows;
}

// The steps: every row that starts with its step number (not input, result, totals).
void expect_counts_right_aligned_under_headings(const std::string& out) {
    const int rows = expect_right_aligned_under_headings(
        out, "#", {"adds", "active", "idle", "div", "bar", "haz"},
        [](const std::string& l) { return !l.empty() && std::isdigit(static_cast<unsigned char>(l[0])) ? Line::row : Line::skip; });
    EXPECT_GT(rows, 0) << out;
}

// The phase block: its indented rows under "by phase".
void expect_phase_counts_right_aligned_under_headings(const std::string& out) {
    const int rows = expect_right_aligned_under_headings(out, "by phase ", {"additions", "work", "padding"}, [](const std::string& l) {
        return l.rfind("  ", 0) == 0 ? Line::row : Line::stop;
    });
    EXPECT_GE(rows, 6) << out;  // two or more phases and the total, under each of the three headings
}

TEST(CliOutput, TraceTableColumnsFitTheirWidestCountAt134217728Elements) {
    // 9.5's largest input: counts of eight digits, a sampled trace so the table stays small.
    const CliResult r = run_cli(
        {"trace", "--random", "134217728", "--block-algo", "brent-kung", "--section", "2048", "--sample-block", "1", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find(" 67108864 "), std::string::npos) << "expected the eight-digit count of reduction level 1";
    expect_counts_right_aligned_under_headings(r.out);
    // The phase block of a sampled trace: nine-digit subtotals, the bound at N beside the real work.
    expect_phase_counts_right_aligned_under_headings(r.out);
    EXPECT_NE(r.out.find("  K1 (scan sections)  267583488  267583488        0\n"), std::string::npos) << r.out.substr(r.out.size() - 600);
    EXPECT_NE(r.out.find("real work 401,993,369 ≤ 4N − 3 = 536,870,909 at N = 134,217,728 (as the chapter states it)\n"), std::string::npos)
        << r.out.substr(r.out.size() - 600);
}

TEST(CliOutput, TraceTableColumnsLineUpForFigure910) {
    const CliResult r = run_cli({"trace", "--preset", "fig9.10", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_counts_right_aligned_under_headings(r.out);
}

TEST(CliOutput, TraceOfAHierarchicalRunOverTwoLevelsSaysWhyAndTheBooksLimit) {
    const CliResult r = run_cli({"trace", "--random", "17", "--section", "4", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("3 levels: kernel 1 writes 5 block sums to S, more than one section of 4"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("at most 4² = 16 elements"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("2048² = 4,194,304"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("134,217,728 = 65,536 blocks × 2048"), std::string::npos) << r.out;
}

TEST(CliOutput, TraceOfATwoLevelHierarchicalRunHasNoLevelsNote) {
    const CliResult r = run_cli({"trace", "--random", "16", "--section", "4", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("levels:"), std::string::npos) << r.out;
}

TEST(CliOutput, TraceTableSaysEachPhasesAdditionsWithWorkAndPaddingApartAndTheBound) {
    const CliResult r = run_cli({"trace", "--random", "2049", "--block-algo", "brent-kung", "--section", "2048", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("by phase              additions  work  padding\n"
                         "  K1 (scan sections)       8166  4083     4083\n"
                         "  K2 (scan S)              4083     1     4082\n"
                         "  K3 (add S)                  1     1        0\n"
                         "  total                   12250  4085     8165\n"
                         "real work 4,085 ≤ 4N − 3 = 8,193 at N = 2,049 (as the chapter states it)\n"),
              std::string::npos)
        << r.out.substr(r.out.size() - 600);
    expect_phase_counts_right_aligned_under_headings(r.out);
}

TEST(CliOutput, ExerciseListsTheChaptersNineExercises) {
    const CliResult r = run_cli({"exercise"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (int n = 1; n <= 9; ++n) EXPECT_NE(r.out.find("\n  " + std::to_string(n) + ". "), std::string::npos) << n << "\n" << r.out;
    EXPECT_NE(r.out.find("4th ed. ch. 11"), std::string::npos) << r.out;
}

TEST(CliOutput, ExerciseSevenPrintsTheStatesAndTheCommandThatRepeatsTheRun) {
    const CliResult r = run_cli({"exercise", "7", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("stride 4: 4 10 17 18 20 28 33 35"), std::string::npos) << r.out;
    const std::string command = "scanlab trace --algo kogge-stone --input \"4 6 7 1 2 8 5 2\" --backend cpu";
    EXPECT_NE(r.out.find(command), std::string::npos) << r.out;
    // The command repeats the run: its trace has the same last stride.
    const CliResult again = run_cli({"trace", "--algo", "kogge-stone", "--input", "4 6 7 1 2 8 5 2", "--backend", "cpu"});
    EXPECT_NE(again.out.find("4 10 17 18 20 28 33 35"), std::string::npos) << again.out;
}

TEST(CliOutput, ExerciseOutOfRangeIsRefused) {
    const CliResult r = run_cli({"exercise", "12", "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("exercises 1 to 9"), std::string::npos) << r.err;
    EXPECT_EQ(run_cli({"exercise", "seven"}).exit_code, 2);
}

TEST(CliOutput, AKoggeStoneTraceSaysTheSlidesHalfTheThreadsIsNotWhatItMeasured) {
    const CliResult r = run_cli({"trace", "--algo", "kogge-stone", "--input", "3 1 7 0 4 1 6 3", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("idle threads per block of 8 are 1, 2, 4"), std::string::npos) << r.out;
}

TEST(CliOutput, RacyKoggeStoneTraceSaysItIsALesson) {
    const CliResult r = run_cli({"trace", "--algo", "kogge-stone-racy", "--preset", "fig9.10", "--warp-width", "4"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("LESSON"), std::string::npos) << r.out;
    // The kernel is the book's loop as printed: it has a barrier, one per stride, which some threads skip.
    EXPECT_NE(r.out.find("one __syncthreads() per stride"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("threads that leave the loop early skip it"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("missing barrier"), std::string::npos) << r.out;
}

TEST(CliOutput, AWrongRacyTraceSaysHowManyResultsDifferAndPrintsTheExpectedRowUnderTheResult) {
    const CliResult r = run_cli({"trace", "--algo", "kogge-stone-racy", "--preset", "fig9.10", "--warp-width", "4", "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\nWRONG: 11 of 16 results differ from the correct scan\n"), std::string::npos) << r.out;
    const size_t result = r.out.find("\n   result ") + 1;
    const size_t expected = r.out.find("\n   expected ") + 1;
    ASSERT_NE(expected, 0u) << r.out;
    EXPECT_EQ(r.out.find('\n', result) + 1, expected) << "the expected row comes right under the result";
    EXPECT_NE(r.out.find("Y    2  3  6  7  7 11 12 14 14 17 18 20 25 28 29 31\n", expected), std::string::npos) << r.out;
    // The totals stay the last line.
    EXPECT_EQ(r.out.rfind("totals:"), r.out.rfind('\n', r.out.size() - 2) + 1);
}

TEST(CliOutput, ARacyTraceThatCameOutRightSaysTheScheduleHidTheRace) {
    const CliResult r = run_cli(
        {"trace", "--algo", "kogge-stone-racy", "--preset", "fig9.10", "--warp-width", "4", "--schedule", "reverse", "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("WRONG"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find(" expected "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("this schedule hid the race: the kernel is still wrong"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("17 reads of XY[t-stride] fall in the same stride as another warp's write"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("0 stale reads"), std::string::npos) << r.out;
}

TEST(CliOutput, TraceJsonCarriesTheExpectedValuesAndTheWrongElements) {
    const CliResult r = run_cli(
        {"trace", "--algo", "kogge-stone-racy", "--preset", "fig9.10", "--warp-width", "4", "--format", "json", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = json::parse(r.out);
    const json& v = j.at("verdict");
    EXPECT_FALSE(v.at("correct").get<bool>());
    EXPECT_EQ(v.at("expected").get<std::vector<int>>(), (std::vector<int>{2, 3, 6, 7, 7, 11, 12, 14, 14, 17, 18, 20, 25, 28, 29, 31}));
    const std::vector<int> result = j.at("result").get<std::vector<int>>(), expected = v.at("expected").get<std::vector<int>>();
    std::vector<int> differ;
    for (size_t i = 0; i < result.size(); ++i)
        if (result[i] != expected[i]) differ.push_back(int(i));
    EXPECT_EQ(v.at("wrong_elements").get<std::vector<int>>(), differ);
    EXPECT_EQ(v.at("wrong").get<int>(), 11);
    // A correct run says so, with no wrong elements.
    const json good = json::parse(run_cli({"trace", "--preset", "fig9.10", "--format", "json", "--backend", "cpu"}).out);
    EXPECT_TRUE(good.at("verdict").at("correct").get<bool>());
    EXPECT_TRUE(good.at("verdict").at("wrong_elements").empty());
}

// ---- backends ----------------------------------------------------------------------------------

TEST(CliOutput, BackendCpuPrintsNoBackendNote) {
    const CliResult r = run_cli({"scan", "--preset", "fig9.10", "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, kFig910Inclusive);
    EXPECT_EQ(r.err, "");
}

TEST(CliOutput, BackendAutoPrintsANoteNamingTheChosenBackend) {
    const CliResult gpu = run_cli({"scan", "--preset", "fig9.10", "--backend", "gpu"});
    const CliResult r = run_cli({"scan", "--preset", "fig9.10", "--backend", "auto"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, kFig910Inclusive);
    EXPECT_NE(r.err.find("scanlab: "), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("error"), std::string::npos) << r.err;
    if (gpu.exit_code != 0) {
        // No usable GPU: auto falls back to the emulation and says so.
        EXPECT_NE(r.err.find("CPU emulation"), std::string::npos) << r.err;
    } else {
        EXPECT_NE(lower(r.err).find("gpu"), std::string::npos) << r.err;
    }
}

TEST(CliOutput, BackendGpuEitherScansCorrectlyOrSaysWhyNot) {
    const CliResult r = run_cli({"scan", "--preset", "fig9.10", "--backend", "gpu"});
    if (r.exit_code == 0) {
        EXPECT_EQ(r.out, kFig910Inclusive);
    } else {
        EXPECT_LT(r.exit_code, 126) << "looks like a crash: " << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_NE(r.err.find("scanlab: error: "), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("--backend gpu"), std::string::npos) << r.err;
        const std::string err = lower(r.err);
        const bool names_cause = err.find("cuda") != std::string::npos || err.find("device") != std::string::npos ||
                                 err.find("driver") != std::string::npos || err.find("gpu") != std::string::npos;
        EXPECT_TRUE(names_cause) << r.err;
        // The message says more than just "no": there is a reason after the colon.
        EXPECT_GT(r.err.size(), std::string("scanlab: error: --backend gpu is not available\n").size()) << r.err;
    }
}

// ---- help --------------------------------------------------------------------------------------

TEST(CliOutput, HelpExitsZeroAndNamesEveryAlgorithm) {
    const CliResult r = run_cli({"--help"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_NE(r.out.find("usage"), std::string::npos);
    for (scanlab::Algorithm a : scanlab::all_algorithms())
        EXPECT_NE(r.out.find(std::string(scanlab::name(a))), std::string::npos) << "help does not mention " << scanlab::name(a);
    for (const char* word : {"kogge-stone", "kogge-stone-racy", "kogge-stone-double-buffer", "brent-kung", "brent-kung-naive",
                             "hierarchical", "slides", "sequential"})
        EXPECT_NE(r.out.find(word), std::string::npos) << "help does not mention " << word;
}

// A 4th-edition reader meets "segmented" for 11.6's hierarchical scan: the help says, beside both,
// which is which (the app's algorithm tooltip shows the same line).
TEST(CliOutput, HelpSaysSegmentedIsTheHeadFlagScanNotThe4thEditions11_6) {
    const CliResult r = run_cli({"--help"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto line_of = [&](const std::string& name) {
        const size_t at = r.out.find("\n  " + name + " ");
        return at == std::string::npos ? std::string() : r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1);
    };
    EXPECT_NE(line_of("segmented").find("scan by head flags (not the 4th edition's 11.6 \"segmented\" scan, which is hierarchical here)"),
              std::string::npos)
        << r.out;
    EXPECT_NE(line_of("hierarchical").find("(the 4th edition's 11.6 \"segmented\" scan)"), std::string::npos) << r.out;
}

TEST(CliOutput, TraceAndScanWithHelpPrintTheHelpInsteadOfRefusing) {
    for (const char* cmd : {"trace", "scan"}) {
        const CliResult r = run_cli({cmd, "--algo", "brent-kung", "--help"});
        EXPECT_EQ(r.exit_code, 0) << cmd << ": " << r.err;
        EXPECT_EQ(r.err, "") << cmd;
        EXPECT_NE(r.out.find("--format table|json"), std::string::npos) << cmd << ": " << r.out;
    }
}

TEST(CliOutput, ListingPrintsTheKernelARunShowsAndListsEveryOne) {
    const CliResult racy = run_cli({"listing", "--algo", "kogge-stone-racy"});
    ASSERT_EQ(racy.exit_code, 0) << racy.err;
    EXPECT_NE(racy.out.find("// PMPP 3rd ed., Fig. 9.2 — races"), std::string::npos) << racy.out;
    EXPECT_NE(racy.out.find("    for (unsigned int stride = 1; stride <= threadIdx.x; stride *= 2) {\n        __syncthreads();\n"),
              std::string::npos)
        << racy.out;
    const CliResult exclusive = run_cli({"listing", "--algo", "kogge-stone", "--exclusive"});
    ASSERT_EQ(exclusive.exit_code, 0) << exclusive.err;
    EXPECT_NE(exclusive.out.find("XY[t] = X[i - 1];"), std::string::npos) << exclusive.out;
    const CliResult all = run_cli({"listing"});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    EXPECT_EQ(all.out.find("(no listing)"), std::string::npos) << all.out;
    for (const scanlab::AlgorithmInfo& row : scanlab::algorithm_table()) {
        const std::string line = "--algo " + std::string(row.name) + std::string(row.takes_block_algorithm ? " --block-algo " : "\n");
        EXPECT_NE(all.out.find(line), std::string::npos) << row.name;
    }
    const CliResult bad = run_cli({"listing", "--algo", "hierarchical", "--block-algo", "sequential"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("is not a block algorithm of hierarchical"), std::string::npos) << bad.err;
}
