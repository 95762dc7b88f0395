// Student-style kernels (tests/kernels/students/), each written as a student would write it and each
// held to its verdict (the correct scan, wrong, or no result) and to the lines of its findings: every
// finding expected is there, and no finding is at another line. The correct ones use what students
// use (includes of CUDA's headers, shuffles and votes, cooperative groups, extern __shared__,
// __constant__ and __device__ variables, templates, printf); the buggy ones make the common mistakes.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
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

struct Student {
    std::string file;  // in tests/kernels/students/
    std::vector<std::string> words;
    Want want = Want::correct;
    std::vector<std::pair<int, std::string>> findings;  // (line, words of its sentence); none: a clean run
    Algorithm like = Algorithm::kogge_stone;
};

const std::vector<Student>& students() {
    static const std::vector<Student> all{
        // Correct, and clean.
        {"shfl_warp_scan", {"--preset", "fig9.10"}},
        {"cg_tile_scan", {"--preset", "fig9.10"}},
        {"extern_shared_ks", {"--preset", "fig9.10"}},
        {"device_global_offset", {"--preset", "fig9.10"}},
        {"printf_ks", {"--preset", "fig9.10"}},
        {"ks_double_buffer", {"--preset", "fig9.10"}},
        {"bk_correct", {"--preset", "fig9.10"}, Want::correct, {}, Algorithm::brent_kung},
        {"ks_exclusive", {"--preset", "fig9.10", "--exclusive"}},
        {"template_host", {"--random", "20"}},
        {"constant_offset", {"--random", "20"}},
        {"warp_then_block", {"--random", "50"}},
        {"syncwarp_shared", {"--random", "32"}},
        {"cuda_h_include", {"--preset", "fig9.10"}},
        {"activemask_tail", {"--random", "20"}},
        {"sequential_thread0", {"--random", "40"}},
        {"cg_block_bk", {"--preset", "fig9.10"}, Want::correct, {}, Algorithm::brent_kung},
        {"cg_tile16", {"--random", "32"}},
        {"hierarchical_memset", {"--random", "20"}},
        {"any_all_guard", {"--random", "20"}},
        {"xor_total", {"--random", "32"}},
        // Right values in this run, with a finding.
        {"syncwarp_missing", {"--random", "32"}, Want::correct, {{8, "a race (write after read)"}, {8, "a race (read after write)"}}},
        {"ks_one_sync", {"--preset", "fig9.10"}, Want::correct, {{9, "a race (write after read)"}}},
        {"shfl_half_mask", {"--random", "32"}, Want::correct, {{6, "leaves out its own lane"}}},
        {"extern_shared_small", {"--preset", "fig9.10"}, Want::correct,
         {{6, "writes XY[8], outside the shared array XY"}, {9, "out of bounds"}, {11, "out of bounds"}, {13, "out of bounds"}}},
        {"counter_not_cleared", {"--preset", "fig9.10"}, Want::correct, {{5, "reads ticket[0], which neither the host"}}},
        {"no_bounds_check", {"--random", "10"}, Want::correct, {{12, "writes Y[10], outside the array Y"}}},
        // Wrong.
        {"long_through_int", {"--input", "3000000000,1,2"}, Want::wrong},
        {"hier_unwritten_s", {"--random", "20"}, Want::wrong, {{17, "reads S[0], which neither the host"}}},
        {"section8_on_16", {"--preset", "fig9.10"}, Want::wrong},
        {"ks_short_loop", {"--preset", "fig9.10"}, Want::wrong},
        {"bk_wrong_index", {"--preset", "fig9.10"}, Want::wrong, {{10, "reads XY[16]"}, {10, "writes XY[16]"}}, Algorithm::brent_kung},
        {"shfl_in_branch", {"--random", "32"}, Want::wrong, {{6, "but thread 0 has left the kernel"}}},
        {"exclusive_wrong_shift", {"--preset", "fig9.10", "--exclusive"}, Want::wrong},
        {"sync_in_branch", {"--preset", "fig9.10"}, Want::wrong, {{7, "wait at different __syncthreads()"}, {10, "had already left the kernel"}}},
        {"ballot_partial", {"--random", "32"}, Want::wrong, {{6, "does not make this call"}, {8, "does not make this call"}}},
        // No result.
        {"read_before_first", {"--preset", "fig9.10"}, Want::no_result, {{7, "crashed with a segmentation fault in thread 0"}}},
        {"endless_barrier", {"--preset", "fig9.10"}, Want::no_result, {{6, "never ends"}}},
    };
    return all;
}

std::string said(const KernelTrace& k) {
    std::string s = k.ended + "\n";
    for (const Finding& f : k.findings) s += f.sentence + "\n";
    return s;
}

}  // namespace

TEST(StudentKernels, EachGivesItsVerdictAndItsFindingsAtTheirLinesAndNoOthers) {
    if (find_on_path({"clang++", "clang++-14"}).empty()) GTEST_SKIP() << "clang++ is not installed (Debian's package clang)";
    ASSERT_GE(students().size(), 30u);
    for (const Student& s : students()) {
        KernelRequest r;
        r.file = kFixtures + "/students/" + s.file + ".cu";
        r.words = s.words;
        r.like = s.like;
        r.cpu_seconds = 10;
        const KernelTrace k = trace_kernel(r);
        const std::string at = s.file + ": " + said(k);
        ASSERT_EQ(k.traced, s.want != Want::no_result) << at;
        if (k.traced) EXPECT_EQ(judge(k.trace).correct(), s.want == Want::correct) << at;
        std::set<int> lines;
        for (const auto& [line, words] : s.findings) {
            lines.insert(line);
            const bool found = std::any_of(k.findings.begin(), k.findings.end(), [&](const Finding& f) {
                return f.line == line && f.sentence.find(words) != std::string::npos;
            });
            EXPECT_TRUE(found || (!k.traced && k.ended.find(words) != std::string::npos && k.ended.find("line " + std::to_string(line)) == 0))
                << at << "wanted at line " << line << ": " << words;
        }
        for (const Finding& f : k.findings) EXPECT_TRUE(lines.contains(f.line)) << at << "a finding at line " << f.line << " not expected";
    }
}

TEST(StudentKernels, PrintfLinesComeWithTheirThreadAndStep) {
    if (find_on_path({"clang++", "clang++-14"}).empty()) GTEST_SKIP() << "clang++ is not installed (Debian's package clang)";
    KernelRequest r;
    r.file = kFixtures + "/students/printf_ks.cu";
    r.words = {"--preset", "fig9.10"};
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
