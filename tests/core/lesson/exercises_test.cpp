// The chapter's exercises answered from real runs (here the CPU emulation; the CLI uses the GPU
// when there is one): every answer pinned to the figures the book's reader should find.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "core/algorithms/table.hpp"
#include "core/engine/backend.hpp"
#include "core/error.hpp"
#include "core/lesson/exercises.hpp"
#include "core/lesson/listings.hpp"
#include "core/lesson/work_counts.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

std::string answer(int n, const ExerciseOptions& o = {}) {
    auto cpu = make_cpu_backend();
    return answer_exercise(n, *cpu, o).text;
}

::testing::AssertionResult says(const std::string& text, const std::string& what) {
    if (text.find(what) != std::string::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "expected \"" << what << "\" in:\n" << text;
}

}  // namespace

TEST(Exercises, TheChapterHasNineEachWithAStatementAndItsFourthEditionPlace) {
    ASSERT_EQ(chapter9_exercises().size(), 9u);
    for (const Exercise& e : chapter9_exercises()) {
        EXPECT_FALSE(e.statement.empty()) << e.number;
        EXPECT_FALSE(e.fourth_edition.empty()) << e.number;
    }
    auto cpu = make_cpu_backend();
    EXPECT_THROW(answer_exercise(10, *cpu), ScanError);
}

TEST(Exercises, Ex1_DivergenceOnlyInWarpZeroOfEachBlockAtStrides1To16) {
    const std::string a = answer(1);
    EXPECT_TRUE(says(a, "stride 1: block 0 warp 0 (31 of 32 add), block 1 warp 0 (31 of 32 add)\n"));
    EXPECT_TRUE(says(a, "stride 16: block 0 warp 0 (16 of 32 add), block 1 warp 0 (16 of 32 add)\n"));
    EXPECT_TRUE(says(a, "stride 32: no warp diverges\n"));
    EXPECT_TRUE(says(a, "stride 512: no warp diverges\n"));
    EXPECT_TRUE(says(a, "at strides 1, 2, 4, 8, 16 "));
}

TEST(Exercises, Ex2_BrentKungOn2048Adds2047Then2036AndTheClosestChoiceIsA) {
    const std::string a = answer(2);
    EXPECT_TRUE(says(a, "reduction tree: 2,047 additions (2,047 on real elements, 0 on padding)"));
    EXPECT_TRUE(says(a, "distribution tree: 2,036 additions"));
    EXPECT_TRUE(says(a, "both trees: 4,083 additions"));
    EXPECT_TRUE(says(a, "Answer: (a) (2048 - 1) x 2 = 4,094"));
}

TEST(Exercises, Ex3_KoggeStoneOn2048IsClosestToChoiceD) {
    const std::string a = answer(3);
    EXPECT_TRUE(says(a, "K1 (scan sections): 18,434 additions (18,434 on real elements, 0 on padding)"));
    EXPECT_TRUE(says(a, "K2 (scan S): 9,217 additions (1 on real elements, 9,216 on padding)"));
    EXPECT_TRUE(says(a, "in all: 28,675 additions, 19,459 of them on real elements"));
    EXPECT_TRUE(says(a, "N log2 N - (N - 1) = 20,481"));
    EXPECT_TRUE(says(a, "Answer: (d) 10 x 1024 = 10,240"));
}

TEST(Exercises, Ex4_TheExclusiveKernelShiftsTheLoadAndGivesZeroFirst) {
    const std::string a = answer(4);
    EXPECT_TRUE(says(a, "XY[t] = X[i - 1]"));
    EXPECT_TRUE(says(a, "loaded 0 4 6 7 1 2 8 5, result 0 4 10 17 18 20 28 33."));
}

// The whole listing, every line as an exclusive run executes it, numbered as the source pane numbers it.
TEST(Exercises, Ex4_PrintsTheWholeExclusiveKogge_StoneListing) {
    const std::string a = answer(4);
    const Listing* l = find_listing("kogge-stone");
    ASSERT_NE(l, nullptr);
    EXPECT_TRUE(says(a, "// " + l->title + "\n"));
    const std::vector<std::string> lines = shown_lines(*l, true);
    for (size_t i = 0; i < lines.size(); ++i) {
        char number[16];
        std::snprintf(number, sizeof number, "%3zu  ", i + 1);
        EXPECT_TRUE(says(a, number + lines[i] + "\n")) << lines[i];
    }
    EXPECT_TRUE(says(a, "  5      if (i > 0 && i <= n) XY[t] = X[i - 1];"));
    EXPECT_FALSE(says(a, "    if (i < n) XY[t] = X[i];\n")) << "the inclusive load is not what an exclusive run executes";
}

TEST(Exercises, Ex5_PrintsTheWholeHierarchicalListingHostCodeAndThreeKernels) {
    const std::string a = answer(5);
    const Listing* l = find_listing("hierarchical-kogge-stone");
    ASSERT_NE(l, nullptr);
    for (const std::string& line : shown_lines(*l, false)) EXPECT_TRUE(says(a, line + "\n")) << line;
    EXPECT_TRUE(says(a, "scan_kernel"));
}

TEST(Exercises, Ex5_Figure910ThroughTheThreeKernels) {
    const std::string a = answer(5);
    EXPECT_TRUE(says(a, "K1 writes S = 7 7 6 11, K2 scans it to 7 14 20 31, K3 gives 2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31."));
}

TEST(Exercises, Ex6_RealWorkStaysWithin4NMinus3AndPaddingIsCountedApart) {
    const std::string a = answer(6);
    EXPECT_TRUE(says(a, "     2049         12,250       4,085     8,165     8,193   yes\n"));
    EXPECT_TRUE(says(a, "Answer: the real work stays within 4N - 3 at every N run"));
    EXPECT_EQ(a.find(" NO\n"), std::string::npos) << a;
    // N = 2049 is said to stay within the bound by its real work, and to pass it only with the padding.
    EXPECT_TRUE(says(a,
                     "at N = 2049 the real work, 4,085, stays within 4N - 3 = 8,193, while the additions counted with the "
                     "padding, 12,250, exceed it."));
    EXPECT_EQ(a.find("passes 4N - 3"), std::string::npos) << a;
}

TEST(Exercises, Ex7_KoggeStoneStatesOf46712852) {
    const std::string a = answer(7);
    EXPECT_TRUE(says(a,
                     "  load: 4 6 7 1 2 8 5 2\n  stride 1: 4 10 13 8 3 10 13 7\n  stride 2: 4 10 17 18 16 18 16 17\n"
                     "  stride 4: 4 10 17 18 20 28 33 35\n"));
    EXPECT_TRUE(says(a, "Answer: 4 10 17 18 20 28 33 35 (17 additions)"));
}

TEST(Exercises, Ex8_BrentKungStatesOf46712852) {
    const std::string a = answer(8);
    EXPECT_TRUE(says(a,
                     "  reduction level 1: 4 10 7 8 2 10 5 7\n  reduction level 2: 4 10 7 18 2 10 5 17\n"
                     "  reduction level 3: 4 10 7 18 2 10 5 35\n  distribution level 1: 4 10 7 18 2 28 5 35\n"
                     "  distribution level 2: 4 10 17 18 20 28 33 35\n"));
    EXPECT_TRUE(says(a, "Answer: 4 10 17 18 20 28 33 35 (11 additions)"));
}

// One answer per device, strictly two levels, with the limit that binds it named; 9.5's reading
// beside it with its own (the GTX 690's 2 GiB per GPU, not its grid); 65,536 and 65,535 each said
// where it belongs.
TEST(Exercises, Ex9_OneAnswerPerDeviceWithTheLimitThatBindsIt) {
    const std::string a = answer(9);
    EXPECT_TRUE(says(a,
                     "  GeForce GTX 280 (compute capability 1.3, 512 threads per block, grid x up to 65,535, 16 KiB shared per block, "
                     "1 GiB of memory per GPU): section 1,024\n    section² 1,048,576; section x grid 67,107,840; memory 134,152,223\n"
                     "    Answer: 1,048,576 elements, bound by threads per block"));
    EXPECT_TRUE(says(a, "    Read as 9.5 reads it (kernel 2 hierarchical in turn): 67,107,840, bound by the grid"));
    EXPECT_TRUE(says(a,
                     "  Tesla C2050 (compute capability 2.0, 1,024 threads per block, grid x up to 65,535, 48 KiB shared per block, "
                     "3 GiB of memory per GPU): section 2,048\n    section² 4,194,304; section x grid 134,215,680; memory 402,554,903\n"
                     "    Answer: 4,194,304 elements, bound by threads per block"));
    EXPECT_TRUE(says(a, "    Read as 9.5 reads it (kernel 2 hierarchical in turn): 134,215,680, bound by the grid"));
    EXPECT_TRUE(says(a,
                     "  GeForce GTX 690 (compute capability 3.0, 1,024 threads per block, grid x up to 2,147,483,647, 48 KiB shared per "
                     "block, 2 GiB of memory per GPU): section 2,048\n    section² 4,194,304; section x grid 4,398,046,509,056; memory "
                     "268,369,935\n    Answer: 4,194,304 elements, bound by threads per block"));
    EXPECT_TRUE(says(a,
                     "    Read as 9.5 reads it (kernel 2 hierarchical in turn): 268,369,935, bound by memory (X, Y and S as float in one "
                     "GPU's memory), long before the grid's 4,398,046,509,056."));
    EXPECT_TRUE(says(a, "9.5 itself reads the grid limit as 65,536 blocks: 65,536 x 2,048 = 134,217,728."));
    EXPECT_TRUE(says(a, "65,535 x 2,048 = 134,215,680 on the Tesla C2050"));
    // Memory: the largest N whose X, Y (float) and S fit: 8N + 4 ceil(N / section) bytes.
    for (const DeviceLimits& d : exercise9_devices()) {
        const TwoLevelLimit l = two_level_limit(d);
        auto bytes = [&](int64_t n) { return 8 * n + 4 * ((n + l.section - 1) / l.section); };
        EXPECT_LE(bytes(l.memory_limited), d.global_memory) << d.name;
        EXPECT_GT(bytes(l.memory_limited + 1), d.global_memory) << d.name;
        EXPECT_EQ(l.answer, std::min({l.one_block_for_s, l.grid_limited, l.memory_limited})) << d.name;
    }
}

TEST(Exercises, Ex9_DevicePicksOneRowAndThisGpuIsAdded) {
    ExerciseOptions one;
    one.device = "C2050";
    const std::string a = answer(9, one);
    EXPECT_TRUE(says(a, "Tesla C2050"));
    EXPECT_EQ(a.find("GTX 280"), std::string::npos) << a;
    ExerciseOptions bad;
    bad.device = "Voodoo";
    auto cpu = make_cpu_backend();
    EXPECT_THROW(answer_exercise(9, *cpu, bad), ScanError);
    ExerciseOptions here;
    here.this_gpu = DeviceLimits{"NVIDIA H100 (this machine)", "9.0", 1024, 2147483647, 48 * 1024};
    EXPECT_TRUE(says(answer(9, here), "NVIDIA H100 (this machine) (compute capability 9.0"));
}

// A device name that names no row is quoted short, its control and bidirectional characters
// escaped: a 120,000-character name, a newline or U+202E never reaches the terminal as it is.
TEST(Exercises, Ex9_AnUnknownDeviceIsQuotedShortWithItsControlsEscaped) {
    auto cpu = make_cpu_backend();
    ExerciseOptions huge;
    huge.device = std::string(120000, 'x');
    try {
        answer_exercise(9, *cpu, huge);
        ADD_FAILURE() << "a device no row names was accepted";
    } catch (const ScanError& e) {
        const std::string said = e.what();
        EXPECT_LT(said.size(), 600u);
        EXPECT_TRUE(says(said, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (120,000 characters)")) << said.substr(0, 200);
    }
    ExerciseOptions tricky;
    tricky.device = "GTX\n280\xE2\x80\xAE\x1b[31m";
    try {
        answer_exercise(9, *cpu, tricky);
        ADD_FAILURE() << "a device no row names was accepted";
    } catch (const ScanError& e) {
        const std::string said = e.what();
        EXPECT_TRUE(says(said, "'GTX\\n280\\u202E\\x1b[31m'")) << said;
        EXPECT_EQ(said.find('\n'), std::string::npos) << said;
        EXPECT_EQ(said.find("\xE2\x80\xAE"), std::string::npos) << said;
    }
}

// ---- work and padding ---------------------------------------------------------------------------

TEST(WorkAndPadding, Hierarchical2049InSectionsOf2048Does4085AdditionsOfRealWork) {
    ScanRequest q = request(Algorithm::hierarchical, 2048);
    q.block_algorithm = Algorithm::brent_kung;
    const Trace t = emulate(q, random_values(2049, 1, ElementType::int32));
    const PhaseCount c = total_count(t);
    EXPECT_EQ(c.additions, 12250);
    EXPECT_EQ(c.work(), 4085);
    EXPECT_EQ(c.padding, 8165);
}

TEST(WorkAndPadding, FullSectionsHaveNoPaddingAndEveryPhaseAddsUpToTheTotal) {
    for (const auto& [a, n] : std::vector<std::pair<Algorithm, int64_t>>{
             {Algorithm::kogge_stone, 1024}, {Algorithm::brent_kung, 2048}, {Algorithm::sequential, 300}, {Algorithm::slides, 4096}}) {
        const Trace t = emulate(request(a), random_values(n, 3, ElementType::int32));
        int64_t sum = 0;
        for (const PhaseCount& p : phase_counts(t)) {
            EXPECT_EQ(p.padding, 0) << name(a) << " " << p.phase;
            sum += p.additions;
        }
        EXPECT_EQ(sum, t.counts.additions) << name(a);
    }
}

// Every N, dense to 300,007, and the 4N − 3 bound at every N to 100,000: work_and_padding_test.cpp.
