#include "trace_table.hpp"

#include "verdict.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "algorithms/table.hpp"

namespace scanlab {
namespace {

// Values with a '|' between sections, so the blocks of Figure 9.10 read as the book draws them.
std::string row_values(const ValueArray& v, int section, size_t max_values, size_t width) {
    std::ostringstream os;
    const size_t n = size_of(v);
    for (size_t i = 0; i < n && i < max_values; ++i) {
        if (i > 0) os << ((section > 0 && i % section == 0) ? " |" : "");
        os << std::setw(int(width) + 1) << format_value(v, i);
    }
    if (n > max_values) os << "  ... (" << n - max_values << " more)";
    return os.str();
}

}  // namespace

void write_trace_table(std::ostream& out, const Trace& t, size_t max_values) {
    out << "algorithm " << name(t.algorithm);
    if (algorithm_info(t.algorithm).takes_block_algorithm) out << " (block algorithm " << name(t.block_algorithm) << ")";
    out << ", op " << name(t.op) << ", type " << name(t.type) << ", " << (t.exclusive ? "exclusive" : "inclusive") << ", N = " << t.n;
    if (t.section) out << ", section " << t.section << ", " << t.grid << " block(s) of " << t.threads_per_block << " threads";
    out << ", backend " << t.backend << "\n";
    if (!t.sample.all())
        out << "sampled trace: blocks " << t.sample.first_block << " to " << t.sample.first_block + t.sample.blocks - 1
            << " of the input's scan (elements from " << t.sample.first_block * t.section << "), S whole; counts cover every block\n";
    if (algorithm_info(t.algorithm).racy)
        out << "LESSON: this kernel is wrong on purpose (a missing barrier); warp width " << t.warp_width << ", schedule "
            << t.schedule << "\n";

    size_t width = 1;
    auto widen = [&](const ValueArray& v) {
        for (size_t i = 0; i < size_of(v) && i < max_values; ++i) width = std::max(width, format_value(v, i).size());
    };
    const Verdict verdict = judge(t);
    widen(t.input);
    if (!verdict.correct()) widen(verdict.expected);
    for (const Step& s : t.steps) widen(s.values);

    size_t label_width = 5;
    for (const Step& s : t.steps) label_width = std::max(label_width, step_label(s).size());
    out << std::left << std::setw(4) << "#" << std::setw(int(label_width) + 2) << "step" << std::right << std::setw(6) << "adds"
        << std::setw(8) << "active" << std::setw(7) << "idle" << std::setw(6) << "div" << std::setw(5) << "bar" << std::setw(5)
        << "haz" << "  array\n";
    out << std::left << std::setw(4) << "" << std::setw(int(label_width) + 2) << "input" << std::right << std::setw(37) << ""
        << "  X  " << row_values(t.input, t.section, max_values, width) << "\n";
    int i = 0;
    for (const Step& s : t.steps) {
        // Utf-8 "·" is two bytes but one column wide.
        const std::string label = step_label(s);
        const size_t dots = size_t(std::count(label.begin(), label.end(), '\xC2'));
        out << std::left << std::setw(4) << i++ << std::setw(int(label_width + dots) + 2) << label << std::right << std::setw(6)
            << s.counts.additions << std::setw(8) << s.counts.active_threads << std::setw(7) << s.counts.idle_threads
            << std::setw(6) << s.counts.divergent_warps << std::setw(5) << s.counts.barriers << std::setw(5) << s.counts.hazards
            << "  " << std::left << std::setw(3) << name(s.array) << std::right
            << row_values(s.values, s.array == ArrayKind::xy ? t.section : (s.array == ArrayKind::y ? t.section : 0), max_values, width)
            << "\n";
    }
    out << std::left << std::setw(4) << "" << std::setw(int(label_width) + 2) << "result" << std::right << std::setw(37) << ""
        << "  Y  " << row_values(t.result, t.section, max_values, width) << "\n";
    if (!verdict.correct()) {
        // The correct scan under the result, and a mark under each element that differs.
        out << std::left << std::setw(4) << "" << std::setw(int(label_width) + 2) << "expected" << std::right << std::setw(37) << ""
            << "  Y  " << row_values(verdict.expected, t.section, max_values, width) << "\n";
        std::ostringstream m;
        size_t w = 0;
        for (int64_t i : verdict.wrong) {
            const size_t col = size_t(i - verdict.first);
            if (col >= max_values) break;
            for (; w < col; ++w) m << ((t.section > 0 && w > 0 && w % size_t(t.section) == 0) ? " |" : "") << std::string(width + 1, ' ');
            m << ((t.section > 0 && w > 0 && w % size_t(t.section) == 0) ? " |" : "") << std::string(width, ' ') << '^';
            ++w;
        }
        out << std::left << std::setw(4) << "" << std::setw(int(label_width) + 2) << "wrong" << std::right << std::setw(37) << ""
            << "     " << m.str() << "\n";
        out << verdict.headline() << "\n";
        if (!verdict.detail().empty()) out << verdict.detail() << "\n";
    } else if (verdict.racy) {
        out << verdict.headline() << "\n" << verdict.detail() << "\n";
    }
    out << "totals: " << t.counts.additions << " additions in " << t.counts.steps << " steps, " << t.counts.barriers
        << " barriers per block, " << t.counts.divergent_warps << " divergent warps";
    if (algorithm_info(t.algorithm).racy) out << ", " << t.counts.hazards << " hazards";
    out << "\n";
}

}  // namespace scanlab
