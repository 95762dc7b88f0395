#include "core/lesson/work_counts.hpp"

#include <algorithm>
#include <climits>

#include "core/algorithms/block_setup.hpp"
#include "core/algorithms/registry.hpp"
#include "core/number_text.hpp"

namespace scanlab {
namespace {

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// How many real elements the array a step writes holds: the input at depth 0, and S of each level
// below it (kernel 2 of depth d scans the block sums of depth d's array).
int64_t real_length(const Trace& t, const Step& s) {
    if (t.section <= 0 || s.kernel == Kernel::host) return INT64_MAX;
    int64_t n = t.n;
    for (int d = 0; d < s.depth; ++d) n = ceil_div(n, t.section);
    if (s.kernel == Kernel::k2) n = ceil_div(n, t.section);
    return n;
}

std::string phase_of(const Trace& t, const Step& s) {
    const bool multi = algorithm_info(t.algorithm).reach == Reach::multi_block;
    if (s.kernel == Kernel::host) return "host scan of s";
    // A single-pass scan's blocks scan their sections, then carry the prefix from tile to tile.
    if (s.event) return s.event->kind == EventKind::scanned ? "local scans" : "carried prefixes";
    if (multi) {
        if (s.kernel == Kernel::k3 && s.depth == 0) return "K3 (add S)";
        if (s.kernel == Kernel::k1 && s.depth == 0) return "K1 (scan sections)";
        return "K2 (scan S)";  // kernel 2, and every kernel of a hierarchical scan of S
    }
    if (s.coarsening > 0) {
        if (s.phase == Phase::thread_scan) return "phase 1 (each thread's C elements)";
        if (s.phase == Phase::add_predecessor) return "phase 3 (add predecessor's total)";
        return "phase 2 (scan of the subsection totals)";
    }
    switch (s.phase) {
        case Phase::reduction: return "reduction tree";
        case Phase::distribution: return "distribution tree";
        case Phase::stride: return "strides";
        case Phase::sequential: return "loop";
        default: return std::string(name(s.phase));
    }
}

// The block algorithm whose tree steps a trace records.
Algorithm block_algorithm_of(const Trace& t) {
    const AlgorithmInfo& row = algorithm_info(t.algorithm);
    if (row.one_section()) return t.algorithm;
    return row.takes_block_algorithm ? t.block_algorithm : row.fixed_block;
}

// Additions of one section's tree step (phase, level) whose result lands at or past `real`, from
// the algorithm's own index math: what the padded threads of a partial section add.
template <class Algo>
int64_t padding_in_section(const Step& s, const SectionLayout& section, int64_t real) {
    for (int k = 0; k < Algo::steps(section); ++k) {
        const StepShape shape = Algo::shape(k, section);
        if (shape.phase != s.phase || shape.level != s.level) continue;
        int64_t padding = 0;
        for (int t = 0; t < Algo::threads(section); ++t) {
            const Work w = Algo::work(k, t, section);
            padding += w.active && w.applies_op && w.dst >= real;
        }
        return padding;
    }
    return 0;
}

// Only a tree step of an in-block scan adds on padding, and only in the last block of its array:
// every other block is a whole section, loads past the end bring the identity and are no
// additions, and kernel 3 and the host loop add to real elements only.
int64_t padding_of(const Trace& t, const Step& s) {
    if (s.event) {
        // The local scan of the last tile runs over the identity past N (Domino::BlockScan's own
        // index math; a single-pass scan's block scan is fixed by its row).
        using BlockScan = Domino::BlockScan;
        const int64_t real = t.n - int64_t(s.event->tile) * t.section;
        if (s.event->kind != EventKind::scanned || real >= t.section) return 0;
        int64_t padding = 0;
        for (int k = 0; k < BlockScan::steps(t.section); ++k)
            for (int th = 0; th < BlockScan::threads(t.section); ++th) {
                const Work w = BlockScan::work(k, th, t.section);
                padding += w.active && w.applies_op && w.dst >= real;
            }
        return padding;
    }
    if (s.phase != Phase::stride && s.phase != Phase::reduction && s.phase != Phase::distribution && s.phase != Phase::thread_scan &&
        s.phase != Phase::add_predecessor)
        return 0;
    if (t.section <= 0 || s.blocks <= 0) return 0;
    const int64_t real_in_last = real_length(t, s) - int64_t(s.blocks - 1) * t.section;
    if (real_in_last >= t.section) return 0;
    const Algorithm block = block_algorithm_of(t);
    int64_t padding = 0;
    RegisteredAlgorithms::for_each([&]<class Algo>() {
        if constexpr (Algo::info().one_section())
            if (Algo::info().id == block)
                padding = padding_in_section<Algo>(s, run_layout(t.algorithm, t.block_algorithm, t.section, t.coarsening),
                                                   std::max<int64_t>(real_in_last, 0));
    });
    return padding;
}

}  // namespace

std::vector<PhaseCount> phase_counts(const Trace& t) {
    std::vector<PhaseCount> out;
    for (const Step& s : t.steps) {
        if (s.counts.additions == 0) continue;
        const std::string phase = phase_of(t, s);
        // A phase seen before (the levels of a hierarchical K2) adds to its row.
        auto row = std::find_if(out.begin(), out.end(), [&](const PhaseCount& c) { return c.phase == phase; });
        if (row == out.end()) row = out.insert(out.end(), PhaseCount{phase, 0, 0});
        row->additions += s.counts.additions;
        row->padding += padding_of(t, s);
    }
    return out;
}

PhaseCount total_count(const Trace& t) {
    PhaseCount total{"total", 0, 0};
    for (const PhaseCount& c : phase_counts(t)) {
        total.additions += c.additions;
        total.padding += c.padding;
    }
    return total;
}

std::string WorkBound::relation() const { return work < value ? "≤" : work == value ? "=" : ">"; }

std::string WorkBound::sentence() const {
    std::string s = "real work " + grouped(work) + " " + relation() + " " + text + " = " + grouped(value) + " at N = " + grouped(n);
    if (!chapter) return s + " (" + algorithm + "'s own count; the chapter gives no bound)";
    s += " (as the chapter states it)";
    if (work > value && !scope.empty()) s += ": the chapter's bound holds " + scope;
    return s;
}

std::string formula_sentence(const Trace& t, const Formula& f) {
    // Which N: the run's, or the section it was padded to, by name (the step's count and the
    // footer's bound are then read at different N without contradicting each other).
    std::string at = " at N = " + grouped(f.n);
    if (f.n != t.n && algorithm_info(t.algorithm).reach != Reach::one_thread)
        at = " at N = SECTION_SIZE = " + grouped(f.n) + ", the section the run's " + counted(t.n, "element is", "elements are") +
             " padded to";
    const std::string value = f.text + " = " + grouped(f.value);
    if (f.chapter) return "the chapter counts " + value + at + " for the whole scan";
    std::string s = "Scan Lab's own exact count is " + value + at;
    if (!f.stated_text.empty()) return s + "; the chapter states the bound " + f.stated_text + " = " + grouped(f.stated_value) + " there";
    return s + "; the chapter gives no count for " + f.algorithm;
}

std::optional<WorkBound> work_bound(const Trace& t) {
    if (t.n < 1 || t.steps.empty()) return std::nullopt;
    const AlgorithmInfo& row = algorithm_info(t.algorithm);
    const bool chapter = row.bound.given();
    const CountFormula& f = chapter ? row.bound : row.formula;
    if (!f.given()) return std::nullopt;
    // A bound below zero (the book's 2N − 3 at N = 1) says nothing about a run that adds nothing.
    if (f.additions(t.n) < 0) return std::nullopt;
    return WorkBound{std::string(row.title), std::string(f.text),  chapter, chapter ? std::string(row.bound_scope) : "", t.n,
                     f.additions(t.n),       total_count(t).work()};
}

}  // namespace scanlab
