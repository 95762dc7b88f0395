// The domino scan on the GPU: the device records the real order of its blocks' events, and the
// emulation replaying that order gives the GPU's trace, snapshots included; the scan is right at
// every size; the static-index variant, which could hang a GPU, is refused with a sentence.
#include <gtest/gtest.h>

#include "core/emulation/emulate.hpp"
#include "core/emulation/event_scan.hpp"
#include "core/error.hpp"
#include "core/input/input.hpp"
#include "core/input/resolve.hpp"
#include "core/lesson/verdict.hpp"
#include "kernels/gpu_backend.hpp"
#include "tests/gpu_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

ScanRequest domino(int section, Detail detail = Detail::full) {
    ScanRequest r;
    r.algorithm = Algorithm::domino;
    r.section = section;
    r.detail = detail;
    return r;
}

std::string snapshot_difference(const Trace& gpu, const Trace& cpu) {
    if (gpu.steps.size() != cpu.steps.size()) return "step counts differ";
    for (size_t i = 0; i < gpu.steps.size(); ++i) {
        const Step &g = gpu.steps[i], &c = cpu.steps[i];
        const std::string at = "step " + std::to_string(i) + " (" + step_label(c) + ")";
        if (g.event != c.event) return at + ": the event differs";
        const EventSnapshot &a = g.snapshot, &b = c.snapshot;
        if (a.state != b.state || a.tile != b.tile || a.polls != b.polls || a.waits_on != b.waits_on || a.status != b.status)
            return at + ": the blocks or flags differ";
        if (!bitwise_equal(a.aggregate, b.aggregate) || !bitwise_equal(a.prefix, b.prefix) || !bitwise_equal(a.exclusive, b.exclusive))
            return at + ": the carried values differ";
    }
    return "";
}

}  // namespace

TEST(GpuDomino, TheEmulationReplayingTheDevicesOrderGivesTheGpuTraceSnapshotsIncluded) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    for (int section : {4, 32, 1024})
        for (ElementType type : {ElementType::int32, ElementType::float64}) {
            ScanRequest r = domino(section);
            r.type = type;
            const ValueArray x = random_values(section == 4 ? 16 : 3000, 9, type);
            const ResolvedRequest resolved = resolve(r, x);
            const Trace got = gpu->run(resolved, x);
            EXPECT_EQ(got.block_schedule, "hardware");
            ResolvedRequest replayed = resolved;
            replayed.request.block_schedule = replay_of(got);
            const Trace want = emulate(replayed, x);
            EXPECT_EQ(first_difference(got, want), "") << section;
            EXPECT_EQ(snapshot_difference(got, want), "") << section;
            EXPECT_TRUE(judge(got).correct()) << section;
        }
}

TEST(GpuDomino, ThousandsOfBlocksScanCorrectlyOnEveryRunWhateverOrderTheyTake) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    // 65537 elements in sections of 32: 2049 blocks, more than an H100 holds at once.
    const ValueArray x(gpu_test_input<float>(65537, 3));
    ScanRequest r = domino(32, Detail::counts);
    r.type = ElementType::float32;
    const ResolvedRequest resolved = resolve(r, x);
    const Trace cpu = emulate(resolved, x);
    for (int run = 0; run < 10; ++run) {
        const Trace got = gpu->run(resolved, x);
        // The prefix travels from tile to tile in one order whatever the schedule: bit for bit.
        EXPECT_TRUE(bitwise_equal(got.result, cpu.result)) << "run " << run;
        EXPECT_EQ(got.counts.additions, cpu.counts.additions);
        EXPECT_EQ(got.counts.steps, 4 * 2049);
    }
}

TEST(GpuDomino, SeveralHundredThousandElementsAtCountsDetailGiveTheEmulationsResult) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    for (ElementType type : {ElementType::int32, ElementType::int64, ElementType::float32, ElementType::float64})
        for (bool exclusive : {false, true}) {
            ScanRequest r = domino(0, Detail::counts);
            r.type = type;
            r.exclusive = exclusive;
            const ValueArray x = random_values(300007, 4, type);
            const ResolvedRequest resolved = resolve(r, x);
            const Trace got = gpu->run(resolved, x);
            EXPECT_TRUE(bitwise_equal(got.result, emulate(resolved, x).result)) << name(type) << (exclusive ? " exclusive" : "");
        }
}

TEST(GpuDomino, TheStaticIndexIsRefusedOnTheGpuWithASentenceAndNothingRuns) {
    SCANLAB_SKIP_WITHOUT_GPU();
    ScanRequest r = domino(4);
    r.static_index = true;
    const ValueArray x = random_values(16, 1, ElementType::int32);
    try {
        gpu::make_gpu_backend()->run(resolve(r, x), x);
        FAIL() << "the static index ran on the GPU";
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("--backend cpu"), std::string::npos) << e.what();
    }
}
