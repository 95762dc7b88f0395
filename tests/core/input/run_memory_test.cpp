// A run's memory is known from N and the algorithm before it runs, and a run that would hold more
// than half of this machine's memory is refused with one sentence instead of being ended by the
// system partway. The machine's memory is given here, so the refusal is tested on any machine.
#include <gtest/gtest.h>

#include "core/algorithms/table.hpp"
#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_memory.hpp"
#include "core/input/run_spec.hpp"

using namespace scanlab;

namespace {

constexpr uint64_t kGiB = uint64_t(1) << 30;
constexpr int64_t kLargest = int64_t(1) << 28;

ResolvedRequest shape(Algorithm a, int64_t n, Voice voice = Voice::cli) {
    ScanRequest q;
    q.algorithm = a;
    q.detail = Detail::counts;
    return resolve_shape(q, n, voice);
}

}  // namespace

// 2^28 int32 values: the input and the trace's copy of it and Y, and for the look-back also its
// view of Y and every tile's state (docs/robustness.md has the measured peaks).
TEST(RunMemory, TheEstimateFollowsEachAlgorithmsOwnArrays) {
    const uint64_t hierarchical = estimate_run_memory(shape(Algorithm::hierarchical, kLargest));
    const uint64_t lookback = estimate_run_memory(shape(Algorithm::decoupled_lookback, kLargest));
    EXPECT_GE(hierarchical, 3 * kGiB);
    EXPECT_LT(hierarchical, 3 * kGiB + kGiB / 4);
    EXPECT_GE(lookback, 4 * kGiB);
    EXPECT_LT(lookback, 5 * kGiB);
    // Every algorithm of the table has an estimate that grows with N.
    for (const AlgorithmInfo& info : algorithm_table()) {
        const int64_t n = info.capacity() > 0 ? info.capacity() : int64_t(1) << 20;
        auto at = [&](int64_t count) {
            ScanRequest q;
            q.algorithm = info.id;
            q.detail = Detail::counts;
            if (info.takes_flags) q.flags.assign(size_t(count), 0);
            return estimate_run_memory(resolve_shape(q, count));
        };
        const uint64_t small = at(n / 4), large = at(n);
        EXPECT_GT(large, small) << info.name;
        EXPECT_GE(small, 2 * uint64_t(n / 4) * 4) << info.name;  // at least the input and its copy
    }
}

TEST(RunMemory, ARunOverHalfTheMachinesMemoryIsRefusedInOneSentence) {
    const ResolvedRequest r = shape(Algorithm::decoupled_lookback, kLargest);
    const std::string problem = run_memory_problem(r, 6 * kGiB);
    EXPECT_NE(problem.find("decoupled-lookback on N = 268,435,456 would hold about 4."), std::string::npos) << problem;
    EXPECT_NE(problem.find("more than half of the 6.0 GiB this machine has; give a smaller N"), std::string::npos) << problem;
    EXPECT_EQ(problem.find('\n'), std::string::npos) << problem;
    EXPECT_EQ(problem.find(". "), std::string::npos) << "one sentence: " << problem;
    // Within half the memory, or where the machine does not say its memory: no refusal.
    EXPECT_EQ(run_memory_problem(r, 16 * kGiB), "");
    EXPECT_EQ(run_memory_problem(r, 0), "");
    EXPECT_EQ(run_memory_problem(shape(Algorithm::hierarchical, kLargest), 8 * kGiB), "");
    EXPECT_THROW(require_within_memory(r, 6 * kGiB), ScanError);
}

// The emulation's run refuses it before its values are made, from N alone.
TEST(RunMemory, RandomInputTooLargeForThisMachineIsRefusedBeforeItsValuesAreMade) {
    RunSpec spec;
    spec.request.algorithm = Algorithm::decoupled_lookback;
    spec.request.detail = Detail::counts;
    spec.input.source = InputSpec::Source::random;
    spec.input.random_n = kLargest;
    const ResolvedRequest r = resolve_shape(request_for(spec, spec.request.algorithm), kLargest, Voice::app);
    const uint64_t need = estimate_run_memory(r);
    if (run_memory_problem(r).empty()) GTEST_SKIP() << "this machine has more than twice the " << need << " bytes the run needs";
    try {
        prepare(spec, Voice::app, true);
        ADD_FAILURE() << "a run over half of this machine's memory was prepared";
    } catch (const ScanError& e) {
        EXPECT_EQ(std::string(e.what()), run_memory_problem(r));
    }
}
