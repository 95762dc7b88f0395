// The decoupled look-back kernel on the GPU: every operator, type and direction against
// std::inclusive_scan / exclusive_scan, and the device's own order of events, replayed by the
// emulation, gives the GPU's trace bit for bit (floats included: the replay combines what the
// device combined, in its order). Skips, saying why, where there is no usable GPU.
#include <gtest/gtest.h>

#include <numeric>
#include <tuple>

#include "core/dispatch.hpp"
#include "core/emulation/emulate.hpp"
#include "core/emulation/event_scan.hpp"
#include "core/input/resolve.hpp"
#include "core/lesson/lookback_counts.hpp"
#include "core/operators.hpp"
#include "kernels/gpu_backend.hpp"
#include "tests/gpu_support.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

const std::vector<int64_t> kGpuLookbackSizes{0, 1, 2, 3, 31, 32, 33, 1023, 1024, 1025, 2047, 2048, 2049, 65537, 300007};

ScanRequest lookback_request(OpKind op, ElementType type, bool exclusive, int window, Detail detail) {
    ScanRequest r;
    r.algorithm = Algorithm::decoupled_lookback;
    r.op = op;
    r.type = type;
    r.exclusive = exclusive;
    r.lookback_window = window;
    r.detail = detail;
    return r;
}

template <class T, template <class> class OpT>
void check(OpKind op, bool exclusive) {
    auto gpu = gpu::make_gpu_backend();
    for (int window : {32, 1}) {
        for (int64_t n : kGpuLookbackSizes) {
            // Small integers: every order of additions gives the same bits, so std's is the answer.
            const std::vector<T> x = random_input<T>(n, uint64_t(n) * 13 + 5);
            const ScanRequest r = lookback_request(op, element_type_of<T>(), exclusive, window, n > 2049 ? Detail::counts : Detail::full);
            const ValueArray input(x);
            const Trace g = gpu->run(resolve(r, input), input);
            ASSERT_EQ(std::get<std::vector<T>>(g.result), (std_scan<T, OpT>(x, exclusive))) << "W=" << window << " N=" << n;
            EXPECT_EQ(g.backend, "gpu");
            EXPECT_EQ(g.block_schedule, "hardware");
            const int64_t tiles = g.grid;
            const int64_t combines = g.counts.additions - lookback_schedule_free_additions(n, g.section);
            EXPECT_GE(combines, std::max<int64_t>(tiles - 1, 0)) << "N=" << n;
            EXPECT_LE(combines, tiles * (tiles - 1) / 2) << "N=" << n;
            if (g.detail == Detail::full) EXPECT_EQ(combines, lookback_counts(g).combines);
        }
    }
}

using GpuLookbackCombo = OpTypeDirection;
class GpuLookback : public ::testing::TestWithParam<GpuLookbackCombo> {};

}  // namespace

TEST_P(GpuLookback, MatchesStdAtEveryAwkwardSizeWithAWarpWindowAndAChain) {
    SCANLAB_SKIP_WITHOUT_GPU();
    const auto& [op, type, exclusive] = GetParam();
    with_type_and_op(type, op, [&]<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) { check<T, Op>(op, exclusive); });
}

INSTANTIATE_TEST_SUITE_P(AllCombinations, GpuLookback,
                         ::testing::Combine(::testing::Values(OpKind::sum, OpKind::max, OpKind::min),
                                            ::testing::Values(ElementType::int32, ElementType::int64, ElementType::float32,
                                                              ElementType::float64),
                                            ::testing::Bool()),
                         op_type_direction_name);

// Fractional floats: a different order of combines would show in the bits, so the replay of the
// device's order must combine exactly what the device did, window by window.
TEST(GpuLookbackReplay, TheDevicesOrderOfEventsReplayedByTheEmulationGivesTheGpusTrace) {
    SCANLAB_SKIP_WITHOUT_GPU();
    auto gpu = gpu::make_gpu_backend();
    for (ElementType type : {ElementType::float32, ElementType::float64, ElementType::int32})
        for (int window : {32, 4, 1})
            for (int64_t n : {2, 1025, 2049, 4096}) {
                ScanRequest r = lookback_request(OpKind::sum, type, false, window, Detail::full);
                r.section = n > 2049 ? 16 : 0;  // 256 tiles, so blocks overlap and look back far
                const ValueArray input = type == ElementType::float32   ? ValueArray(gpu_test_input<float>(n, 3))
                                         : type == ElementType::float64 ? ValueArray(gpu_test_input<double>(n, 3))
                                                                        : ValueArray(gpu_test_input<int32_t>(n, 3));
                const ResolvedRequest resolved = resolve(r, input);
                const Trace g = gpu->run(resolved, input);
                ResolvedRequest again = resolved;
                again.request.block_schedule = replay_of(g);
                const Trace e = emulate(again, input);
                EXPECT_EQ(first_difference(g, e), "") << name(type) << " W=" << window << " N=" << n;
                for (size_t i = 0; i < g.steps.size(); ++i) ASSERT_EQ(g.steps[i].event, e.steps[i].event) << i;
            }
}
