// Student-style kernels (tests/fixtures/kernels/students/, their table cases.tsv), each written as a student
// would write it and each held to its verdict (the correct scan, wrong, or no result) and to the lines of its findings: every
// finding expected is there, and no finding is at another line. The correct ones use what students
// use (includes of CUDA's headers, shuffles and votes, cooperative groups, extern __shared__,
// __constant__ and __device__ variables, templates, printf); the buggy ones make the common mistakes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/lesson/verdict.hpp"
#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"
#include "tests/kernel_fixtures.hpp"

using namespace scanlab;
using namespace scanlab::kernel_tracer;
using namespace scanlab::kernel_fixtures;

namespace {

enum class Want { correct, wrong, no_result };

// One row of tests/fixtures/kernels/students/cases.tsv.
struct Student {
    std::string file;  // in tests/fixtures/kernels/students/
    std::vector<std::string> words;
    Algorithm like = Algorithm::kogge_stone;
    Want want = Want::correct;
    std::vector<std::pair<int, std::string>> findings;  // (line, words of its sentence); none: a clean run
};

std::vector<std::string> split(const std::string& s, char by) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string part; std::getline(in, part, by);)
        if (!part.empty()) out.push_back(part);
    return out;
}

std::vector<Student> students() {
    std::vector<Student> all;
    std::istringstream table(text_of(kFixtures + "/students/cases.tsv"));
    for (std::string line; std::getline(table, line);) {
        if (line.empty() || line[0] == '#') continue;
        const std::vector<std::string> f = split(line, '\t');
        if (f.size() < 4) continue;
        Student s;
        s.file = f[0];
        s.words = split(f[1], ' ');
        s.like = parse_algorithm(f[2]).value_or(Algorithm::kogge_stone);
        s.want = f[3] == "wrong" ? Want::wrong : f[3] == "no-result" ? Want::no_result : Want::correct;
        for (size_t k = 4; k < f.size(); ++k) s.findings.emplace_back(std::atoi(f[k].c_str()), f[k].substr(f[k].find(": ") + 2));
        all.push_back(std::move(s));
    }
    return all;
}

std::string said(const KernelTrace& k) {
    std::string s = k.ended + "\n";
    for (const Finding& f : k.findings) s += f.sentence + "\n";
    return s;
}

}  // namespace

TEST(StudentKernels, TheTableHoldsThirtyKernelsOrMore) { ASSERT_GE(students().size(), 30u); }

// One test per kernel of the table, so that CTest compiles and traces them side by side.
class StudentKernel : public ::testing::TestWithParam<Student> {};

TEST_P(StudentKernel, GivesItsVerdictAndItsFindingsAtTheirLinesAndNoOthers) {
    if (find_on_path({"clang++", "clang++-14"}).empty()) GTEST_SKIP() << "clang++ is not installed (Debian's package clang)";
    const Student& s = GetParam();
    KernelRequest r;
    r.file = kFixtures + "/students/" + s.file;
    run_as(r, s.words);
    r.like = s.like;
    r.cpu_seconds = 10;
    const KernelTrace k = trace_kernel(r);
    const std::string at = s.file + ": " + said(k);
    ASSERT_EQ(k.traced, s.want != Want::no_result) << at;
    if (k.traced) EXPECT_EQ(judge(k.trace).correct(), s.want == Want::correct) << at;
    std::set<int> lines;
    for (const auto& [line, words] : s.findings) {
        lines.insert(line);
        const bool found = std::any_of(k.findings.begin(), k.findings.end(),
                                       [&](const Finding& f) { return f.line == line && f.sentence.find(words) != std::string::npos; });
        EXPECT_TRUE(found || (!k.traced && k.ended.find(words) != std::string::npos && k.ended.find("line " + std::to_string(line)) == 0))
            << at << "wanted at line " << line << ": " << words;
    }
    for (const Finding& f : k.findings) EXPECT_TRUE(lines.contains(f.line)) << at << "a finding at line " << f.line << " not expected";
}

// Named for its file: bk_correct.cu is Students/StudentKernel.GivesItsVerdict.../bk_correct.
INSTANTIATE_TEST_SUITE_P(Students, StudentKernel, ::testing::ValuesIn(students()), [](const ::testing::TestParamInfo<Student>& i) {
    std::string name = i.param.file.substr(0, i.param.file.rfind('.'));
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
});

TEST(StudentKernels, PrintfLinesComeWithTheirThreadAndStep) {
    if (find_on_path({"clang++", "clang++-14"}).empty()) GTEST_SKIP() << "clang++ is not installed (Debian's package clang)";
    KernelRequest r;
    r.file = kFixtures + "/students/printf_ks.cu";
    run_as(r, {"--preset", "fig9.10"});
    const KernelTrace k = trace_kernel(r);
    ASSERT_TRUE(k.traced) << said(k);
    ASSERT_EQ(k.printed.size(), 4u);
    // Figure 9.10's input: XY[3] holds 4 after stride 1 and 7 from stride 2 on; each line in the step of its stride.
    const std::vector<std::string> want{"stride 1: XY[3] = 4", "stride 2: XY[3] = 7", "stride 4: XY[3] = 7", "stride 8: XY[3] = 7"};
    for (size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(k.printed[i].text, want[i]);
        EXPECT_EQ(k.printed[i].thread, 3);
        EXPECT_EQ(k.printed[i].block, 0);
        EXPECT_EQ(k.printed[i].step, int(i) + 1);
    }
}
