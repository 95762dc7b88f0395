// Every algorithm of the table (the racy lesson under the schedule that hides its race) x operator
// x type x inclusive/exclusive against std::inclusive_scan /
// std::exclusive_scan, on random inputs of the awkward sizes around warps, sections and blocks.
#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <tuple>

#include "core/dispatch.hpp"
#include "core/operators.hpp"
#include "tests/algorithm_configs.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

const std::vector<int64_t> kStdSizes{1, 2, 3, 31, 32, 33, 1023, 1024, 1025, 2047, 2048, 2049, 65537, 300007};

template <class T, template <class> class OpT>
std::vector<T> reference(const std::vector<T>& x, bool exclusive, const std::vector<uint8_t>& flags) {
    std::vector<T> y(x.size());
    const OpT<T> op;
    if (!flags.empty()) {  // a segmented scan: std's scan of each segment (tests/core/emulation/segmented_scan_test.cpp has more)
        for (size_t a = 0; a < x.size();) {
            size_t b = a + 1;
            while (b < x.size() && !flags[b]) ++b;
            if (exclusive)
                std::exclusive_scan(x.begin() + a, x.begin() + b, y.begin() + a, OpT<T>::identity(), op);
            else
                std::inclusive_scan(x.begin() + a, x.begin() + b, y.begin() + a, op);
            a = b;
        }
        return y;
    }
    return std_scan<T, OpT>(x, exclusive);
}

template <class T, template <class> class OpT>
void check_all_sizes(const AlgoConfig& c, OpKind op, bool exclusive) {
    for (int64_t n : kStdSizes) {
        if (n > largest_input(c)) continue;
        const std::vector<T> x = random_input<T>(n, uint64_t(n) * 7919 + 17);
        ScanRequest r = request(c.algorithm, 0, Detail::counts);
        r.block_algorithm = c.block;
        r.coarsening = c.coarsening;
        r.op = op;
        r.type = element_type_of<T>();
        r.exclusive = exclusive;
        r.flags = flags_for(c, n, uint64_t(n) + 3);
        // The racy lesson is only right when later warps read before earlier warps write.
        if (algorithm_info(c.algorithm).racy) r.schedule.kind = Schedule::Kind::reverse;
        const Trace t = emulate(r, ValueArray(x));
        ASSERT_EQ(as<T>(t.result), (reference<T, OpT>(x, exclusive, r.flags))) << c.label << " N=" << n;
    }
}

using StdCombo = std::tuple<AlgoConfig, OpKind, ElementType, bool>;
class ScanMatchesStd : public ::testing::TestWithParam<StdCombo> {};

std::string combo_name(const ::testing::TestParamInfo<StdCombo>& info) {
    const auto& [c, op, type, exclusive] = info.param;
    return c.label + "_" + std::string(name(op)) + "_" + std::string(name(type)) + (exclusive ? "_exclusive" : "_inclusive");
}

}  // namespace

TEST_P(ScanMatchesStd, AtEveryAwkwardSizeTheAlgorithmTakes) {
    const auto& [c, op, type, exclusive] = GetParam();
    // Captured by name: clang 14 (the sanitizer pass, the web build) cannot capture a structured binding.
    with_type_and_op(type, op, [&c = c, op = op, exclusive = exclusive]<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) {
        check_all_sizes<T, Op>(c, op, exclusive);
    });
}

INSTANTIATE_TEST_SUITE_P(
    AllCombinations, ScanMatchesStd,
    ::testing::Combine(::testing::ValuesIn(every_configuration()), ::testing::Values(OpKind::sum, OpKind::max, OpKind::min),
                       ::testing::Values(ElementType::int32, ElementType::int64, ElementType::float32, ElementType::float64),
                       ::testing::Bool()),
    combo_name);

// Every power-of-two section each block algorithm can take, with recursion over S when the block
// sums need more than one section (section 2 on 65537 elements recurses 15 levels deep).
TEST(HierarchicalSections, EverySectionFrom2ToTheBlockCapacityGivesTheSameScan) {
    const std::vector<int32_t> x = random_input<int32_t>(65537, 5);
    const std::vector<int32_t> expected = reference<int32_t, SumOp>(x, false, {});
    for (Algorithm block : multi_kernel_block_algorithms()) {
        // A coarsened block's section holds at least its C elements (one thread's).
        const int smallest = algorithm_info(block).takes_coarsening ? std::max(2, algorithm_info(block).elements_per_thread) : 2;
        for (int section = smallest; section <= algorithm_info(block).capacity(); section *= 2) {
            ScanRequest r = request(Algorithm::hierarchical, section, Detail::counts);
            r.block_algorithm = block;
            EXPECT_EQ(as(emulate(r, ValueArray(x)).result), expected) << name(block) << " section " << section;
        }
    }
}

TEST(HierarchicalSections, ScanOfSRecursesWhenTheBlockSumsNeedMoreThanOneSection) {
    const Trace t = emulate(request(Algorithm::hierarchical, 4), ValueArray(random_input<int32_t>(100, 3)));
    int deepest = 0;
    for (const Step& s : t.steps) deepest = std::max(deepest, s.depth);
    EXPECT_EQ(deepest, 2);  // 100 -> 25 block sums -> 7 -> 2 (fits one section)
}

TEST(FloatSums, FractionalFloatsStayCloseToTheSequentialSum) {
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> dist(-1.f, 1.f);
    std::vector<float> x(5000);
    for (auto& v : x) v = dist(rng);
    std::vector<double> exact(x.size());
    std::inclusive_scan(x.begin(), x.end(), exact.begin(), std::plus<double>(), 0.0);
    ScanRequest r = request(Algorithm::hierarchical, 1024, Detail::counts);
    r.type = ElementType::float32;
    const std::vector<float> y = as<float>(emulate(r, ValueArray(x)).result);
    for (size_t i = 0; i < x.size(); ++i) ASSERT_NEAR(y[i], exact[i], 1e-3) << i;
}
