// The device check on a GPU: the book's race-free kernels, written by hand (tests/fixtures/kernels/),
// compiled by nvcc and run on the device, give the CPU run's values; the racy Figure 9.2 loop is
// compared too, and whatever the GPU gives, the trace stays the CPU run's. Each test skips with
// the reason where nvcc or a usable GPU is missing.
#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <vector>

#include "kernel_tracer/host/device_check.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"
#include "kernel_tracer/host/sandbox.hpp"
#include "tests/kernel_fixtures.hpp"

using namespace scanlab;
using namespace scanlab::kernel_tracer;
using namespace scanlab::kernel_fixtures;

namespace {

KernelTrace checked(const std::string& fixture, std::vector<std::string> words, Algorithm like = Algorithm::kogge_stone) {
    KernelRequest r;
    r.file = fixture_path(fixture);
    run_as(r, words);
    r.like = like;
    r.device_check = true;
    r.trust = true;  // our own fixtures: trusted, so the device check runs them on the GPU
    r.cpu_seconds = 20;
    r.trust = true;  // our own fixtures: run with no sandbox where none can be made
    return trace_kernel(r);
}

bool gave_the_same(const KernelTrace& k) { return k.device_check.find(" gave the same ") != std::string::npos; }

#define SKIP_IF_SKIPPED(k) \
    if ((k).device_check.starts_with("the device check was skipped")) GTEST_SKIP() << (k).device_check

// A race-free kernel: the GPU gives the CPU run's values, and the trace is the CPU run's.
void expect_the_same_on_the_gpu(const std::string& fixture, std::vector<std::string> words, Algorithm like = Algorithm::kogge_stone,
                                const std::string& run = "") {
    const KernelTrace k = checked(fixture, std::move(words), like);
    ASSERT_TRUE(k.traced) << run << k.ended;
    SKIP_IF_SKIPPED(k);
    EXPECT_TRUE(gave_the_same(k)) << run << k.device_check;
    EXPECT_EQ(k.trace.backend, "cpu");
}

}  // namespace

#define SKIP_WITHOUT_DEVICE_CHECK()                                                                \
    do {                                                                                           \
        if (const std::string why = device_check_unavailable(); !why.empty()) GTEST_SKIP() << why; \
    } while (0)

TEST(GpuYourKernel, SlidesKoggeStoneGivesTheCpuRunsValuesOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    expect_the_same_on_the_gpu("slides_kogge_stone_temp.cu", {"--random", "1000", "--seed", "3", "--type", "float32"});
}

TEST(GpuYourKernel, BrentKungGivesTheCpuRunsValuesOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    expect_the_same_on_the_gpu("brent_kung.cu", {"--preset", "fig9.10", "--type", "float32"}, Algorithm::brent_kung);
}

TEST(GpuYourKernel, BooksHierarchicalHostCodeGivesTheCpuRunsValuesOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    expect_the_same_on_the_gpu("hierarchical_host.cu", {"--random", "100", "--seed", "4", "--type", "float32", "--section", "8"});
}

TEST(GpuYourKernel, SlidesHostCodeCopyingFromTheHostGivesTheCpuRunsValuesOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    expect_the_same_on_the_gpu("slides_host.cu", {"--random", "100", "--seed", "4", "--type", "float64", "--section", "8"});
}

TEST(GpuYourKernel, HostCodeOfEveryTypeAndOperatorGivesTheCpuRunsValuesOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    const std::string any_type_hierarchical = solved_starter("ex5-hierarchical");
    for (const char* type : {"int32", "int64", "float32", "float64"})
        for (const char* op : {"sum", "max", "min"}) {
            expect_the_same_on_the_gpu(any_type_hierarchical,
                                       {"--random", "300", "--seed", "5", "--type", type, "--op", op, "--section", "16"},
                                       Algorithm::kogge_stone, std::string(type) + " " + op + ": ");
            if (testing::Test::IsSkipped() || testing::Test::HasFatalFailure()) return;
        }
}

// The racy loop may or may not show its race on the GPU: what is certain is that the device ran
// it, said one thing or the other, and the trace is the CPU run's.
TEST(GpuYourKernel, Fig92RacyLoopIsComparedOnTheGpuAndTheTraceStaysTheCpuRuns) {
    SKIP_WITHOUT_DEVICE_CHECK();
    const KernelTrace k = checked("fig9_2_kogge_stone_racy.cu", {"--random", "1024", "--seed", "5", "--type", "float32"});
    ASSERT_TRUE(k.traced) << k.ended;
    SKIP_IF_SKIPPED(k);
    EXPECT_TRUE(gave_the_same(k) || k.device_check.find(" differs from the CPU run's at ") != std::string::npos) << k.device_check;
    EXPECT_EQ(k.trace.backend, "cpu");
}

// The device check's box lets the GPU driver's calls through, so a file not trusted is not run on
// the GPU, and the sentence says how to trust it.
TEST(GpuYourKernel, AFileNotTrustedIsNotRunOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    if (const std::string why = box_unavailable(); !why.empty()) GTEST_SKIP() << "no sandbox here, so every run is trusted: " << why;
    KernelRequest r;
    r.file = fixture_path("brent_kung.cu");
    run_as(r, {"--preset", "fig9.10", "--type", "float32"});
    r.like = Algorithm::brent_kung;
    r.device_check = true;
    const KernelTrace k = trace_kernel(r);
    ASSERT_TRUE(k.traced) << k.ended;
    EXPECT_TRUE(k.device_check.starts_with("the device check was skipped: it would run brent_kung.cu on the GPU")) << k.device_check;
    EXPECT_NE(k.device_check.find("--trust"), std::string::npos) << k.device_check;
}

// In its box (device_box.hpp), the CUDA driver runs (the tests above) but the file reaches no file
// outside it, no network and no home: a trusted file that tries them still gives the GPU's values.
TEST(GpuYourKernel, TheDeviceChecksBoxHidesFilesTheNetworkAndTheHome) {
    SKIP_WITHOUT_DEVICE_CHECK();
    if (const std::string why = box_unavailable(); !why.empty()) GTEST_SKIP() << "no sandbox here: " << why;
    expect_the_same_on_the_gpu(kFixtures + "/hostile/hostile_gpu_reach.cu", {"--random", "1000", "--seed", "3", "--type", "float32"});
}

TEST(GpuYourKernel, TheDeviceChecksBoxStopsANewProcessWithASentence) {
    SKIP_WITHOUT_DEVICE_CHECK();
    if (const std::string why = box_unavailable(); !why.empty()) GTEST_SKIP() << "no sandbox here: " << why;
    const KernelTrace k = checked(kFixtures + "/hostile/hostile_gpu_fork.cu", {"--random", "100", "--seed", "3", "--type", "float32"});
    ASSERT_TRUE(k.traced) << k.ended;
    SKIP_IF_SKIPPED(k);
    EXPECT_TRUE(k.device_check.starts_with("on the GPU, the program was stopped by the device check's sandbox: system call "))
        << k.device_check;
}

// compute-sanitizer inside the device check: the book's Figure 9.2 loop on one warp is a race the
// CPU run finds at its lines, and racecheck on the GPU reports the same lines; the unwritten S of
// a hierarchical kernel is initcheck's at the line the CPU run names. The sentence says which
// lines agree and where they differ.
TEST(GpuYourKernel, ComputeSanitizerReportsTheRaceAndTheUnwrittenReadAtTheCpuRunsLines) {
    SKIP_WITHOUT_DEVICE_CHECK();
    const KernelTrace racy = checked("fig9_2_kogge_stone_racy.cu", {"--preset", "fig9.10"});
    ASSERT_TRUE(racy.traced) << racy.ended;
    SKIP_IF_SKIPPED(racy);
    if (racy.device_check.find("compute-sanitizer") == std::string::npos) GTEST_SKIP() << "no compute-sanitizer: " << racy.device_check;
    // ("report line 12" or "report lines 11 and 12": racecheck names the lines of the order the GPU ran.)
    EXPECT_NE(racy.device_check.find("compute-sanitizer's racecheck and initcheck report line"), std::string::npos) << racy.device_check;
    EXPECT_NE(racy.device_check.find("as the CPU run does"), std::string::npos) << racy.device_check;
    const KernelTrace unwritten = checked(kFixtures + "/students/hier_unwritten_s.cu", {"--random", "20"});
    ASSERT_TRUE(unwritten.traced) << unwritten.ended;
    EXPECT_NE(unwritten.device_check.find("compute-sanitizer"), std::string::npos) << unwritten.device_check;
    std::cout << racy.device_check << "\n" << unwritten.device_check << "\n";
}
