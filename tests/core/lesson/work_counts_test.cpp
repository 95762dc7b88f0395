// Counts a student can quote: each phase's additions with real work and padding apart, and the
// real work against the bound the algorithm table gives at N.
#include <gtest/gtest.h>

#include <bit>
#include <map>

#include "core/algorithms/table.hpp"
#include "core/lesson/seed_notes.hpp"
#include "core/lesson/work_counts.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

// Padding as a full trace's accesses show it, phase by phase in step order: additions whose
// destination lies past the real elements of the step's array (the input at depth 0, S below).
std::vector<int64_t> padding_from_accesses(const Trace& t) {
    std::vector<int64_t> out;
    std::map<std::string, size_t> row;
    for (size_t i = 0, seen = 0; i < t.steps.size(); ++i) {
        const Step& s = t.steps[i];
        if (s.counts.additions == 0) continue;
        int64_t real = t.n;
        if (t.section > 0 && s.kernel != Kernel::host) {
            for (int d = 0; d < s.depth; ++d) real = (real + t.section - 1) / t.section;
            if (s.kernel == Kernel::k2) real = (real + t.section - 1) / t.section;
        } else {
            real = INT64_MAX;
        }
        int64_t padding = 0;
        for (const Access& a : s.accesses) padding += a.applies_op && a.dst >= real;
        // Phases are keyed as phase_counts keys them; the test only needs the order they appear in.
        const std::vector<PhaseCount> upto = [&] {
            Trace prefix = t;
            prefix.steps.resize(i + 1);
            return phase_counts(prefix);
        }();
        const std::string& phase = upto.back().phase;
        if (!row.contains(phase)) row[phase] = seen++, out.push_back(0);
        out[row[phase]] += padding;
    }
    return out;
}

struct Config {
    Algorithm algorithm;
    Algorithm block;
    int section;
    int64_t n;
};

std::vector<Config> configs() {
    std::vector<Config> v;
    for (const AlgorithmInfo& row : algorithm_table()) {
        // A one-section scan that takes a block algorithm (three-phase's phase 2) runs its first.
        const Algorithm block = row.takes_block_algorithm && row.one_section() ? block_algorithms_for(row.id).front() : row.id;
        if (row.one_section())
            for (int64_t n : {1, 2, 3, 5, 6, 17, 100, 255, 256, 1000}) v.push_back({row.id, block, 0, n});
        if (row.reach == Reach::one_thread) v.push_back({row.id, row.id, 0, 37});
    }
    for (Algorithm block : multi_kernel_block_algorithms())
        for (int64_t n : {1, 5, 16, 17, 63, 64, 65, 100, 257, 1000})
            for (int section : {4, 8, 32}) v.push_back({Algorithm::hierarchical, block, section, n});
    for (int64_t n : {1, 7, 64, 100, 1000}) v.push_back({Algorithm::slides, Algorithm::kogge_stone, 32, n});
    return v;
}

Trace run(const Config& r, const ValueArray& x) {
    ScanRequest q = request(r.algorithm, r.section);
    q.block_algorithm = r.block;
    return emulate(q, x);
}

std::string said(const Config& r) {
    return std::string(name(r.algorithm)) + " / " + std::string(name(r.block)) + " section " + std::to_string(r.section) +
           " N = " + std::to_string(r.n);
}

}  // namespace

TEST(WorkCounts, PaddingFromTheIndexMathIsThePaddingTheAccessesShow) {
    for (const Config& r : configs()) {
        const Trace t = run(r, random_values(r.n, 11, ElementType::int32));
        const std::vector<PhaseCount> phases = phase_counts(t);
        const std::vector<int64_t> want = padding_from_accesses(t);
        ASSERT_EQ(phases.size(), want.size()) << said(r);
        for (size_t i = 0; i < phases.size(); ++i) EXPECT_EQ(phases[i].padding, want[i]) << said(r) << " " << phases[i].phase;
    }
}

TEST(WorkCounts, SubtotalsAddUpToTheTotal) {
    for (const Config& r : configs()) {
        const Trace t = run(r, random_values(r.n, 12, ElementType::int32));
        int64_t additions = 0, padding = 0;
        for (const PhaseCount& p : phase_counts(t)) additions += p.additions, padding += p.padding;
        const PhaseCount total = total_count(t);
        EXPECT_EQ(additions, t.counts.additions) << said(r);
        EXPECT_EQ(total.additions, t.counts.additions) << said(r);
        EXPECT_EQ(total.padding, padding) << said(r);
        EXPECT_EQ(total.work() + total.padding, total.additions) << said(r);
    }
}

TEST(WorkCounts, ASampledTraceHasTheWholeRunsSubtotals) {
    // The window holds neither the partial last section nor most of the padding: the counts come
    // from the index math, not from the kept accesses.
    for (Algorithm block : multi_kernel_block_algorithms()) {
        ScanRequest q = request(Algorithm::hierarchical, 64);
        q.block_algorithm = block;
        const ValueArray x = random_values(64 * 70 + 9, 4, ElementType::int32);
        const Trace full = emulate(q, x);
        q.sample = {2, 1};
        const Trace sampled = emulate(q, x);
        ASSERT_FALSE(sampled.sample.all());
        EXPECT_EQ(phase_counts(sampled), phase_counts(full)) << name(block);
        EXPECT_GT(total_count(sampled).padding, 0) << name(block);
    }
}

TEST(WorkCounts, TheBoundShownIsTheTablesFormulaAtN) {
    for (const Config& r : configs()) {
        const Trace t = run(r, random_values(r.n, 13, ElementType::int32));
        const AlgorithmInfo& row = algorithm_info(r.algorithm);
        const std::optional<WorkBound> b = work_bound(t);
        const CountFormula& f = row.bound.given() ? row.bound : row.formula;
        // (A bound below zero, the book's 2N − 3 at N = 1, is not shown: the run adds nothing.)
        ASSERT_EQ(b.has_value(), f.given() && f.additions(r.n) >= 0) << said(r);
        if (!b) continue;
        EXPECT_EQ(b->text, f.text) << said(r);
        EXPECT_EQ(b->chapter, row.bound.given()) << said(r);
        EXPECT_EQ(b->n, r.n) << said(r);
        EXPECT_EQ(b->value, f.additions(r.n)) << said(r);
        EXPECT_EQ(b->work, total_count(t).work()) << said(r);
        EXPECT_NE(b->sentence().find(b->text + " = "), std::string::npos) << b->sentence();
    }
}

TEST(WorkCounts, HierarchicalShowsTheChapters4NMinus3AndSlidesShowsNoBound) {
    ScanRequest q = request(Algorithm::hierarchical, 2048);
    q.block_algorithm = Algorithm::brent_kung;
    const Trace t = emulate(q, random_values(2049, 1, ElementType::int32));
    const std::optional<WorkBound> b = work_bound(t);
    ASSERT_TRUE(b);
    EXPECT_EQ(b->sentence(), "real work 4,085 ≤ 4N − 3 = 8,193 at N = 2,049 (as the chapter states it)");
    EXPECT_FALSE(work_bound(emulate(request(Algorithm::slides, 32), random_values(100, 1, ElementType::int32))));

    // With Kogge-Stone sections the real work passes 4N − 3, and the sentence says whose bound it is.
    q.block_algorithm = Algorithm::kogge_stone;
    q.section = 1024;
    const std::optional<WorkBound> ks = work_bound(emulate(q, random_values(2048, 1, ElementType::int32)));
    ASSERT_TRUE(ks);
    EXPECT_EQ(ks->relation(), ">");
    EXPECT_NE(ks->sentence().find("with Brent-Kung sections"), std::string::npos) << ks->sentence();
}

TEST(WorkCounts, SklanskyShowsItsOwnCountNotABound) {
    const std::optional<WorkBound> b = work_bound(emulate(request(Algorithm::sklansky), random_values(16, 1, ElementType::int32)));
    ASSERT_TRUE(b);
    EXPECT_FALSE(b->chapter);
    EXPECT_EQ(b->sentence(), "real work 32 = (N/2)·log2 N = 32 at N = 16 (Sklansky's own count; the chapter gives no bound)");
}

// At powers of two Kogge-Stone does exactly the chapter's N·log2 N − (N − 1), and Brent-Kung exactly
// its own count 2N − 2 − log2 N, log2 N − 1 under the chapter's bound 2 × N − 3 (9.4).
TEST(WorkCounts, KoggeStoneAndBrentKungDoExactlyTheirCountsAtPowersOfTwo) {
    for (Algorithm a : {Algorithm::kogge_stone, Algorithm::brent_kung, Algorithm::kogge_stone_double_buffer, Algorithm::brent_kung_naive})
        for (int64_t n = 2; n <= algorithm_info(a).capacity(); n *= 2) {
            const Trace t = emulate(request(a), random_values(n, 2, ElementType::int32));
            const std::optional<WorkBound> b = work_bound(t);
            const std::optional<Formula> f = formula_for(t);
            ASSERT_TRUE(b && f);
            EXPECT_EQ(b->work, f->value) << name(a) << " N = " << n;
            const bool brent_kung = a == Algorithm::brent_kung || a == Algorithm::brent_kung_naive;
            EXPECT_EQ(f->chapter, !brent_kung) << name(a);
            EXPECT_EQ(b->value, brent_kung ? 2 * n - 3 : f->value) << name(a) << " N = " << n;
        }
}

TEST(WorkCounts, KoggeStoneAndBrentKungRealWorkStaysWithinTheFormulaAtEveryN) {
    // Between powers of two the formula takes log2 N rounded up: it bounds the real work, and the
    // padded section's total passes it (docs/operation-counts.md works both out).
    for (Algorithm a : {Algorithm::kogge_stone, Algorithm::brent_kung})
        for (int64_t n = 1; n <= algorithm_info(a).capacity(); ++n) {
            const Trace t = emulate(request(a), random_values(n, 2, ElementType::int32));
            const std::optional<WorkBound> b = work_bound(t);
            if (a == Algorithm::brent_kung && n == 1) {  // 2 × N − 3 < 0: no bound to show
                EXPECT_FALSE(b);
                continue;
            }
            ASSERT_TRUE(b);
            EXPECT_LE(b->work, b->value) << name(a) << " N = " << n;
            // The closed forms docs/operation-counts.md gives for the real work at any N.
            const int up = ceil_log2(n), down = up - (int64_t(1) << up != n);
            const int64_t real =
                a == Algorithm::kogge_stone ? n * up - ((int64_t(1) << up) - 1) : 2 * n - 1 - std::popcount(uint64_t(n)) - down;
            EXPECT_EQ(b->work, real) << name(a) << " N = " << n;
        }
}

// The threads below the stride drop out: half of the block only at the last stride, and at the
// only stride of a block of 2, where the slides are right.
TEST(SeedNotes, TheHalfTheThreadsNoteSaysHalfExactlyWhereHalfTheBlockIsIdle) {
    EXPECT_EQ(seed_note(emulate(request(Algorithm::kogge_stone), parse_values("3 1 7 0 4 1 6 3", ElementType::int32))),
              "The slides say half of the threads drop out at each step; this trace's idle threads per block of 8 are 1, 2, 4: the "
              "threads below the stride drop out, half the block only at the last stride, 4; fewer at the others.");
    EXPECT_EQ(seed_note(emulate(request(Algorithm::kogge_stone), parse_values("1 2", ElementType::int32))),
              "The slides say half of the threads drop out at each step; this trace's idle threads per block of 2 are 1: the threads "
              "below the stride drop out, half the block at its only stride, as the slides say.");
    for (int64_t n : {1, 2, 3, 5, 16, 100, 1024})
        for (Algorithm a : {Algorithm::kogge_stone, Algorithm::kogge_stone_racy, Algorithm::slides, Algorithm::hierarchical}) {
            const Trace t = emulate(request(a), random_values(n, 3, ElementType::int32));
            const std::string note = seed_note(t);
            ASSERT_NE(note, "") << name(a) << " N = " << n;
            // Each stride's idle threads per block against half the block, as the note words it.
            int64_t strides = 0, halves = 0;
            for (const Step& s : t.steps)
                if (s.phase == Phase::stride && s.depth == 0 && (s.kernel == Kernel::single || s.kernel == Kernel::k1)) {
                    ++strides;
                    halves += 2 * (s.counts.idle_threads / s.blocks) == s.threads_per_block;
                }
            EXPECT_EQ(note.find("not half"), std::string::npos) << note;
            if (strides == 1)
                EXPECT_NE(note.find("at its only stride, as the slides say"), std::string::npos) << note;
            else
                EXPECT_NE(note.find("half the block only at the last stride"), std::string::npos) << note;
            EXPECT_EQ(halves, 1) << name(a) << " N = " << n << ": " << note;
        }
}

TEST(SeedNotes, TheSlidesHalfTheThreadsNoteIsForKoggeStoneStridesOnly) {
    const ValueArray x = parse_values("3 1 7 0 4 1 6 3", ElementType::int32);
    EXPECT_NE(seed_note(emulate(request(Algorithm::kogge_stone), x)).find("idle threads per block of 8 are 1, 2, 4"), std::string::npos);
    EXPECT_NE(seed_note(emulate(request(Algorithm::slides, 4), x)), "");
    ScanRequest q = request(Algorithm::hierarchical, 4);
    EXPECT_NE(seed_note(emulate(q, x)), "");  // Kogge-Stone sections
    for (Algorithm other : {Algorithm::sklansky, Algorithm::ladner_fischer, Algorithm::brent_kung, Algorithm::kogge_stone_double_buffer}) {
        EXPECT_EQ(seed_note(emulate(request(other), x)), "") << name(other);
        q.block_algorithm = other == Algorithm::kogge_stone_double_buffer ? Algorithm::kogge_stone : other;
        if (other != Algorithm::kogge_stone_double_buffer) EXPECT_EQ(seed_note(emulate(q, x)), "") << "hierarchical with " << name(other);
    }
}
