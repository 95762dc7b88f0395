#include "trace_book.hpp"

#include <algorithm>
#include <cstring>
#include <variant>

namespace scanlab::gui {
namespace {

bool same_value(const ValueArray& a, size_t i, const ValueArray& b, size_t j) {
    if (a.index() != b.index() || i >= size_of(a) || j >= size_of(b)) return false;
    return std::visit(
        [&](const auto& va) {
            using V = std::decay_t<decltype(va)>;
            const auto& vb = std::get<V>(b);
            // Bitwise, as the trace compares: -0.0 and 0.0 differ, and a float sum is exact here.
            return std::memcmp(&va[i], &vb[j], sizeof va[i]) == 0;
        },
        a);
}

// The array a scan's answer is read from: the depth-0 XY of a one-kernel scan, Y after kernel 3.
bool is_output_step(const Step& s) { return s.depth == 0 && s.array != ArrayKind::s; }

}  // namespace

TraceBook make_book(const Trace& t) {
    TraceBook b;
    b.full = t.detail == Detail::full;
    int64_t sum = 0;
    for (const Step& s : t.steps) b.cumulative_additions.push_back(sum += s.counts.additions);
    const size_t n = size_of(t.result);
    b.final_from.assign(n, t.steps.size());
    if (!b.full) return b;
    std::vector<uint8_t> settled(n, 1);
    for (size_t k = t.steps.size(); k-- > 0;) {
        const Step& s = t.steps[k];
        if (!is_output_step(s)) continue;
        for (size_t i = 0; i < n; ++i) {
            if (!settled[i]) continue;
            if (same_value(s.values, i, t.result, i)) b.final_from[i] = k;
            else settled[i] = 0;
        }
    }
    return b;
}

StepRows step_rows(const Trace& t, size_t k) {
    StepRows r;
    const Step& s = t.steps[k];
    r.after = &s.values;
    auto previous = [&](size_t j) -> const Step* { return j > 0 ? &t.steps[j - 1] : nullptr; };
    if (s.phase == Phase::add_block_sums) {
        // Y before = kernel 1's last array at this depth; S = what kernel 2 (or the host) left.
        if (const Step* p = previous(k)) r.sums = &p->values;
        for (size_t j = k; j-- > 0;) {
            const Step& q = t.steps[j];
            if (q.kernel == Kernel::k1 && q.depth == s.depth && q.phase != Phase::block_sum_write) {
                r.before = &q.values;
                r.before_name = name(q.array);
                break;
            }
        }
        if (!r.before) {
            r.before = &t.input;
            r.before_name = "X";
        }
        return r;
    }
    if (s.phase == Phase::load && s.depth == 0 && s.kernel != Kernel::k2) {
        r.before = &t.input;
        r.before_name = "X";
        return r;
    }
    if (const Step* p = previous(k)) {
        r.before = &p->values;
        r.before_name = name(p->array);
    } else {
        r.before = &t.input;
        r.before_name = "X";
    }
    return r;
}

std::vector<CellState> cell_states(const Trace& t, const TraceBook& book, size_t k) {
    const Step& s = t.steps[k];
    const size_t n = size_of(s.values);
    std::vector<CellState> st(n, CellState::untouched);
    if (is_output_step(s))
        for (size_t i = 0; i < n && i < book.final_from.size(); ++i)
            if (book.final_from[i] <= k) st[i] = CellState::final_value;
    for (const Access& a : s.accesses) {
        if (a.dst < 0 || size_t(a.dst) >= n) continue;
        CellState& c = st[size_t(a.dst)];
        if (a.applies_op) c = CellState::updated;
        else if (c == CellState::untouched) c = CellState::loaded;
    }
    for (int32_t h : s.hazards)
        if (h >= 0 && size_t(h) < n) st[size_t(h)] = CellState::hazard;
    return st;
}

std::vector<int32_t> writers(const Step& s) {
    std::vector<int32_t> w(size_of(s.values), -1);
    const int32_t tpb = std::max(1, s.threads_per_block);
    for (const Access& a : s.accesses)
        if (a.dst >= 0 && size_t(a.dst) < w.size()) w[size_t(a.dst)] = a.thread < 0 ? -1 : a.thread % tpb;
    return w;
}

std::vector<uint8_t> active_threads(const Step& s) {
    std::vector<uint8_t> act(size_t(std::max(0, s.blocks)) * size_t(std::max(0, s.threads_per_block)), 0);
    for (const Access& a : s.accesses)
        if (a.thread >= 0 && size_t(a.thread) < act.size()) act[size_t(a.thread)] = 1;
    return act;
}

int64_t updated_cell_count(const Step& s) {
    std::vector<int32_t> d;
    for (const Access& a : s.accesses)
        if (a.applies_op) d.push_back(a.dst);
    std::sort(d.begin(), d.end());
    return std::unique(d.begin(), d.end()) - d.begin();
}

int64_t next_power_of_two(int64_t n) {
    int64_t p = 1;
    while (p < n) p *= 2;
    return p;
}

int ceil_log2(int64_t n) {
    int l = 0;
    while ((int64_t(1) << l) < n) ++l;
    return l;
}

std::vector<Formula> chapter_formulas(int64_t n) {
    const int64_t lg = ceil_log2(n);
    return {
        {"sequential", "N − 1", n - 1},
        {"Kogge-Stone", "N·log2 N − (N − 1)", n * lg - (n - 1)},
        {"Brent-Kung", "2N − 2 − log2 N", 2 * n - 2 - lg},
    };
}

std::optional<Formula> formula_for(const Trace& t) {
    switch (t.algorithm) {
        case Algorithm::sequential: return chapter_formulas(t.n)[0];
        case Algorithm::kogge_stone:
        case Algorithm::kogge_stone_racy:
        case Algorithm::kogge_stone_double_buffer:
            if (t.section <= 1) return std::nullopt;
            return chapter_formulas(t.section)[1];
        case Algorithm::brent_kung:
        case Algorithm::brent_kung_naive:
            if (t.section <= 1) return std::nullopt;
            return chapter_formulas(t.section)[2];
        case Algorithm::hierarchical:
        case Algorithm::slides: return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace scanlab::gui
