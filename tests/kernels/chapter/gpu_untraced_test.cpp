// The chapter's scans built with the null recording policy (what the benchmark times) give the
// CPU reference's result at sizes up to tens of millions.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <cstdlib>
#include <numeric>

#include "core/input/resolve.hpp"
#include "core/operators.hpp"
#include "kernels/chapter/chapter_untraced.hpp"
#include "tests/gpu_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

template <class T>
std::vector<T> run_untraced(const ResolvedRequest& r, const std::vector<T>& x) {
    T *in = nullptr, *out = nullptr;
    const size_t bytes = x.size() * sizeof(T);
    EXPECT_EQ(cudaMalloc(reinterpret_cast<void**>(&in), bytes), cudaSuccess);
    EXPECT_EQ(cudaMalloc(reinterpret_cast<void**>(&out), bytes), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(in, x.data(), bytes, cudaMemcpyHostToDevice), cudaSuccess);
    auto scan = gpu::make_untraced_chapter_scan(r);
    for (int i = 0; i < 2; ++i) scan->run(in, out);  // the second run reuses the first's scratch
    std::vector<T> y(x.size());
    EXPECT_EQ(cudaMemcpy(y.data(), out, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
    cudaFree(in);
    cudaFree(out);
    return y;
}

}  // namespace

TEST(GpuUntracedChapterScans, MatchTheCpuReferenceUpToTensOfMillions) {
    SCANLAB_SKIP_WITHOUT_GPU();
    // compute-sanitizer runs this at small sizes only (SCANLAB_GPU_TEST_MAX_N).
    const char* cap = std::getenv("SCANLAB_GPU_TEST_MAX_N");
    const int64_t max_n = cap ? std::atoll(cap) : int64_t(1) << 30;
    for (int64_t n : {int64_t(1), int64_t(1000), int64_t(2049), int64_t(65537), int64_t(1) << 20, (int64_t(1) << 24) + 5}) {
        if (n > max_n) continue;
        const std::vector<int32_t> x = gpu_test_input<int32_t>(n, uint64_t(n));
        for (bool exclusive : {false, true}) {
            std::vector<int32_t> expected(x.size());
            if (exclusive)
                std::exclusive_scan(x.begin(), x.end(), expected.begin(), 0);
            else
                std::inclusive_scan(x.begin(), x.end(), expected.begin());
            for (auto [algo, block] :
                 {std::pair{Algorithm::hierarchical, Algorithm::kogge_stone}, std::pair{Algorithm::hierarchical, Algorithm::brent_kung},
                  std::pair{Algorithm::hierarchical, Algorithm::three_phase}, std::pair{Algorithm::slides, Algorithm::kogge_stone}}) {
                ScanRequest q;
                q.algorithm = algo;
                q.block_algorithm = block;
                q.exclusive = exclusive;
                q.detail = Detail::counts;
                const ResolvedRequest r = resolve(q, ValueArray(x));
                EXPECT_EQ(run_untraced(r, x), expected)
                    << name(algo) << "/" << name(block) << " N=" << n << (exclusive ? " exclusive" : "");
            }
        }
    }
}

TEST(GpuUntracedChapterScans, AnEmptyInputLaunchesNothingAndLeavesNoError) {
    SCANLAB_SKIP_WITHOUT_GPU();
    for (Algorithm algo : {Algorithm::hierarchical, Algorithm::slides}) {
        ScanRequest q;
        q.algorithm = algo;
        q.detail = Detail::counts;
        const ResolvedRequest r = resolve(q, ValueArray(std::vector<int32_t>{}));
        auto scan = gpu::make_untraced_chapter_scan(r);
        scan->run(nullptr, nullptr);
        EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess) << name(algo);
        EXPECT_EQ(cudaGetLastError(), cudaSuccess) << name(algo);
    }
}
