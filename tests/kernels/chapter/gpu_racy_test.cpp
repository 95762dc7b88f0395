// The racy Kogge-Stone on real hardware. The lesson kernel (the book's 9.2 loop as printed,
// `for (stride = 1; stride <= threadIdx.x; stride *= 2) { __syncthreads(); XY[t] += XY[t-stride]; }`)
// is run many times on the GPU; the test reports how often each result occurs and asserts that
// every element the GPU got wrong in a step was wrong because of a read the emulation marks as a
// hazard. Since the loop's barrier is not reached by the threads that left the loop, this also
// checks what docs/race-lesson.md says the GPU does there: were a barrier not to wait for them,
// reads of their elements would come back stale where the emulation marks nothing. The correct
// kernels give the same trace every time.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>

#include "core/algorithms/table.hpp"
#include "core/emulation/emulate.hpp"
#include "core/input/resolve.hpp"
#include "kernels/gpu_backend.hpp"
#include "tests/gpu_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

constexpr int kRuns = 200;

std::vector<int32_t> values(const Step& s) { return std::get<std::vector<int32_t>>(s.values); }

// Inputs of 1..9, so every overwrite changes the value a late reader sees.
ValueArray positive_input(int n) {
    std::vector<int32_t> v(static_cast<size_t>(n));
    uint32_t state = 12345;
    for (auto& x : v) x = int32_t((state = state * 1664525u + 1013904223u) >> 28) % 9 + 1;
    return ValueArray(v);
}

}  // namespace

TEST(GpuRacyKoggeStone, EveryWrongElementFollowsAReadTheEmulationMarksAsAHazard) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    ScanRequest r;
    r.algorithm = Algorithm::kogge_stone_racy;
    const ValueArray x = positive_input(1024);
    const ResolvedRequest resolved = resolve(r, x);

    // In-order warps are the worst case: every read of an element owned by an earlier warp comes
    // after that warp's store, so these marks hold every read that can possibly be stale.
    r.schedule = {Schedule::Kind::in_order, 1};
    const Trace marked = emulate(resolve(r, x), x);
    ScanRequest right = r;
    right.algorithm = Algorithm::kogge_stone;
    const std::vector<int32_t> correct = std::get<std::vector<int32_t>>(emulate(resolve(right, x), x).result);

    std::map<std::vector<int32_t>, int> results;
    int64_t stale_reads = 0, device_marks = 0;
    for (int run = 0; run < kRuns; ++run) {
        const Trace t = gpu->run(resolved, x);
        ASSERT_EQ(t.steps.size(), marked.steps.size());
        results[std::get<std::vector<int32_t>>(t.result)]++;
        for (size_t s = 0; s < t.steps.size(); ++s) {
            // Everything but the hazards is the loop's shape, the same on every run and backend.
            StepCounts got = t.steps[s].counts, want = marked.steps[s].counts;
            got.hazards = want.hazards = 0;
            EXPECT_EQ(got, want) << "run " << run << ", step " << s;
            EXPECT_EQ(t.steps[s].accesses, marked.steps[s].accesses) << "run " << run << ", step " << s;
        }
        for (size_t s = 1; s < t.steps.size(); ++s) {
            const std::vector<int32_t> before = values(t.steps[s - 1]), after = values(t.steps[s]);
            const int stride = t.steps[s].level;
            const std::set<int32_t> hazards(marked.steps[s].hazards.begin(), marked.steps[s].hazards.end());
            for (int i = stride; i < int(after.size()); ++i) {
                if (after[size_t(i)] == before[size_t(i - stride)] + before[size_t(i)]) continue;
                ++stale_reads;
                EXPECT_TRUE(hazards.count(i - stride)) << "run " << run << ", stride " << stride << ": element " << i
                                                       << " is wrong, but its read of " << i - stride << " is no hazard";
            }
            for (int32_t h : t.steps[s].hazards) {
                ++device_marks;
                EXPECT_TRUE(hazards.count(h)) << "the device marked " << h << " at stride " << stride;
            }
        }
    }
    std::cout << "[racy kogge-stone on the GPU] " << kRuns << " runs of N = 1024, " << results.size() << " distinct result(s):\n";
    for (const auto& [result, count] : results) {
        int wrong = 0;
        for (size_t i = 0; i < result.size(); ++i) wrong += result[i] != correct[i];
        std::cout << "  " << count << " run(s): " << (wrong ? std::to_string(wrong) + " wrong element(s)" : "the correct scan") << "\n";
    }
    std::cout << "  stale reads seen in the step snapshots: " << stale_reads << "; hazards the device marked: " << device_marks
              << "; reads the emulation marks as possible hazards per run: " << marked.counts.hazards << "\n";
    RecordProperty("distinct_results", int(results.size()));
}

TEST(GpuCorrectKernels, GiveTheSameTraceOnEveryRun) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    const ValueArray x = positive_input(1024);
    for (const AlgorithmInfo& row : algorithm_table()) {
        if (!row.one_section() || row.racy) continue;
        const Algorithm a = row.id;
        ScanRequest r;
        r.algorithm = a;
        const ResolvedRequest resolved = resolve(r, x);
        const Trace first = gpu->run(resolved, x);
        for (int run = 0; run < 20; ++run) ASSERT_EQ(first_difference(gpu->run(resolved, x), first), "") << name(a) << " run " << run;
        EXPECT_EQ(first.counts.hazards, 0) << name(a);
    }
}
