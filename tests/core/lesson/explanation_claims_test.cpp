// Every sentence of a step's explanation is rendered from claims (core/lesson/step_claims.hpp), and
// every claim is held here against the trace it explains: for every algorithm (each block
// algorithm of the multi-block scans, each phase 2 scan of three-phase) × inclusive and exclusive ×
// N in {1, 2, 3, 7, 8, 16, 17, 33, 100, 2049} × every step,
//   - the threads named as working are exactly the threads that read or wrote, block by block;
//   - the accesses named (from the algorithm's own rule, its formulas evaluated as printed) are
//     the accesses recorded;
//   - each element said to hold "the sum of the elements from … to …" holds exactly that
//     combination of the array as the block loaded it;
//   - S's description equals S's values, element by element, over the input as kernel 1 loaded it;
//   - "no S to write" only where no step writes block sums;
//   - an element called final equals the correct scan's value and no later step changes it;
//   - the additions so far are the steps' additions.
// With the sum over int32 for every N (exact, so a combination is compared bit for bit), and max
// and min for N up to 17. Every claim of every step is checked, at 2049 too: the whole test takes
// a few seconds.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/dispatch.hpp"
#include "core/flagged.hpp"
#include "core/input/resolve.hpp"
#include "core/lesson/explain.hpp"
#include "tests/algorithm_configs.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

// Positions r of step `from`'s array combined in order by the run's operator (the (flag, value)
// operator for a segmented scan) equal element `element` of step `at`'s array, flag included.
bool combines_to(const Trace& t, const Step& from, PositionRange r, const Step& at, int64_t element) {
    return with_type_and_op(t.type, t.op, [&]<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) {
        const std::vector<T>& x = std::get<std::vector<T>>(from.values);
        const std::vector<T>& y = std::get<std::vector<T>>(at.values);
        const int64_t e = element - at.offset;
        if (e < 0 || e >= int64_t(y.size())) return false;
        const int64_t lo = r.lo - from.offset, hi = std::min<int64_t>(r.hi - from.offset, int64_t(x.size()) - 1);
        if (!r.empty() && lo < 0) return false;
        if (algorithm_info(t.algorithm).takes_flags) {
            using P = Flagged<T>;
            const SegmentedOp<T, Op<T>> op;
            P acc = op.identity();
            for (int64_t i = lo; !r.empty() && i <= hi; ++i) acc = op(acc, P{x[size_t(i)], from.flags[size_t(i)]});
            return acc.value == y[size_t(e)] && acc.flag == at.flags[size_t(e)];
        }
        const Op<T> op;
        T acc = Op<T>::identity();
        for (int64_t i = lo; !r.empty() && i <= hi; ++i) acc = op(acc, x[size_t(i)]);
        return acc == y[size_t(e)];
    });
}

// Independently of the explanation: for each result element, the first step from which it holds
// the correct scan's value in that step and every later step that holds the result (steps.size():
// never).
std::vector<size_t> first_final(const Trace& t, const Verdict& v) {
    const int64_t n = int64_t(size_of(v.expected));
    std::vector<size_t> from(size_t(n), t.steps.size());
    std::set<int64_t> wrong(v.wrong.begin(), v.wrong.end());
    if (!t.steps.empty() && t.steps.front().event) {
        // A single-pass scan writes Y[i] once, when its tile's block is done.
        for (size_t k = t.steps.size(); k-- > 0;)
            if (const auto& e = t.steps[k].event; e && e->kind == EventKind::done)
                for (int64_t i = int64_t(e->tile) * t.section; i < (e->tile + 1) * int64_t(t.section) && i < n; ++i)
                    if (!wrong.count(i)) from[size_t(i)] = k;
        return from;
    }
    for (int64_t i = 0; i < n; ++i) {
        if (wrong.count(v.first + i)) continue;
        const std::string want = format_value(v.expected, size_t(i));
        for (size_t k = t.steps.size(); k-- > 0;) {
            const Step& s = t.steps[k];
            if (s.depth != 0 || s.array == ArrayKind::s) continue;
            const int64_t j = v.first + i - s.offset;
            if (j < 0 || size_t(j) >= size_of(s.values) || format_value(s.values, size_t(j)) != want) break;
            from[size_t(i)] = k;
        }
    }
    return from;
}

// Every claim of step k, held against the trace; failures name the step and its text.
void expect_claims_hold(const Trace& t, const Verdict& v, const FinalSteps& finals, const std::vector<size_t>& finals_from, size_t k) {
    const Step& s = t.steps[k];
    const Explanation e = explain_step(t, finals, k);
    std::string text = e.title;
    for (const std::string& l : e.lines) text += "\n" + l;
    SCOPED_TRACE(text);
    const StepClaims& c = e.claims;
    EXPECT_EQ(c.unreadable, "");
    for (const std::string& l : e.lines) EXPECT_FALSE(l.empty());

    // Who works, block by block.
    std::map<int64_t, std::vector<int64_t>> working;
    std::set<int64_t> active;
    for (const Access& a : s.accesses)
        if (a.thread >= 0) {
            active.insert(a.thread);
            std::vector<int64_t>& ids = working[a.thread / c.threads_per_block];
            if (ids.empty() || ids.back() != a.thread % c.threads_per_block) ids.push_back(a.thread % c.threads_per_block);
        }
    EXPECT_EQ(e.active_threads, std::vector<int64_t>(active.begin(), active.end()));
    if (!s.event) {
        std::map<int64_t, std::vector<int64_t>> said(c.working.begin(), c.working.end());
        for (int64_t b : c.blocks) EXPECT_EQ(said[b], working[b]) << "block " << b;
        ASSERT_TRUE(c.pairs.has_value());
    }
    // Which element each combines into which.
    if (c.pairs) EXPECT_EQ(*c.pairs, s.accesses);
    // What each written element then holds.
    for (const StepClaims::Holds& h : c.holds)
        EXPECT_TRUE(combines_to(t, t.steps[c.loaded], h.from, s, h.element))
            << "element " << h.element << " is said to combine " << h.from.lo << ".." << h.from.hi << " of step " << c.loaded;
    // What S holds, over the input as kernel 1 loaded it.
    if (c.sums) {
        const Step& q = t.steps[c.sums->step];
        ASSERT_EQ(c.sums->from.size(), size_of(q.values));
        for (size_t i = 0; i < c.sums->from.size(); ++i)
            EXPECT_TRUE(combines_to(t, t.steps.front(), c.sums->from[i], q, int64_t(i)))
                << "S^" << c.sums->level << "[" << i << "] is said to combine " << c.sums->from[i].lo << ".." << c.sums->from[i].hi;
    }
    if (c.writes_block_sums) {
        bool writes = false;
        for (const Step& q : t.steps) writes |= q.phase == Phase::block_sum_write;
        EXPECT_EQ(*c.writes_block_sums, writes);
    }
    // Which results are final, and the additions so far.
    std::vector<int64_t> final_now;
    for (size_t i = 0; i < finals_from.size(); ++i)
        if (finals_from[i] <= k) final_now.push_back(v.first + int64_t(i));
    EXPECT_EQ(e.final_elements, final_now);
    int64_t additions = 0;
    for (size_t j = 0; j <= k; ++j) additions += t.steps[j].counts.additions;
    EXPECT_EQ(e.additions_so_far, additions);
}

// Every configuration of the table (tests/algorithm_configs.hpp), and sections of 4 besides, where
// S needs levels of its own past N = 16 (S^1, S^2, ...).
std::vector<AlgoConfig> claim_configurations() {
    std::vector<AlgoConfig> v = every_configuration();
    v.push_back({Algorithm::hierarchical, Algorithm::kogge_stone, 4, "hierarchical_kogge_stone_section4"});
    v.push_back({Algorithm::hierarchical, Algorithm::brent_kung, 4, "hierarchical_brent_kung_section4"});
    v.push_back({Algorithm::segmented, Algorithm::brent_kung, 4, "segmented_brent_kung_section4"});
    v.push_back({Algorithm::slides, Algorithm::kogge_stone, 4, "slides_section4"});
    return v;
}

class EveryClaim : public ::testing::TestWithParam<AlgoConfig> {};

TEST_P(EveryClaim, HoldsAgainstTheTraceAtEveryStep) {
    const AlgoConfig cfg = GetParam();
    int ran = 0;
    for (int64_t n : {1, 2, 3, 7, 8, 16, 17, 33, 100, 2049})
        for (bool exclusive : {false, true})
            for (OpKind op : {OpKind::sum, OpKind::max, OpKind::min}) {
                if (op != OpKind::sum && n > 17) continue;
                ScanRequest r = request(cfg.algorithm, cfg.section);
                r.block_algorithm = cfg.block;
                r.coarsening = cfg.coarsening;
                r.flags = flags_for(cfg, n, uint64_t(n));
                r.exclusive = exclusive;
                r.op = op;
                const std::vector<int32_t> x = random_input<int32_t>(n, uint64_t(n) * 7 + exclusive);
                Trace t;
                try {
                    t = emulate(r, ValueArray(x));
                } catch (const ScanError&) {
                    continue;  // N past what one block of this algorithm scans: refused, as it should be
                }
                ++ran;
                SCOPED_TRACE("N = " + std::to_string(n) + (exclusive ? ", exclusive" : ", inclusive") + ", " + std::string(name(op)));
                const Verdict v = judge(t);
                const FinalSteps finals = final_steps(t, v);
                const std::vector<size_t> finals_from = first_final(t, v);
                for (size_t k = 0; k < t.steps.size(); ++k) {
                    expect_claims_hold(t, v, finals, finals_from, k);
                    if (::testing::Test::HasFailure()) return;  // one step's failures are enough to read
                }
            }
    EXPECT_GT(ran, 0);
}

INSTANTIATE_TEST_SUITE_P(AlgorithmsBothDirections, EveryClaim, ::testing::ValuesIn(claim_configurations()),
                         [](const ::testing::TestParamInfo<AlgoConfig>& info) { return info.param.label; });

}  // namespace
