// The instrumented CUDA kernels record the very trace the CPU emulation records: every algorithm
// x operator x type x inclusive/exclusive, step for step and bit for bit, floats included.
// Skips (saying why) where there is no usable GPU.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <tuple>

#include "core/dispatch.hpp"
#include "core/emulation/emulate.hpp"
#include "core/emulation/event_scan.hpp"
#include "core/error.hpp"
#include "core/input/input.hpp"
#include "core/input/resolve.hpp"
#include "core/lesson/exercises.hpp"
#include "core/operators.hpp"
#include "kernels/gpu_backend.hpp"
#include "tests/algorithm_configs.hpp"
#include "tests/gpu_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

int64_t capacity(const AlgoConfig& c) {
    if (algorithm_info(c.algorithm).reach == Reach::one_thread) return 2049;  // a full trace holds N snapshots of N values
    return std::min<int64_t>(largest_input(c), 65537);
}

// Every configuration of the table but the racy lesson (whose GPU result depends on the hardware's
// warp order: gpu_racy_test.cpp checks it), and sections other than the default.
std::vector<AlgoConfig> gpu_configurations() {
    std::vector<AlgoConfig> v;
    for (const AlgoConfig& c : every_configuration())
        if (!algorithm_info(c.algorithm).racy) v.push_back(c);
    v.push_back({Algorithm::hierarchical, Algorithm::kogge_stone, 32, "hierarchical_kogge_stone_section32"});
    v.push_back({Algorithm::hierarchical, Algorithm::brent_kung, 4, "hierarchical_brent_kung_section4"});
    v.push_back({Algorithm::slides, Algorithm::kogge_stone, 8, "slides_section8"});
    v.push_back({Algorithm::segmented, Algorithm::kogge_stone, 32, "segmented_kogge_stone_section32"});
    v.push_back({Algorithm::segmented, Algorithm::brent_kung, 4, "segmented_brent_kung_section4"});
    return v;
}

const std::vector<int64_t> kGpuSizes{0, 1, 2, 3, 31, 32, 33, 1023, 1024, 1025, 2047, 2048, 2049, 65537};

template <class T>
void check_sizes(const AlgoConfig& c, OpKind op, bool exclusive) {
    auto gpu = gpu::make_gpu_backend();
    for (int64_t n : kGpuSizes) {
        if (n > capacity(c)) continue;
        ScanRequest r;
        r.algorithm = c.algorithm;
        r.block_algorithm = c.block;
        r.coarsening = c.coarsening;
        r.section = c.section;
        r.op = op;
        r.type = element_type_of<T>();
        r.exclusive = exclusive;
        r.flags = flags_for(c, n, uint64_t(n) * 13 + 1);
        const ValueArray input(gpu_test_input<T>(n, uint64_t(n) * 31 + 7));
        const ResolvedRequest resolved = resolve(r, input);
        const Trace got = gpu->run(resolved, input);
        // A single-pass scan's blocks ran in the order the hardware gave them: the emulation
        // replaying the order the device recorded must give the GPU's trace.
        ResolvedRequest replayed = resolved;
        if (algorithm_info(c.algorithm).reach == Reach::single_pass) replayed.request.block_schedule = replay_of(got);
        const Trace expected = emulate(replayed, input);
        ASSERT_EQ(got.backend, "gpu");
        ASSERT_EQ(first_difference(got, expected), "") << c.label << " N=" << n << " section " << resolved.section;
    }
}

using GpuCombo = std::tuple<AlgoConfig, OpKind, ElementType, bool>;
class GpuTraceEqualsEmulation : public ::testing::TestWithParam<GpuCombo> {};

std::string combo_name(const ::testing::TestParamInfo<GpuCombo>& info) {
    const auto& [c, op, type, exclusive] = info.param;
    return c.label + "_" + std::string(name(op)) + "_" + std::string(name(type)) + (exclusive ? "_exclusive" : "_inclusive");
}

}  // namespace

TEST_P(GpuTraceEqualsEmulation, StepForStepAndBitForBitAtEveryAwkwardSize) {
    SCANLAB_SKIP_WITHOUT_GPU();
    const auto& [c, op, type, exclusive] = GetParam();
    with_type(type, [&]<class T>(TypeTag<T>) { check_sizes<T>(c, op, exclusive); });
}

INSTANTIATE_TEST_SUITE_P(
    AllCombinations, GpuTraceEqualsEmulation,
    ::testing::Combine(::testing::ValuesIn(gpu_configurations()), ::testing::Values(OpKind::sum, OpKind::max, OpKind::min),
                       ::testing::Values(ElementType::int32, ElementType::int64, ElementType::float32, ElementType::float64),
                       ::testing::Bool()),
    combo_name);

// The figure the app shows beside every run, recorded on the GPU.
TEST(GpuFigure9_10, HierarchicalTraceOnTheGpuHasTheBooksBlockSumsAndResult) {
    SCANLAB_SKIP_WITHOUT_GPU();
    ScanRequest r;
    r.algorithm = Algorithm::hierarchical;
    r.section = 4;
    const ValueArray x = parse_values("2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2", ElementType::int32);
    const Trace t = gpu::make_gpu_backend()->run(resolve(r, x), x);
    EXPECT_EQ(std::get<std::vector<int32_t>>(t.result), (std::vector<int32_t>{2, 3, 6, 7, 7, 11, 12, 14, 14, 17, 18, 20, 25, 28, 29, 31}));
    const Step* s = nullptr;
    for (const Step& st : t.steps)
        if (st.phase == Phase::block_sum_write) s = &st;
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(std::get<std::vector<int32_t>>(s->values), (std::vector<int32_t>{7, 7, 6, 11}));
    EXPECT_EQ(t.counts.additions, 37);
}

// The segmented scan's flag patterns beyond the random ones of the suite above: none (a plain
// scan), every element a segment, and flags on both sides of every block boundary.
TEST(GpuSegmentedScan, EveryFlagPatternGivesTheEmulationsTraceBitForBit) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    for (Algorithm block : {Algorithm::kogge_stone, Algorithm::brent_kung})
        for (int64_t n : {int64_t(33), int64_t(2049), int64_t(65537)})
            for (int pattern = 0; pattern < 3; ++pattern)
                for (bool exclusive : {false, true}) {
                    ScanRequest r;
                    r.algorithm = Algorithm::segmented;
                    r.block_algorithm = block;
                    r.type = ElementType::float64;
                    r.exclusive = exclusive;
                    const int section = algorithm_info(block).capacity();
                    r.flags.resize(size_t(n));
                    for (int64_t i = 0; i < n; ++i)
                        r.flags[size_t(i)] = pattern == 1 || (pattern == 2 && (i % section == 0 || i % section == section - 1));
                    const ValueArray x(gpu_test_input<double>(n, uint64_t(n) + 2));
                    const ResolvedRequest resolved = resolve(r, x);
                    EXPECT_EQ(first_difference(gpu->run(resolved, x), emulate(resolved, x)), "")
                        << name(block) << " N=" << n << " pattern " << pattern << (exclusive ? " exclusive" : "");
                }
}

// At counts detail (what `scanlab scan` asks for) a large run keeps the same totals and result.
TEST(GpuCountsDetail, SeveralHundredThousandElementsGiveTheEmulationsCountsAndResult) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    for (Algorithm block : multi_kernel_block_algorithms()) {
        ScanRequest r;
        r.algorithm = Algorithm::hierarchical;
        r.block_algorithm = block;
        r.detail = Detail::counts;
        r.type = ElementType::float32;
        const ValueArray x(gpu_test_input<float>(300007, 11));
        const ResolvedRequest resolved = resolve(r, x);
        const Trace expected = emulate(resolved, x);
        const Trace got = gpu->run(resolved, x);
        EXPECT_EQ(first_difference(got, expected), "") << name(block);
        EXPECT_TRUE(got.steps.empty());
    }
}

TEST(GpuEmptyInput, EveryAlgorithmAtEitherDetailGivesItsLoadStepAndLaunchesNothing) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    for (Algorithm a : all_algorithms())
        for (Detail detail : {Detail::full, Detail::counts}) {
            ScanRequest r;
            r.algorithm = a;
            r.detail = detail;
            const ValueArray x(std::vector<int32_t>{});
            const ResolvedRequest resolved = resolve(r, x);
            const Trace got = gpu->run(resolved, x);
            EXPECT_EQ(first_difference(got, emulate(resolved, x)), "") << name(a);
            EXPECT_EQ(got.counts.steps, 1) << name(a);
            EXPECT_EQ(size_of(got.result), 0u) << name(a);
            EXPECT_EQ(cudaGetLastError(), cudaSuccess) << name(a);
        }
}

// The trace buffer is sized before launch; a trace over the budget is refused with the same
// sentence the emulation gives, and nothing runs.
TEST(GpuTraceBudget, ATraceOverTheBudgetIsRefusedBeforeLaunchWithTheEmulationsMessage) {
    SCANLAB_SKIP_WITHOUT_GPU();
    ScanRequest r;
    r.algorithm = Algorithm::hierarchical;
    r.max_trace_bytes = 1 << 20;
    const ValueArray x(gpu_test_input<int32_t>(200000, 3));
    std::string gpu_message, cpu_message;
    try {
        gpu::make_gpu_backend()->run(resolve(r, x), x);
    } catch (const ScanError& e) {
        gpu_message = e.what();
    }
    try {
        emulate(resolve(r, x), x);
    } catch (const ScanError& e) {
        cpu_message = e.what();
    }
    EXPECT_NE(gpu_message.find("MiB"), std::string::npos) << gpu_message;
    EXPECT_EQ(gpu_message, cpu_message);
}

// The live run's sampled trace: a window of blocks plus S whole, recorded on the GPU, equals the
// emulation's, bit for bit.
TEST(GpuSampledTrace, EqualsTheEmulationsSampledTrace) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    const ValueArray x(gpu_test_input<float>(300007, 5));
    for (const AlgoConfig& c : every_configuration()) {
        if (!algorithm_info(c.algorithm).takes_sample_block) continue;
        const Algorithm algo = c.algorithm, block = c.block;
        ScanRequest r;
        r.algorithm = algo;
        r.block_algorithm = block;
        r.type = ElementType::float32;
        r.flags = flags_for(c, 300007, 9);
        // Block 100 where there is one: a coarsened section of 4096 leaves 74 blocks.
        const int section = resolve(r, x).section;
        const int64_t blocks = (300007 + section - 1) / section;
        r.sample = {std::min<int64_t>(100, blocks - 1), 3};
        const ResolvedRequest resolved = resolve(r, x);
        EXPECT_EQ(first_difference(gpu->run(resolved, x), emulate(resolved, x)), "") << name(algo) << "/" << name(block);
    }
}

// The exercises' answers are derived from the runs, so the GPU's runs give the emulation's answers.
TEST(GpuExercises, EveryAnswerFromGpuRunsEqualsTheAnswerFromTheEmulation) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    auto cpu = make_cpu_backend();
    for (int n = 1; n <= 8; ++n) EXPECT_EQ(answer_exercise(n, *gpu).text, answer_exercise(n, *cpu).text) << "exercise " << n;
}
