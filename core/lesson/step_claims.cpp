#include "core/lesson/step_claims.hpp"

#include <algorithm>

#include "core/algorithms/load.hpp"
#include "core/lesson/index_formula.hpp"

namespace scanlab {
namespace {

// Level 0 is the input's array (X, then Y); level L ≥ 1 is S^(L − 1), the block sums of level L − 1.
int array_level(const Step& s) {
    switch (s.kernel) {
        case Kernel::k2: return s.depth + 1;
        case Kernel::host: return 1;
        default: return s.phase == Phase::block_sum_write ? s.depth + 1 : s.depth;
    }
}

}  // namespace

int64_t level_length(const Trace& t, int level) {
    int64_t len = t.n;
    for (int l = 0; l < level && t.section > 0; ++l) len = (len + t.section - 1) / t.section;
    return len;
}

namespace {

struct Kept {
    int64_t first = 0, count = 0;
};
// The blocks of step s whose accesses and values the trace keeps.
Kept kept_blocks(const Trace& t, const Step& s) {
    if (t.sample.all() || s.depth > 0 || s.kernel == Kernel::k2 || s.kernel == Kernel::host) return {0, s.blocks};
    const int64_t first = std::min<int64_t>(t.sample.first_block, s.blocks);
    return {first, std::min<int64_t>(t.sample.blocks, s.blocks - first)};
}

// What S^level's element i combines, as positions of the input's loaded array.
PositionRange sums_range(const Trace& t, const BlockSumsRule& r, int level, StepClaims::SState state, int64_t i) {
    int64_t span = 1;
    for (int l = 0; l <= level; ++l) span = std::min<int64_t>(span * std::max(1, t.section), int64_t(1) << 40);
    const int64_t grid = level_length(t, level + 1);
    const int64_t w = r.write_offset;
    PositionRange p;
    if (state == StepClaims::SState::written || (w > 0 && i >= grid)) {
        // Block b's total sits at S[b + w]; S[0 .. w) hold the identity (the slides' s[0] = 0), and
        // the host loop stops before the last block's total.
        if (i - w >= 0) p = {(i - w) * span, (i - w + 1) * span - 1};
    } else if (i - w + 1 > 0) {
        p = {0, (i - w + 1) * span - 1};
    }
    const int64_t padded = level_length(t, 1) * std::max(1, t.section);
    if (!p.empty()) p.hi = std::min(p.hi, padded - 1);
    return p;
}

// Which level of S step j leaves written or scanned, if it is such a step.
std::optional<std::pair<int, StepClaims::SState>> sums_state(const Trace& t, size_t j) {
    const Step& s = t.steps[j];
    if (s.phase == Phase::block_sum_write) return std::pair{s.depth, StepClaims::SState::written};
    if (s.phase == Phase::host_scan) return std::pair{0, StepClaims::SState::scanned};
    if (s.kernel == Kernel::k3 && s.depth > 0) return std::pair{s.depth - 1, StepClaims::SState::scanned};
    if (s.kernel == Kernel::k2 && (j + 1 == t.steps.size() || t.steps[j + 1].kernel != Kernel::k2 || t.steps[j + 1].depth != s.depth))
        return std::pair{s.depth, StepClaims::SState::scanned};
    return std::nullopt;
}

std::optional<StepClaims::Sums> sums_claim(const Trace& t, size_t k) {
    const AlgorithmInfo& row = algorithm_info(t.algorithm);
    if (row.reach != Reach::multi_block) return std::nullopt;
    std::optional<size_t> described;
    if (sums_state(t, k)) {
        described = k;
    } else if (t.steps[k].kernel == Kernel::k3 && t.steps[k].depth == 0) {
        // Kernel 3 adds the scanned S: say what it holds.
        for (size_t j = k; j-- > 0;)
            if (const auto st = sums_state(t, j); st && st->first == 0 && st->second == StepClaims::SState::scanned) {
                described = j;
                break;
            }
    }
    if (!described) return std::nullopt;
    const auto [level, state] = *sums_state(t, *described);
    StepClaims::Sums sums{*described, level, state, {}};
    const int64_t count = int64_t(size_of(t.steps[*described].values));
    for (int64_t i = 0; i < count; ++i) sums.from.push_back(sums_range(t, row.block_sums, level, state, i));
    return sums;
}

}  // namespace

const AlgorithmInfo& block_row(const Trace& t) {
    const AlgorithmInfo& row = algorithm_info(t.algorithm);
    if (!row.rules.empty()) return row;
    if (row.reach == Reach::multi_block) return algorithm_info(row.takes_block_algorithm ? t.block_algorithm : row.fixed_block);
    if (row.reach == Reach::single_pass) return algorithm_info(row.fixed_block);
    return row;
}

int64_t array_length(const Trace& t, const Step& s) { return level_length(t, array_level(s)); }

PositionRange input_range(const Trace& t, PositionRange loaded) {
    if (loaded.empty()) return loaded;
    const int64_t shift = t.exclusive ? 1 : 0;
    return {std::max<int64_t>(0, loaded.lo - shift), std::min<int64_t>(t.n - 1, loaded.hi - shift)};
}

StepClaims step_claims(const Trace& t, size_t k) {
    StepClaims c;
    if (k >= t.steps.size()) return c;
    const Step& s = t.steps[k];
    const AlgorithmInfo& run = algorithm_info(t.algorithm);
    c.row = &block_row(t);
    c.threads_per_block = std::max(1, s.threads_per_block);
    if (s.event) return c;  // a single-pass event: what the block did is said from the event itself

    const int64_t T = c.threads_per_block;
    const bool one_thread = run.reach == Reach::one_thread;
    const int64_t section = one_thread ? t.n : t.section;
    const int64_t length = array_length(t, s);
    const Kept kept = one_thread ? Kept{0, 1} : kept_blocks(t, s);
    for (int64_t b = kept.first; b < kept.first + kept.count; ++b) c.blocks.push_back(b);
    std::vector<Access> pairs;

    for (const StepRule& r : c.row->rules)
        if (r.phase == s.phase) c.rule = &r;
    if (s.phase == Phase::load) {
        const bool shifted = t.exclusive && array_level(s) == 0;
        // A segmented exclusive scan's element that starts a segment loads the identity.
        auto starts_segment = [&](int64_t g) { return shifted && g >= 0 && size_t(g) < t.flags.size() && t.flags[size_t(g)] != 0; };
        for (int64_t b : c.blocks)
            for (int64_t th = 0; th < T; ++th)
                for (int64_t j = th; j < section; j += T) {
                    const int64_t g = b * section + j;
                    pairs.push_back(
                        {int32_t(b * T + th), int32_t(loaded_source(g, length, shifted, starts_segment(g))), int32_t(g), false});
                }
    } else if (s.phase == Phase::block_sum_write) {
        for (int64_t b : c.blocks)
            pairs.push_back({int32_t(b * T + T - 1), int32_t(b * section + section - 1), int32_t(b + run.block_sums.write_offset), false});
    } else if (s.phase == Phase::add_block_sums) {
        const BlockSumsRule& r = run.block_sums;
        for (int64_t b : c.blocks)
            for (int64_t th = 0; b >= r.first_adder && th < T; ++th)
                for (int64_t j = th; j < section && b * section + j < length; j += T)
                    pairs.push_back({int32_t(b * T + th), int32_t(b + r.add_offset), int32_t(b * section + j), true});
    } else if (s.phase == Phase::host_scan) {
        c.blocks.clear();
        for (int64_t i = 1; i < t.grid; ++i) pairs.push_back({-1, int32_t(i - 1), int32_t(i), true});
    } else if (c.rule) {
        const StepRule& r = *c.rule;
        Bindings names{{"t", 0}, {r.parameter, s.level}, {"C", std::max(1, s.coarsening)}, {"T", T}, {"SECTION_SIZE", section}};
        auto read = [&](std::string_view formula, int64_t otherwise) {
            if (formula.empty()) return otherwise;
            const std::optional<int64_t> v = evaluate(formula, names);
            if (!v && c.unreadable.empty()) c.unreadable = std::string(formula);
            return v.value_or(otherwise);
        };
        if (r.parameter != "stride") names.push_back({"stride", read(r.stride, 0)});
        // The racy kernel's elements hold what the rule says only while no read has been stale.
        bool stale = false;
        for (size_t j = 0; j <= k; ++j) stale |= t.steps[j].counts.hazards > 0;
        for (size_t j = k + 1; j-- > 0;)
            if (t.steps[j].phase == Phase::load && t.steps[j].kernel == s.kernel && t.steps[j].depth == s.depth) {
                c.loaded = j;
                break;
            }
        struct Local {
            Access a;
            PositionRange from;
        };
        std::vector<Local> local;  // block 0's, moved to each block below
        for (int64_t th = 0; th < T; ++th) {
            names[0].second = th;
            const bool works = read(r.when, 1) != 0;
            if (!works && r.others.empty()) continue;
            const int64_t dst = read(r.dst, 0), src = works ? read(r.src, 0) : dst;
            const int64_t from = read(r.from, 0);
            c.clamped |= from < 0;
            local.push_back({{int32_t(th), int32_t(src), int32_t(dst), works}, {std::max<int64_t>(0, from), dst}});
        }
        for (int64_t b : c.blocks)
            for (const Local& l : local) {
                const int64_t base = b * section;
                pairs.push_back({int32_t(b * T + l.a.thread), int32_t(base + l.a.src), int32_t(base + l.a.dst), l.a.applies_op});
                if (!r.from.empty() && !stale) c.holds.push_back({base + l.a.dst, {base + l.from.lo, base + l.from.hi}});
            }
    }

    for (const Access& a : pairs) {
        if (a.thread < 0) continue;
        const int64_t b = a.thread / T, th = a.thread % T;
        if (c.working.empty() || c.working.back().first != b) c.working.push_back({b, {}});
        std::vector<int64_t>& ids = c.working.back().second;
        if (ids.empty() || ids.back() != th) ids.push_back(th);
    }
    c.pairs = std::move(pairs);
    c.sums = sums_claim(t, k);
    if (run.reach == Reach::multi_block && s.kernel == Kernel::k1 && s.depth == 0 && s.blocks <= 1) {
        bool writes = false;
        for (const Step& q : t.steps) writes |= q.phase == Phase::block_sum_write;
        c.writes_block_sums = writes;
    }
    return c;
}

}  // namespace scanlab
