// The single-pass scan (kernels/production/) against the CPU reference: every operator, element
// type and direction at awkward sizes, through both of the production choice's kernels (small and
// large inputs), and the book's kernels that the benchmark times beside it; many calls on one
// temporary storage (the epoch tags that replace a memset per call); the epoch wrap with every
// variant; misaligned arrays; n = 0; every tuning variant.
// Every output is poisoned first, so an element the scan never wrote shows.
//
// Skips, saying why, where there is no usable CUDA GPU. SCANLAB_GPU_TEST_MAX_N caps the sizes (the
// compute-sanitizer runs of tools/gpu-bench.sh use it: the tools are slow on millions of elements).
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "core/values.hpp"
#include "kernels/bench/bench.hpp"
#include "kernels/bench/bench_inputs.hpp"
#include "kernels/device_info.hpp"
#include "kernels/production/large_kernel_choice.hpp"
#include "kernels/production/single_pass_scan.hpp"

using namespace scanlab;

namespace {

#define REQUIRE_GPU()                                                    \
    do {                                                                 \
        const std::string& why = gpu::usable_gpu_reason();               \
        if (!why.empty()) GTEST_SKIP() << "no usable CUDA GPU: " << why; \
    } while (0)

void check(cudaError_t e, const std::string& what) {
    if (e != cudaSuccess) throw std::runtime_error(what + " failed: " + cudaGetErrorString(e));
}

class DeviceArray {
public:
    explicit DeviceArray(size_t bytes) : bytes_(bytes) { check(cudaMalloc(&p_, bytes ? bytes : 1), "cudaMalloc"); }
    ~DeviceArray() { cudaFree(p_); }
    DeviceArray(const DeviceArray&) = delete;
    DeviceArray& operator=(const DeviceArray&) = delete;
    char* get() const { return static_cast<char*>(p_); }
    size_t bytes() const { return bytes_; }

private:
    void* p_ = nullptr;
    size_t bytes_;
};

// Temporary storage for scans of up to max_n elements with any variant, prepared once.
struct Temp {
    size_t bytes;
    DeviceArray array;
    explicit Temp(int64_t max_n) : bytes(max_temp_bytes(max_n)), array(bytes) { gpu::single_pass_scan_prepare_temp(array.get(), bytes); }
    static size_t max_temp_bytes(int64_t max_n) {
        size_t most = 0;
        const size_t variants = gpu::single_pass_variants(ElementType::int32, OpKind::sum).size();
        for (ElementType t : {ElementType::int32, ElementType::int64})
            for (size_t v = 0; v < variants; ++v) most = std::max(most, gpu::single_pass_scan_temp_bytes(t, max_n, int(v)));
        return most;
    }
};

int64_t max_test_n() {
    const char* env = std::getenv("SCANLAB_GPU_TEST_MAX_N");
    if (env && *env) return std::strtoll(env, nullptr, 10);
    return int64_t(1) << 40;
}

std::vector<int64_t> awkward_sizes() {
    const std::vector<int64_t> all{1, 2, 3, 31, 32, 33, 1023, 1024, 1025, 4095, 4097, 65535, 65537, (int64_t(1) << 20) + 3, 5'000'011};
    std::vector<int64_t> sizes;
    for (int64_t n : all)
        if (n <= max_test_n()) sizes.push_back(n);
    return sizes;
}

// Scans `input` on the GPU (input at element offset in_offset of its array, output at
// out_offset), over an output poisoned with 0xA5 bytes, and reads the output back.
ValueArray scan_on_gpu(OpKind op, bool exclusive, const ValueArray& input, Temp& temp, int variant = 0, size_t in_offset = 0,
                       size_t out_offset = 0) {
    const ElementType type = element_type_of_values(input);
    const int64_t n = int64_t(size_of(input));
    const size_t s = element_bytes(type);
    DeviceArray in((size_t(n) + in_offset) * s), out((size_t(n) + out_offset) * s);
    std::visit(
        [&](const auto& v) {
            check(cudaMemcpy(in.get() + in_offset * s, v.data(), size_t(n) * s, cudaMemcpyHostToDevice), "cudaMemcpy in");
        },
        input);
    check(cudaMemset(out.get(), 0xA5, out.bytes()), "cudaMemset poison");
    gpu::single_pass_scan(type, op, exclusive, in.get() + in_offset * s, out.get() + out_offset * s, n, temp.array.get(), temp.bytes,
                          nullptr, variant);
    check(cudaDeviceSynchronize(), "the single-pass scan");
    ValueArray got = empty_values(type);
    std::visit(
        [&](auto& v) {
            v.resize(size_t(n));
            check(cudaMemcpy(v.data(), out.get() + out_offset * s, size_t(n) * s, cudaMemcpyDeviceToHost), "cudaMemcpy out");
        },
        got);
    return got;
}

::testing::AssertionResult matches_reference(OpKind op, bool exclusive, const ValueArray& input, Temp& temp, int variant = 0,
                                             size_t in_offset = 0, size_t out_offset = 0) {
    const ValueArray got = scan_on_gpu(op, exclusive, input, temp, variant, in_offset, out_offset);
    const bench::Mismatch m = bench::compare_exact(got, bench::reference_scan(input, op, exclusive));
    if (m.ok()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << m.sentence(int64_t(size_of(input)));
}

// While alive, variant 0 takes one of its kernels for large inputs at every size
// (gpu::detail::single_pass_scan_force_kernel: 1 the 32 KB tiles, 2 the 44 KB tiles).
class ForceLargeKernel {
public:
    explicit ForceLargeKernel(int kernel = 1) { gpu::detail::single_pass_scan_force_kernel(kernel); }
    ~ForceLargeKernel() { gpu::detail::single_pass_scan_force_kernel(0); }
    ForceLargeKernel(const ForceLargeKernel&) = delete;
    ForceLargeKernel& operator=(const ForceLargeKernel&) = delete;
};

std::string case_name(ElementType t, OpKind op, bool exclusive) {
    return std::string(name(t)) + "_" + std::string(name(op)) + (exclusive ? "_exclusive" : "_inclusive");
}

// ---- every operator, type and direction at awkward sizes ------------------------------------

class SinglePassScan : public ::testing::TestWithParam<std::tuple<ElementType, OpKind, bool>> {};

TEST_P(SinglePassScan, MatchesTheCpuReferenceAtAwkwardSizes) {
    REQUIRE_GPU();
    const auto [type, op, exclusive] = GetParam();
    const std::vector<int64_t> sizes = awkward_sizes();
    Temp temp(sizes.back());
    for (int64_t n : sizes) {
        const ValueArray input = bench::make_input(type, op, n, uint64_t(n) * 7 + 1);
        EXPECT_TRUE(matches_reference(op, exclusive, input, temp)) << case_name(type, op, exclusive) << ", n = " << n;
    }
}

// Each kernel the policy can choose for large inputs on this GPU (large_kernel_choice.hpp), at
// every size.
TEST_P(SinglePassScan, MatchesTheCpuReferenceThroughEachLargeInputKernelAtEverySize) {
    REQUIRE_GPU();
    const auto [type, op, exclusive] = GetParam();
    const std::vector<int64_t> sizes = awkward_sizes();
    Temp temp(sizes.back());
    for (const int kernel : {1, 2}) {
        const ForceLargeKernel force(kernel);
        for (int64_t n : sizes) {
            if (n > 300'000) continue;  // larger sizes take it anyway
            const ValueArray input = bench::make_input(type, op, n, uint64_t(n) * 5 + uint64_t(kernel) + 1);
            EXPECT_TRUE(matches_reference(op, exclusive, input, temp))
                << case_name(type, op, exclusive) << ", n = " << n << (kernel == 1 ? ", 32 KB tiles" : ", 44 KB tiles");
        }
    }
}

// The benchmark's reference rows, the book's kernels written plainly, through the benchmark itself.
TEST_P(SinglePassScan, TheBooksPlainKernelsMatchTheCpuReferenceAtAwkwardSizes) {
    REQUIRE_GPU();
    const auto [type, op, exclusive] = GetParam();
    bench::BenchConfig config;
    config.sizes = awkward_sizes();  // 5,000,011 takes two levels of block sums for both
    config.type = type;
    config.op = op;
    config.exclusive = exclusive;
    config.algos = {bench::Algo::book_ks, bench::Algo::book_bk};
    config.reps = 1;
    config.warmups = 0;
    const bench::BenchResult result = bench::run_benchmark(config);
    ASSERT_EQ(result.rows.size(), 2 * config.sizes.size());
    for (const bench::BenchRow& r : result.rows)
        EXPECT_TRUE(r.verified) << case_name(type, op, exclusive) << ", " << r.algorithm << ", n = " << r.n << ": " << r.problem;
}

INSTANTIATE_TEST_SUITE_P(
    EveryOperatorTypeAndDirection, SinglePassScan,
    ::testing::Combine(::testing::Values(ElementType::int32, ElementType::int64, ElementType::float32, ElementType::float64),
                       ::testing::Values(OpKind::sum, OpKind::max, OpKind::min), ::testing::Bool()),
    [](const auto& info) { return case_name(std::get<0>(info.param), std::get<1>(info.param), std::get<2>(info.param)); });

// ---- one temporary storage, many calls: the epoch tags --------------------------------------

TEST(SinglePassScanStorage, ManyCallsOnOneStorageStayRightWhateverTheSizeAndType) {
    REQUIRE_GPU();
    const int64_t big = std::min<int64_t>(max_test_n(), 3'000'017);
    Temp temp(big);
    // Large, small, large again: a large scan after a small one meets words the small one left
    // (current tags) and words only the large one before it wrote (stale tags).
    const std::vector<int64_t> sizes{big, 5000, 1, big, 70001, big - 4096, 4097, big};
    uint64_t seed = 100;
    for (int round = 0; round < 2; ++round) {
        for (int64_t n : sizes) {
            for (ElementType t : {ElementType::int32, ElementType::float64, ElementType::float32, ElementType::int64}) {
                const ValueArray input = bench::make_input(t, OpKind::sum, n, ++seed);
                EXPECT_TRUE(matches_reference(OpKind::sum, round == 1, input, temp)) << name(t) << ", n = " << n << ", call " << seed;
            }
        }
    }
}

TEST(SinglePassScanStorage, TheEpochWrapClearsWordsThatWouldReadAsCurrent) {
    REQUIRE_GPU();
    const int64_t n = std::min<int64_t>(max_test_n(), 2'000'003);
    const uint32_t period = gpu::detail::single_pass_scan_epoch_period();
    const std::vector<gpu::SinglePassVariant> variants = gpu::single_pass_variants(ElementType::int32, OpKind::sum);
    Temp temp(n);
    for (size_t v = 0; v < variants.size(); ++v) {
        // Epoch 0 writes every word with tag 1. The launch of the last epoch must clear them all,
        // or the next epoch 0 (tag 1 again) could take them for its own.
        gpu::detail::single_pass_scan_set_epoch(temp.array.get(), temp.bytes, 0);
        EXPECT_TRUE(matches_reference(OpKind::sum, false, bench::make_input(ElementType::int32, OpKind::sum, n, 1), temp, int(v)))
            << variants[v].name;
        // The last epoch, with many blocks: the last of them to finish clears.
        gpu::detail::single_pass_scan_set_epoch(temp.array.get(), temp.bytes, period - 1);
        EXPECT_TRUE(matches_reference(OpKind::sum, true, bench::make_input(ElementType::int32, OpKind::sum, n / 2, 3), temp, int(v)))
            << variants[v].name;
        for (uint64_t seed = 4; seed < 8; ++seed)  // epochs 0, 1, 2, 3 after the wrap
            EXPECT_TRUE(
                matches_reference(OpKind::sum, seed % 2 == 0, bench::make_input(ElementType::int32, OpKind::sum, n, seed), temp, int(v)))
                << variants[v].name << ", call " << seed - 4 << " after the wrap";
    }
}

// ---- arguments -------------------------------------------------------------------------------

TEST(SinglePassScanArguments, ZeroElementsLaunchNothingAndLeaveTheOutputAlone) {
    REQUIRE_GPU();
    Temp temp(1024);
    DeviceArray out(64);
    check(cudaMemset(out.get(), 0xA5, 64), "cudaMemset");
    gpu::single_pass_scan(ElementType::int32, OpKind::sum, false, out.get(), out.get(), 0, temp.array.get(), temp.bytes);
    check(cudaDeviceSynchronize(), "sync");
    std::vector<unsigned char> host(64);
    check(cudaMemcpy(host.data(), out.get(), 64, cudaMemcpyDeviceToHost), "cudaMemcpy");
    for (unsigned char b : host) EXPECT_EQ(b, 0xA5);
}

TEST(SinglePassScanArguments, MisalignedArraysTakeTheElementPathAndStayRight) {
    REQUIRE_GPU();
    Temp temp(200'000);
    for (int64_t n : {int64_t(4097), int64_t(100'003)}) {
        if (n > max_test_n()) continue;
        for (ElementType t : {ElementType::int32, ElementType::float64}) {
            const ValueArray input = bench::make_input(t, OpKind::sum, n, uint64_t(n));
            EXPECT_TRUE(matches_reference(OpKind::sum, false, input, temp, 0, 1, 3)) << name(t) << ", n = " << n << ", in + 1, out + 3";
            EXPECT_TRUE(matches_reference(OpKind::sum, true, input, temp, 0, 0, 1)) << name(t) << ", n = " << n << ", out + 1";
            const ForceLargeKernel force;
            EXPECT_TRUE(matches_reference(OpKind::sum, false, input, temp, 0, 3, 1))
                << name(t) << ", n = " << n << ", in + 3, out + 1, large-input kernel";
        }
    }
}

TEST(SinglePassScanArguments, StorageTooSmallForNIsRefusedWithASentence) {
    REQUIRE_GPU();
    Temp temp(1000);
    DeviceArray a(4 << 20), b(4 << 20);
    try {
        gpu::single_pass_scan(ElementType::int32, OpKind::sum, false, a.get(), b.get(), 1 << 20, temp.array.get(), temp.bytes);
        FAIL() << "expected a ScanError";
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("temporary storage"), std::string::npos) << e.what();
    }
}

// ---- the tuning variants the benchmark times -------------------------------------------------

TEST(SinglePassScanVariants, EveryInt32SumVariantMatchesTheReference) {
    REQUIRE_GPU();
    const std::vector<gpu::SinglePassVariant> variants = gpu::single_pass_variants(ElementType::int32, OpKind::sum);
    ASSERT_GE(variants.size(), 1u);
    const std::vector<int64_t> sizes = awkward_sizes();
    Temp temp(sizes.back());
    for (size_t v = 0; v < variants.size(); ++v) {
        for (int64_t n : sizes) {
            const ValueArray input = bench::make_input(ElementType::int32, OpKind::sum, n, uint64_t(n) + v);
            for (bool exclusive : {false, true})
                EXPECT_TRUE(matches_reference(OpKind::sum, exclusive, input, temp, int(v)))
                    << "variant " << variants[v].name << ", n = " << n << (exclusive ? ", exclusive" : ", inclusive");
        }
        const int64_t n = std::min<int64_t>(max_test_n(), 100'003);  // misaligned: every tile through the element path
        EXPECT_TRUE(matches_reference(OpKind::sum, false, bench::make_input(ElementType::int32, OpKind::sum, n, 5), temp, int(v), 1, 3))
            << "variant " << variants[v].name << ", n = " << n << ", in + 1, out + 3";
    }
}

// No GPU needed: the rule is host code. The H100's memory figures are what the device reports
// (2619 MHz, 5120 bits); the H200's bandwidth is its datasheet's 4.8 TB/s. 132 SMs each.
TEST(SinglePassScanPolicy, AnH100TakesThe32KbTilesAtEverySize) {
    const production::DeviceShape h100{132, 9, 2.0 * 2619e6 * 5120 / 8 / 1e9};
    EXPECT_EQ(production::large_kernel_for(h100, int64_t(1) << 20), production::LargeKernel::staged);
    EXPECT_EQ(production::large_kernel_for(h100, int64_t(1) << 34), production::LargeKernel::staged);
}

TEST(SinglePassScanPolicy, AnH200Takes44KbTilesFromOneGiB) {
    const production::DeviceShape h200{132, 9, 4800.0};
    EXPECT_EQ(production::large_kernel_for(h200, (int64_t(1) << 30) - 1), production::LargeKernel::staged);
    EXPECT_EQ(production::large_kernel_for(h200, int64_t(1) << 30), production::LargeKernel::staged_wide);
}

TEST(SinglePassScanPolicy, GpusBeforeHopperKeepTilesInRegistersAndUnknownMemoryTakesTheDefault) {
    EXPECT_EQ(production::large_kernel_for({108, 8, 2039.0}, int64_t(1) << 31), production::LargeKernel::registers);
    EXPECT_EQ(production::large_kernel_for({132, 9, 0.0}, int64_t(1) << 31), production::LargeKernel::staged);
}

TEST(SinglePassScanVariants, OtherTypesHaveTheProductionVariantOnly) {
    // No GPU needed: the table of variants is host data.
    EXPECT_EQ(gpu::single_pass_variants(ElementType::float64, OpKind::max).size(), 1u);
    EXPECT_GE(gpu::single_pass_variants(ElementType::int32, OpKind::sum).size(), 3u);
}

}  // namespace
