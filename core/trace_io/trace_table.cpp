#include "core/trace_io/trace_table.hpp"

#include "core/lesson/verdict.hpp"

#include <algorithm>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>

#include "core/algorithms/table.hpp"
#include "core/block_turns.hpp"
#include "core/input/hierarchy.hpp"
#include "core/lesson/barrier_notes.hpp"
#include "core/lesson/explain.hpp"
#include "core/lesson/lookback_counts.hpp"
#include "core/lesson/seed_notes.hpp"
#include "core/lesson/work_counts.hpp"
#include "core/number_text.hpp"

namespace scanlab {
namespace {

// Values with a '|' between sections, so the blocks of Figure 9.10 read as the book draws them;
// a segmented scan's flag of 1 as '>' before the value.
std::string row_values(const ValueArray& v, int section, size_t max_values, size_t width, const std::vector<uint8_t>* flags = nullptr) {
    std::ostringstream os;
    const size_t n = size_of(v);
    const bool flagged = flags && flags->size() == n;
    for (size_t i = 0; i < n && i < max_values; ++i) {
        if (i > 0) os << ((section > 0 && i % section == 0) ? " |" : "");
        os << std::setw(int(width) + 1) << ((flagged && (*flags)[i] ? ">" : "") + format_value(v, i));
    }
    if (n > max_values) os << "  ... (" << n - max_values << " more)";
    return os.str();
}

// Columns are written once as text, then padded to their widest cell, so an 8-digit count at
// N = 2^27 still has a space before it.
struct Row {
    std::string index, label;
    std::vector<std::string> counts;  // empty for the input and result rows
    std::string array, values;
};

// Display width of a label: UTF-8 "·" is two bytes but one column.
size_t columns(const std::string& s) { return s.size() - size_t(std::count(s.begin(), s.end(), '\xC2')); }

void pad(std::ostream& out, const std::string& s, size_t width, bool right) {
    const size_t fill = width > columns(s) ? width - columns(s) : 0;
    if (right)
        out << std::string(fill, ' ') << s;
    else
        out << s << std::string(fill, ' ');
}

// Counts a student can quote: each phase's additions with real work and padding apart, their
// total, and the real work against the table's bound for the algorithm at N. Columns size to
// their widest cell, as the steps' do.
void write_phase_counts(std::ostream& out, const Trace& t) {
    const std::vector<PhaseCount> phases = phase_counts(t);
    if (phases.empty()) return;
    std::vector<PhaseCount> rows = phases;
    rows.push_back(total_count(t));
    const std::vector<std::string> heads{"additions", "work", "padding"};
    size_t label_width = std::string("by phase").size();
    std::vector<size_t> width;
    for (const std::string& h : heads) width.push_back(h.size());
    auto cells = [](const PhaseCount& p) {
        return std::vector<std::string>{std::to_string(p.additions), std::to_string(p.work()), std::to_string(p.padding)};
    };
    for (const PhaseCount& p : rows) {
        label_width = std::max(label_width, p.phase.size() + 2);
        const std::vector<std::string> c = cells(p);
        for (size_t k = 0; k < c.size(); ++k) width[k] = std::max(width[k], c[k].size());
    }
    auto line = [&](const std::string& label, const std::vector<std::string>& c) {
        pad(out, label, label_width, false);
        for (size_t k = 0; k < c.size(); ++k) pad(out, c[k], width[k] + 2, true);
        out << "\n";
    };
    line("by phase", heads);
    for (const PhaseCount& p : rows) line("  " + p.phase, cells(p));
    if (const std::optional<WorkBound> b = work_bound(t)) out << b->sentence() << "\n";
}

// One character a block: what a single-pass scan's blocks are doing after an event.
char state_mark(BlockState s) {
    switch (s) {
        case BlockState::not_started: return '.';
        case BlockState::scanning: return 'S';
        case BlockState::waiting: return 'W';
        case BlockState::looking_back: return 'L';
        case BlockState::passed: return 'P';
        case BlockState::done: return 'D';
    }
    return '?';
}
char status_mark(TileStatus s) {
    switch (s) {
        case TileStatus::invalid: return 'X';
        case TileStatus::aggregate: return 'A';
        case TileStatus::prefix: return 'P';
    }
    return '?';
}

// "blocks DDWS..  flags PPXXX": the snapshot of an event step in one line. Domino's flags[] has a
// slot past the last tile (the last block sets it); the look-back has a status word per tile.
std::string snapshot_line(const Trace& t, const EventSnapshot& b, size_t max_values) {
    std::string s = "blocks ";
    for (size_t i = 0; i < b.state.size() && i < max_values; ++i) s += state_mark(b.state[i]);
    if (b.state.size() > max_values) s += "…";
    s += algorithm_info(t.algorithm).handoff == Handoff::status_words ? "  status " : "  flags ";
    for (size_t i = 0; i < b.status.size() && i < max_values; ++i) s += status_mark(b.status[i]);
    if (b.status.size() > max_values) s += "…";
    return s;
}

}  // namespace

void write_trace_table(std::ostream& out, const Trace& t, size_t max_values, bool explain, const std::vector<StepFinding>* findings) {
    // A student's kernel: its file, and the algorithm it is meant to be (whose formula the counts meet).
    if (!t.kernel.empty())
        out << "your kernel " << t.kernel << ", like " << name(t.algorithm);
    else
        out << "algorithm " << name(t.algorithm);
    if (!t.kernel.empty()) {
    } else if (algorithm_info(t.algorithm).takes_coarsening)
        out << " (phase 2 " << name(t.block_algorithm) << ")";
    else if (algorithm_info(t.algorithm).takes_block_algorithm)
        out << " (block algorithm " << name(t.block_algorithm) << ")";
    if (t.coarsening) out << ", coarsening C = " << t.coarsening;
    out << ", op " << name(t.op) << ", type " << name(t.type) << ", " << (t.exclusive ? "exclusive" : "inclusive") << ", N = " << t.n;
    if (t.section) out << ", section " << t.section << ", " << t.grid << " block(s) of " << t.threads_per_block << " threads";
    out << ", backend " << t.backend << "\n";
    if (!t.sample.all())
        out << "sampled trace: blocks " << t.sample.first_block << " to " << t.sample.first_block + t.sample.blocks - 1
            << " of the input's scan (elements from " << t.sample.first_block * t.section << "), S whole; counts cover every block\n";
    if (const std::string note = levels_note(t); !note.empty()) out << note << "\n";
    if (const std::string note = seed_note(t); !note.empty()) out << note << "\n";
    if (!t.flags.empty())
        out << "segmented: '>' marks a flag of 1 (on the input a segment starts there; in a step a segment starts within what the "
               "element has combined, so nothing earlier reaches it)\n";
    if (!t.kernel.empty() && t.grid > 1)
        if (const std::optional<BlockSchedule> b = parse_block_schedule(t.block_schedule))
            out << "blocks ran one after another, each to its end before the next: " << one_after_another_words(*b, t.grid) << "\n";
    if (!t.block_schedule.empty() && t.kernel.empty())
        out << "block schedule " << t.block_schedule
            << (t.resident_blocks > 0 ? ", " + std::to_string(t.resident_blocks) + " resident block(s)" : std::string())
            << (t.static_index ? ", static index (tile = blockIdx)" : ", dynamic index (drawn from a counter)")
            << (algorithm_info(t.algorithm).handoff == Handoff::status_words
                    ? "; blocks: . not started, S scanning, L looking back, P published its prefix, D done; status[tile]: X invalid, A "
                      "aggregate, P inclusive prefix\n"
                    : "; blocks: . not started, S scanning, W waiting for its flag, P passed its sum on, D done; flags[0.." +
                          std::to_string(t.grid) + "]: X not set, P set (scan_value holds the sum of the sections before)\n");
    if (algorithm_info(t.algorithm).racy && t.kernel.empty())
        out << "LESSON: this kernel is wrong on purpose: the book's loop as printed; its one __syncthreads() per stride does "
               "not order the reads and writes of XY within a stride (the race), and threads that leave the loop early skip "
               "it; warp width "
            << t.warp_width << ", schedule " << t.schedule << "\n";

    size_t width = 1;
    auto widen = [&](const ValueArray& v) {
        for (size_t i = 0; i < size_of(v) && i < max_values; ++i) width = std::max(width, format_value(v, i).size());
    };
    const Verdict verdict = judge(t);
    widen(t.input);
    if (!verdict.correct()) widen(verdict.expected);
    for (const Step& s : t.steps) widen(s.values);
    if (!t.flags.empty()) ++width;  // room for the flag's '>'

    const bool events = !t.block_schedule.empty() && t.kernel.empty();  // a student's kernel has blocks, not events
    std::vector<std::string> heads{"adds", "active", "idle", "div", "bar", "haz"};
    if (events) heads = {"adds", "active", "idle", "bar", "polls"};
    std::vector<Row> rows;
    rows.push_back({"", "input", {}, "X", row_values(t.input, t.section, max_values, width, &t.flags)});
    int i = 0;
    for (const Step& s : t.steps) {
        const StepCounts& c = s.counts;
        const int section = s.array == ArrayKind::s ? 0 : t.section;
        std::vector<std::string> cells{std::to_string(c.additions),       std::to_string(c.active_threads), std::to_string(c.idle_threads),
                                       std::to_string(c.divergent_warps), std::to_string(c.barriers),       std::to_string(c.hazards)};
        if (events)
            cells = {std::to_string(c.additions), std::to_string(c.active_threads), std::to_string(c.idle_threads),
                     std::to_string(c.barriers), std::to_string(c.polls)};
        rows.push_back(
            {std::to_string(i++), step_label(s), cells, shown_array(s), row_values(s.values, section, max_values, width, &s.flags)});
        if (!s.snapshot.empty()) rows.push_back({"", "", {}, "", snapshot_line(t, s.snapshot, max_values)});
    }
    rows.push_back({"", "result", {}, "Y", row_values(t.result, t.section, max_values, width)});
    if (!verdict.correct()) {
        // The correct scan under the result, and a mark under each element that differs.
        rows.push_back({"", "expected", {}, "Y", row_values(verdict.expected, t.section, max_values, width)});
        std::ostringstream m;
        size_t w = 0;
        for (int64_t i : verdict.wrong) {
            const size_t col = size_t(i - verdict.first);
            if (col >= max_values) break;
            for (; w < col; ++w) m << ((t.section > 0 && w > 0 && w % size_t(t.section) == 0) ? " |" : "") << std::string(width + 1, ' ');
            m << ((t.section > 0 && w > 0 && w % size_t(t.section) == 0) ? " |" : "") << std::string(width, ' ') << '^';
            ++w;
        }
        rows.push_back({"", "wrong", {}, "", m.str()});
    }

    size_t index_width = 1, label_width = 4, array_width = 2;
    std::vector<size_t> count_width(heads.size());
    for (size_t k = 0; k < heads.size(); ++k) count_width[k] = heads[k].size();
    for (const Row& r : rows) {
        index_width = std::max(index_width, r.index.size());
        label_width = std::max(label_width, columns(r.label));
        array_width = std::max(array_width, r.array.size());
        for (size_t k = 0; k < r.counts.size(); ++k) count_width[k] = std::max(count_width[k], r.counts[k].size());
    }
    auto write_row = [&](const Row& r, const std::vector<std::string>& cells) {
        pad(out, r.index, index_width + 2, false);
        pad(out, r.label, label_width + 2, false);
        for (size_t k = 0; k < heads.size(); ++k) pad(out, k < cells.size() ? cells[k] : "", count_width[k] + 2, true);
        out << "  ";
        pad(out, r.array, array_width + 1, false);
        out << r.values;
        out << "\n";
    };
    write_row({"#", "step", {}, "array", ""}, heads);
    const FinalSteps finals = explain ? final_steps(t, verdict) : FinalSteps{};
    const std::optional<Formula> chapter = formula_for(t);
    for (const Row& r : rows) {
        write_row(r, r.counts);
        if (!explain || r.label.empty() || r.index.empty()) continue;
        for (const std::string& line : explain_step(t, finals, size_t(std::stoul(r.index)), chapter, findings).lines) {
            // Each line indented under the row, a line of several (the threads' deeds) all of it.
            for (size_t from = 0; from <= line.size();) {
                const size_t to = std::min(line.find('\n', from), line.size());
                out << std::string(index_width + 2, ' ') << "  " << line.substr(from, to - from) << "\n";
                from = to + 1;
            }
        }
    }
    for (size_t k = 0; k < t.steps.size(); ++k)
        if (const std::string note = unreached_barrier_note(t, t.steps[k]); !note.empty())
            out << "#" << k << " " << step_label(t.steps[k]) << ": " << note << "\n";
    if (!verdict.correct()) {
        out << verdict.headline() << "\n";
        if (!verdict.detail().empty()) out << verdict.detail() << "\n";
    } else if (verdict.racy) {
        out << verdict.headline() << "\n" << verdict.detail() << "\n";
    }
    write_phase_counts(out, t);
    if (const LookbackCounts c = lookback_counts(t); !c.depth.empty()) {
        // Per tile, what the schedule decided (docs/operation-counts.md).
        out << "look-back (window " << t.lookback_window << "): " << c.combines << " combines, " << c.status_reads << " status reads, "
            << c.total_polls << " polls, deepest " << c.max_depth << "\n";
        auto per_tile = [&](const char* what, const std::vector<int64_t>& v) {
            out << "  " << what << " per tile:";
            for (size_t k = 0; k < v.size() && k < max_values; ++k) out << " " << v[k];
            out << (v.size() > max_values ? " …\n" : "\n");
        };
        per_tile("depth", c.depth);
        per_tile("polls", c.polls);
        per_tile("status reads", c.reads);
    }
    out << "totals: " << counted(t.counts.additions, "addition", "additions") << " in " << counted(t.counts.steps, "step", "steps") << ", "
        << counted(t.counts.barriers, "barrier", "barriers") << (events ? " (all blocks), " : " per block, ")
        << counted(t.counts.divergent_warps, "divergent warp", "divergent warps");
    // A student's kernel's stale reads are counted as the racy lesson's are.
    if (algorithm_info(t.algorithm).racy || !t.kernel.empty()) out << ", " << counted(t.counts.hazards, "stale read", "stale reads");
    if (events) out << ", " << counted(t.counts.polls, "failed poll", "failed polls") << " in " << counted(t.counts.waits, "wait", "waits");
    out << "\n";
}

}  // namespace scanlab
