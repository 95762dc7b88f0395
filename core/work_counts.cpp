#include "work_counts.hpp"

#include <algorithm>
#include <climits>

#include "algorithms/table.hpp"
#include "error.hpp"

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
    if (multi) {
        if (s.kernel == Kernel::k3 && s.depth == 0) return "K3 (add S)";
        if (s.kernel == Kernel::k1 && s.depth == 0) return "K1 (scan sections)";
        return "K2 (scan S)";  // kernel 2, and every kernel of a hierarchical scan of S
    }
    switch (s.phase) {
        case Phase::reduction: return "reduction tree";
        case Phase::distribution: return "distribution tree";
        case Phase::stride: return "strides";
        case Phase::sequential: return "loop";
        default: return std::string(name(s.phase));
    }
}

}  // namespace

std::vector<PhaseCount> phase_counts(const Trace& t) {
    if (t.detail != Detail::full || !t.sample.all()) throw ScanError("internal: work and padding are counted from a whole, full trace");
    std::vector<PhaseCount> out;
    for (const Step& s : t.steps) {
        if (s.counts.additions == 0) continue;
        const std::string phase = phase_of(t, s);
        // A phase seen before (the levels of a hierarchical K2) adds to its row.
        auto row = std::find_if(out.begin(), out.end(), [&](const PhaseCount& c) { return c.phase == phase; });
        if (row == out.end()) row = out.insert(out.end(), PhaseCount{phase, 0, 0});
        PhaseCount& c = *row;
        c.additions += s.counts.additions;
        const int64_t real = real_length(t, s);
        for (const Access& a : s.accesses)
            if (a.applies_op && a.dst >= real) ++c.padding;
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

}  // namespace scanlab
