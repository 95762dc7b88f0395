// The device check on a GPU: the book's race-free kernels, written by hand (tests/kernels/),
// compiled by nvcc and run on the device, give the CPU run's values; the racy Figure 9.2 loop is
// compared too, and whatever the GPU gives, the trace stays the CPU run's. Each test skips with
// the reason where nvcc or a usable GPU is missing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernel_tracer/host/device_check.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"

using namespace scanlab;
using namespace scanlab::kernel_tracer;

namespace {

const std::string kFixtures = SCANLAB_KERNEL_FIXTURES;

KernelTrace checked(const std::string& fixture, std::vector<std::string> words, Algorithm like = Algorithm::kogge_stone) {
    KernelRequest r;
    r.file = kFixtures + "/" + fixture;
    r.words = std::move(words);
    r.like = like;
    r.device_check = true;
    r.cpu_seconds = 20;
    return trace_kernel(r);
}

bool gave_the_same(const KernelTrace& k) { return k.device_check.find(" gave the same ") != std::string::npos; }

}  // namespace

#define SKIP_WITHOUT_DEVICE_CHECK()                                                                    \
    do {                                                                                               \
        if (const std::string why = device_check_unavailable(); !why.empty()) GTEST_SKIP() << why;   \
    } while (0)
#define SKIP_IF_SKIPPED(k)                                                                             \
    if ((k).device_check.starts_with("the device check was skipped")) GTEST_SKIP() << (k).device_check

TEST(GpuYourKernel, SlidesKoggeStoneGivesTheCpuRunsValuesOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    const KernelTrace k = checked("slides_kogge_stone_temp.cu", {"--random", "1000", "--seed", "3", "--type", "float32"});
    ASSERT_TRUE(k.traced) << k.ended;
    SKIP_IF_SKIPPED(k);
    EXPECT_TRUE(gave_the_same(k)) << k.device_check;
    EXPECT_EQ(k.trace.backend, "cpu");
}

TEST(GpuYourKernel, BrentKungGivesTheCpuRunsValuesOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    const KernelTrace k = checked("brent_kung.cu", {"--preset", "fig9.10", "--type", "float32"}, Algorithm::brent_kung);
    ASSERT_TRUE(k.traced) << k.ended;
    SKIP_IF_SKIPPED(k);
    EXPECT_TRUE(gave_the_same(k)) << k.device_check;
}

TEST(GpuYourKernel, BooksHierarchicalHostCodeGivesTheCpuRunsValuesOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    const KernelTrace k = checked("hierarchical_host.cu", {"--random", "100", "--seed", "4", "--type", "float32", "--section", "8"});
    ASSERT_TRUE(k.traced) << k.ended;
    SKIP_IF_SKIPPED(k);
    EXPECT_TRUE(gave_the_same(k)) << k.device_check;
}

TEST(GpuYourKernel, SlidesHostCodeCopyingFromTheHostGivesTheCpuRunsValuesOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    const KernelTrace k = checked("slides_host.cu", {"--random", "100", "--seed", "4", "--type", "float64", "--section", "8"});
    ASSERT_TRUE(k.traced) << k.ended;
    SKIP_IF_SKIPPED(k);
    EXPECT_TRUE(gave_the_same(k)) << k.device_check;
}

TEST(GpuYourKernel, HostCodeOfEveryTypeAndOperatorGivesTheCpuRunsValuesOnTheGpu) {
    SKIP_WITHOUT_DEVICE_CHECK();
    for (const char* type : {"int32", "int64", "float32", "float64"})
        for (const char* op : {"sum", "max", "min"}) {
            const KernelTrace k = checked("hierarchical_any_type.cu", {"--random", "300", "--seed", "5", "--type", type, "--op", op, "--section", "16"});
            ASSERT_TRUE(k.traced) << type << " " << op << ": " << k.ended;
            SKIP_IF_SKIPPED(k);
            EXPECT_TRUE(gave_the_same(k)) << type << " " << op << ": " << k.device_check;
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
