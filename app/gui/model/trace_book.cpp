#include "app/gui/model/trace_book.hpp"

#include "core/hd.hpp"
#include "core/lesson/explain.hpp"
#include "core/lesson/seed_notes.hpp"

#include <algorithm>
#include <map>
#include <variant>

namespace scanlab::gui {
namespace {

// The array a scan's answer is read from: the depth-0 XY of a one-kernel scan, Y after kernel 3.
bool is_output_step(const Step& s) { return s.depth == 0 && s.array != ArrayKind::s; }

}  // namespace

bool windowed(const Trace& t, const Step& s) { return !t.sample.all() && s.depth == 0 && s.array != ArrayKind::s; }

bool shows_result(const Trace& t, size_t k) {
    if (k + 1 != t.steps.size() || !is_output_step(t.steps[k])) return false;
    return t.kernel.empty() || t.steps[k].array == ArrayKind::y || t.steps[k].values == t.result;
}

Row input_row(const Trace& t) {
    const std::vector<uint8_t>* flags = t.flags.size() == size_of(t.input) && !t.flags.empty() ? &t.flags : nullptr;
    Row r{&t.input, 0, size_of(t.input), 0, "X", 0, flags};
    if (t.sample.all() || t.section <= 0) return r;
    const int64_t n = int64_t(size_of(t.input));
    const int64_t from = std::clamp<int64_t>(t.sample.first_block * t.section, 0, n);
    const int64_t to = std::clamp<int64_t>((t.sample.first_block + t.sample.blocks) * t.section, from, n);
    return {&t.input, size_t(from), size_t(to - from), from, "X", 0, flags};
}

int64_t sums_column(const Trace& t, const Step& s) {
    if (t.sample.all() || t.section <= 0) return 0;
    // The level of the array the step writes: the input's scan is 0, S is 1, S's block sums 2...
    // Writing S and kernel 2 (which scans the top level) work one level above their depth.
    const int level = s.depth + (s.phase == Phase::block_sum_write || s.kernel == Kernel::k2 ? 1 : 0);
    if (level == 0) return 0;
    int64_t sum_of = t.sample.first_block;  // the element of this level that the sampled blocks feed
    for (int l = 1; l < level; ++l) sum_of /= t.section;
    return std::min<int64_t>(sum_of, 1) - sum_of;
}

Row step_row(const Trace& t, size_t k) {
    const Step& s = t.steps[k];
    const std::vector<uint8_t>* flags = s.flags.size() == size_of(s.values) && !s.flags.empty() ? &s.flags : nullptr;
    return {&s.values, 0, size_of(s.values), s.offset, shown_array(s), sums_column(t, s), flags};
}

std::string run_name(const Trace& t) { return t.kernel.empty() ? std::string(name(t.algorithm)) : t.kernel; }

TraceBook make_book(const Trace& t) {
    TraceBook b;
    b.full = t.detail == Detail::full;
    int64_t sum = 0;
    for (const Step& s : t.steps) b.cumulative_additions.push_back(sum += s.counts.additions);
    b.verdict = judge(t);
    const FinalSteps finals = final_steps(t, b.verdict);
    b.final_offset = finals.first;
    b.final_from = finals.from;
    b.race_free = race_free_steps(t);
    b.phases = phase_counts(t);
    b.total = total_count(t);
    b.bound = work_bound(t);
    if (is_event_trace(t)) {
        b.event_marks = event_marks(t);
        b.waiting_spans = waiting_spans(t);
        b.tile_counts = tile_counts(t);
    }
    b.seed_note = seed_note(t);
    return b;
}

StepRows step_rows(const Trace& t, size_t k) {
    StepRows r;
    const Step& s = t.steps[k];
    r.after = step_row(t, k);
    if (s.phase == Phase::add_block_sums) {
        // Y before = kernel 1's last array at this depth; S = what kernel 2 (or the host) left.
        if (k > 0) r.sums = step_row(t, k - 1);
        for (size_t j = k; j-- > 0;) {
            const Step& q = t.steps[j];
            if (q.kernel == Kernel::k1 && q.depth == s.depth && q.phase != Phase::block_sum_write) {
                r.before = step_row(t, j);
                break;
            }
        }
        if (!r.before) r.before = input_row(t);
        return r;
    }
    if ((s.phase == Phase::load && s.depth == 0 && s.kernel != Kernel::k2) || k == 0) {
        r.before = input_row(t);
        return r;
    }
    r.before = step_row(t, k - 1);
    return r;
}

size_t columns_to_fit(const Trace& t) {
    size_t widest = t.sample.all() ? input_row(t).count : 0;
    for (const Step& s : t.steps)
        if (t.sample.all() || windowed(t, s)) widest = std::max(widest, size_of(s.values));
    return std::max<size_t>(widest, 1);
}

std::vector<CellState> cell_states(const Trace& t, const TraceBook& book, size_t k) {
    const Step& s = t.steps[k];
    const size_t n = size_of(s.values);
    std::vector<CellState> st(n, CellState::untouched);
    auto at = [&](int64_t g) -> CellState* {
        const int64_t i = g - s.offset;
        return i >= 0 && i < int64_t(n) ? &st[size_t(i)] : nullptr;
    };
    if (is_output_step(s))
        for (size_t i = 0; i < book.final_from.size(); ++i)
            if (book.final_from[i] <= k)
                if (CellState* c = at(book.final_offset + int64_t(i))) *c = CellState::final_value;
    for (const Access& a : s.accesses) {
        CellState* c = at(a.dst);
        if (!c) continue;
        if (a.applies_op)
            *c = CellState::updated;
        else if (*c == CellState::untouched)
            *c = CellState::loaded;
    }
    for (int32_t h : s.hazards)
        if (CellState* c = at(h)) *c = CellState::hazard;
    const std::vector<uint8_t> wrong = wrong_cells(t, book.race_free, k);
    for (size_t i = 0; i < wrong.size() && i < n; ++i)
        if (wrong[i]) st[i] = CellState::wrong;
    if (shows_result(t, k))
        for (int64_t w : book.verdict.wrong)
            if (CellState* c = at(w)) *c = CellState::wrong;
    return st;
}

std::vector<uint8_t> final_cells(const Trace& t, const TraceBook& book, size_t k) {
    const Step& s = t.steps[k];
    std::vector<uint8_t> f(size_of(s.values), 0);
    if (!is_output_step(s)) return f;
    const std::vector<CellState> st = cell_states(t, book, k);
    for (size_t i = 0; i < book.final_from.size(); ++i) {
        const int64_t at = book.final_offset + int64_t(i) - s.offset;
        if (book.final_from[i] <= k && at >= 0 && at < int64_t(f.size()))
            f[size_t(at)] =
                st[size_t(at)] == CellState::final_value || st[size_t(at)] == CellState::updated || st[size_t(at)] == CellState::loaded;
    }
    return f;
}

std::vector<int32_t> writers(const Step& s) {
    std::vector<int32_t> w(size_of(s.values), -1);
    const int32_t tpb = std::max(1, s.threads_per_block);
    for (const Access& a : s.accesses) {
        const int64_t i = a.dst - s.offset;
        if (i >= 0 && size_t(i) < w.size()) w[size_t(i)] = a.thread < 0 ? -1 : a.thread % tpb;
    }
    return w;
}

ThreadRow launched_threads(const Trace& t, const Step& s) {
    ThreadRow r;
    const int64_t tpb = std::max(0, s.threads_per_block);
    int64_t blocks = std::max(0, s.blocks);
    if (!t.sample.all() && s.depth == 0) {
        // Only the sampled blocks' threads: a full-size run launches millions.
        const int64_t first_block = std::min(t.sample.first_block, blocks);
        blocks = std::min(t.sample.blocks, blocks - first_block);
        r.first = first_block * tpb;
    }
    r.active.assign(size_t(blocks * tpb), 0);
    for (const Access& a : s.accesses) {
        const int64_t i = int64_t(a.thread) - r.first;
        if (a.thread >= 0 && i >= 0 && size_t(i) < r.active.size()) r.active[size_t(i)] = 1;
    }
    return r;
}

std::vector<SumSpan> block_sum_spans(const Step& s, const Row& here) {
    std::map<int32_t, std::pair<int64_t, int64_t>> span;
    for (const Access& a : s.accesses) {
        const int64_t dst = here.local(a.dst);
        if (dst < 0) continue;
        auto [it, fresh] = span.try_emplace(a.src, dst, dst);
        if (!fresh) it->second = {std::min(it->second.first, dst), std::max(it->second.second, dst)};
    }
    std::vector<SumSpan> out;
    out.reserve(span.size());
    for (const auto& [src, lr] : span) out.push_back({src, lr.first, lr.second});
    return out;
}

int64_t updated_cell_count(const Step& s) {
    std::vector<int32_t> d;
    for (const Access& a : s.accesses)
        if (a.applies_op) d.push_back(a.dst);
    std::sort(d.begin(), d.end());
    return std::unique(d.begin(), d.end()) - d.begin();
}

}  // namespace scanlab::gui
