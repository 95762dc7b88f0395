// The device check of a student's kernel (kernel_tracer/host/device_check.hpp) where no GPU is
// needed: the line that says it was skipped and why, the sentence that compares two results, and
// the generated harness for each shape of file, compiled by nvcc for sm_90 (CI has nvcc, no GPU).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/device_check.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"
#include "tests/kernel_fixtures.hpp"

using namespace scanlab;
using namespace scanlab::kernel_tracer;
using namespace scanlab::kernel_fixtures;

namespace {

namespace fs = std::filesystem;

// nvcc's messages when the harness for `shape` does not compile for sm_90, else "".
std::string harness_compile_errors(const HarnessShape& shape) {
    const fs::path dir = fs::temp_directory_path() / ("scanlab-harness-test-" + std::to_string(::getpid()) + "-" + shape.entry.name);
    fs::create_directories(dir);
    const std::string source = (dir / "device_check.cu").string();
    std::ofstream(source) << device_harness(shape);
    std::vector<std::string> argv{find_nvcc()};
    for (const std::string& f : nvcc_flags(90)) argv.push_back(f);
    argv.insert(argv.end(), {"-c", source, "-o", (dir / "device_check.o").string()});
    int status = 0;
    const std::string said = run_tool(argv, status);
    fs::remove_all(dir);
    return status == 0 ? "" : said.empty() ? "nvcc failed" : said;
}

HarnessShape shape_of(const std::string& file, bool host, const std::string& name, ElementType type, bool any_type, OpKind op = OpKind::sum) {
    HarnessShape h;
    h.file = file;
    h.entry = {host, name};
    h.type = type;
    h.any_type = any_type;
    h.op = op;
    h.section = h.block_dim = 8;
    h.grid_dim = 5;
    return h;
}

#define NEEDS_NVCC() \
    if (find_nvcc().empty()) GTEST_SKIP() << "the CUDA toolkit's nvcc is not installed"

}  // namespace

TEST(DeviceCheck, WithoutAGpuSaysInOneLineThatItWasSkippedAndWhy) {
    const std::string why = device_check_unavailable();
    if (why.empty()) GTEST_SKIP() << "this machine has nvcc and a GPU: the gpu-labelled tests run the device check";
    if (find_on_path({"clang++", "clang++-14"}).empty()) GTEST_SKIP() << "clang++ is not installed (Debian's package clang)";
    KernelRequest r;
    r.file = kFixtures + "/slides_kogge_stone_temp.cu";
    r.words = {"--preset", "fig9.10"};
    r.device_check = true;
    r.trust = true;  // our own fixture: runs with no sandbox where none can be made
    const KernelTrace k = trace_kernel(r);
    ASSERT_TRUE(k.traced) << k.ended;
    EXPECT_EQ(k.device_check, "the device check was skipped: " + why);
    EXPECT_EQ(k.device_check.find('\n'), std::string::npos);
    EXPECT_EQ(k.trace.backend, "cpu");
}

TEST(DeviceCheck, SaysWhereTheGpusResultFirstDiffersAndHowOften) {
    const ValueArray cpu = std::vector<int32_t>{1, 3, 6, 10}, gpu = std::vector<int32_t>{1, 3, 5, 9};
    const std::string differs = comparison_sentence(gpu, cpu, "NVIDIA H100");
    EXPECT_NE(differs.find("differs from the CPU run's at 2 of 4 elements, first at 2: got 5, CPU 6"), std::string::npos) << differs;
    EXPECT_EQ(comparison_sentence(cpu, cpu, "NVIDIA H100"), "the GPU (NVIDIA H100) gave the same 4 values as the CPU run");
}

TEST(DeviceHarness, CompilesWithNvccForAnExerciseKernelOfItsOwnType) {
    NEEDS_NVCC();
    EXPECT_EQ(harness_compile_errors(shape_of(kFixtures + "/fig9_2_kogge_stone_racy.cu", false, "Kogge_Stone_scan_kernel", ElementType::float32, false)), "");
}

TEST(DeviceHarness, CompilesWithNvccForAKernelOfEveryTypeAndOperator) {
    NEEDS_NVCC();
    EXPECT_EQ(harness_compile_errors(shape_of(kStarters + "/kogge-stone.cu", false, "kogge_stone_scan", ElementType::int64, true, OpKind::max)), "");
}

TEST(DeviceHarness, CompilesWithNvccForHostCodeThatCopiesFromTheHostsArrays) {
    NEEDS_NVCC();
    EXPECT_EQ(harness_compile_errors(shape_of(kFixtures + "/slides_host.cu", true, "scan", ElementType::float64, false)), "");
}

TEST(DeviceHarness, CompilesWithNvccForHostCodeOfEveryTypeAndOperator) {
    NEEDS_NVCC();
    EXPECT_EQ(harness_compile_errors(shape_of(solved_starter("ex5-hierarchical"), true, "scan", ElementType::float32, true, OpKind::min)), "");
}
