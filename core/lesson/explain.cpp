#include "core/lesson/explain.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>

#include "core/algorithms/table.hpp"
#include "core/lesson/barrier_notes.hpp"
#include "core/number_text.hpp"

namespace scanlab {
namespace {

// The array a scan's answer is read from: the depth-0 XY of a one-kernel scan, Y after kernel 3.
bool is_output_step(const Step& s) { return s.depth == 0 && s.array != ArrayKind::s; }

bool same_value(const ValueArray& a, size_t i, const ValueArray& b, size_t j) {
    if (a.index() != b.index() || i >= size_of(a) || j >= size_of(b)) return false;
    return std::visit(
        [&](const auto& va) {
            const auto& vb = std::get<std::decay_t<decltype(va)>>(b);
            return std::memcmp(&va[i], &vb[j], sizeof va[i]) == 0;  // bitwise, as the trace compares
        },
        a);
}

std::string at(const ValueArray& v, int64_t i) { return i >= 0 && size_t(i) < size_of(v) ? format_value(v, size_t(i)) : "?"; }

std::string row_text(const ValueArray& v, size_t most = 16) {
    std::string s;
    for (size_t i = 0; i < size_of(v) && i < most; ++i) {
        if (i) s += ' ';
        s += format_value(v, i);
    }
    if (size_of(v) > most) s += " … (" + std::to_string(size_of(v) - most) + " more)";
    return s;
}

std::string combine_text(OpKind op, const std::string& a, const std::string& b) {
    switch (op) {
        case OpKind::sum: return a + " + " + b;
        case OpKind::max: return "max(" + a + ", " + b + ")";
        case OpKind::min: return "min(" + a + ", " + b + ")";
    }
    return a + " ∘ " + b;
}

// Why the launched threads that did nothing in a three-phase step idle.
std::string coarsened_idle_reason(const Step& s) {
    const std::string lv = std::to_string(s.level);
    switch (s.phase) {
        case Phase::stride: return "t < " + lv + ": there is no subsection total " + lv + " subsections to their left";
        case Phase::reduction:
        case Phase::distribution: return "their node of the tree over the subsection totals lies past the last total";
        case Phase::add_predecessor: return "thread 0's subsection comes first: it has no predecessor";
        default: return "the step needs fewer threads than were launched";
    }
}

// A three-phase step (PMPP 4th ed. §11.5): phase 1 scans each thread's C elements, phase 2 the T
// subsection totals, phase 3 adds each predecessor's total.
std::string coarsened_step(const Trace& t, const Step& s, const std::string& arr) {
    const std::string c = std::to_string(s.coarsening), lv = std::to_string(s.level);
    const std::string totals = "the subsection totals, which sit C = " + c + " elements apart at " + arr + "[t·C + C − 1]";
    switch (s.phase) {
        case Phase::load:
            return std::string("Coalesced load: thread t brings elements t, t + T, t + 2T, ... into ") + arr +
                   " in shared memory, so neighbouring threads read neighbouring addresses" +
                   (t.exclusive ? " (shifted one place right: an exclusive scan)." : ".");
        case Phase::thread_scan:
            return "Phase 1, element " + std::to_string(s.level + 1) + " of " + c + ": every thread t adds " + arr + "[t·C + " +
                   std::to_string(s.level - 1) + "] into " + arr + "[t·C + " + lv + "], scanning its own " + c +
                   " contiguous elements one after another; after C − 1 such sub-steps the last element of each subsection holds its "
                   "total.";
        case Phase::stride:
            return "Phase 2, stride " + lv + ": a Kogge-Stone step over " + totals + ": each thread t ≥ " + lv + " adds the total " + lv +
                   " subsections to its left into its own.";
        case Phase::reduction:
            return "Phase 2, reduction level " + lv + ": a Brent-Kung reduction-tree level over " + totals +
                   ", building the sums of groups of " + std::to_string(1 << s.level) + " subsections.";
        case Phase::distribution:
            return "Phase 2, distribution level " + lv + ": a Brent-Kung distribution-tree level over " + totals +
                   ", pushing partial sums down to the totals in between.";
        case Phase::add_predecessor:
            return "Phase 3, element " + std::to_string(s.level + 1) + " of " + c + ": every thread t > 0 adds its predecessor's total " +
                   arr + "[t·C − 1], now the scan of everything before its subsection, into " + arr + "[t·C + " + lv +
                   "]; the last element of each subsection is complete since phase 2.";
        default: return "";
    }
}

// Why the launched threads that did nothing in this step idle, in the chapter's terms.
std::string idle_reason(const Step& s, int stride) {
    if (s.coarsening > 0 && s.phase != Phase::load) return coarsened_idle_reason(s);
    const std::string st = std::to_string(stride);
    switch (s.phase) {
        case Phase::stride: return "t < " + st + ": there is no element " + st + " places to their left";
        case Phase::reduction: return "their node (t + 1)·2·" + st + " − 1 lies past the end of the section";
        case Phase::distribution: return "their node (t + 1)·2·" + st + " − 1 has no partner " + st + " places to its right in the section";
        case Phase::load: return "their element lies past the end of the input";
        case Phase::block_sum_write: return "only the last thread of a block holds its section's total";
        case Phase::add_block_sums: return "no section comes before block 0, so it has nothing to add";
        default: return "the step needs fewer threads than were launched";
    }
}

std::string what_step_does(const Trace& t, const Step& s, int stride, const std::string& arr) {
    const std::string st = std::to_string(stride);
    const std::string racy =
        algorithm_info(t.algorithm).racy
            ? " The loop's one barrier opens the stride; within it nothing orders the reads against other warps' writes: that is the race."
            : "";
    // A coarsened block's steps in its own words; a load of S keeps the sentence below.
    if (s.coarsening > 0 && (s.phase != Phase::load || (s.depth == 0 && s.kernel != Kernel::k2)))
        if (std::string c = coarsened_step(t, s, arr); !c.empty()) return c;
    switch (s.phase) {
        case Phase::load:
            if (s.kernel == Kernel::k2 || s.depth > 0)
                return "Each thread loads one element of S, the sections' totals, into shared memory.";
            return t.exclusive ? "Each thread loads one input element into " + arr +
                                     ", shifted one place right (an exclusive scan): the first element gets the identity."
                               : "Each thread loads one input element into " + arr + " in shared memory.";
        case Phase::stride:
            if (t.algorithm == Algorithm::kogge_stone_double_buffer || t.block_algorithm == Algorithm::kogge_stone_double_buffer)
                return "Stride " + st + ": each thread t ≥ " + st + " writes " + arr + "[t − " + st + "] + " + arr +
                       "[t] into the other buffer; threads t < " + st + " copy their element across.";
            return "Stride " + st + ": each thread t ≥ " + st + " adds " + arr + "[t − " + st + "] into " + arr + "[t]; afterwards " + arr +
                   "[t] holds the sum of up to " + std::to_string(2 * stride) + " inputs ending at t." + racy;
        case Phase::reduction:
            return "Reduction tree, stride " + st + ": thread t adds " + arr + "[(t + 1)·2·" + st + " − 1 − " + st + "] into " + arr +
                   "[(t + 1)·2·" + st + " − 1], building the partial sums of blocks of " + std::to_string(2 * stride) + " elements.";
        case Phase::distribution:
            return "Distribution tree, stride " + st + ": thread t adds " + arr + "[(t + 1)·2·" + st + " − 1] into the element " + st +
                   " places to its right, pushing the partial sums down to the positions in between.";
        case Phase::sequential: return "One thread runs the loop: Y[i] = Y[i − 1] + X[i], one addition after another.";
        case Phase::block_sum_write: return "The last thread of each block writes its section's total into S[block].";
        case Phase::host_scan: return "The host scans S in a loop, s[i] += s[i − 1], after copying it from the device.";
        case Phase::add_block_sums:
            return "Each thread of block b ≥ 1 adds S[b − 1], the total of every earlier section, to its element of Y.";
        case Phase::thread_scan:
        case Phase::add_predecessor: return coarsened_step(t, s, arr);
        case Phase::event: return "";
    }
    return "";
}

// The segmented scan's operator, in the step's words: what "adds" means over (flag, value) pairs.
std::string segmented_sentence(const Trace& t, const Step& s) {
    if (!algorithm_info(t.algorithm).takes_flags) return "";
    switch (s.phase) {
        case Phase::load:
            if (s.kernel == Kernel::k2 || s.depth > 0)
                return "Each element of S is a (flag, value) pair: its flag is 1 when a segment starts in that section.";
            return t.exclusive
                       ? "Each element is a (flag, value) pair, the head flag beside the value; the flags are not shifted, and an element "
                         "whose flag is 1 loads the identity, so each segment starts from it."
                       : "Each element is a (flag, value) pair, the head flag beside the value; a flag of 1 starts a segment.";
        case Phase::stride:
        case Phase::reduction:
        case Phase::distribution:
            return "Each addition is the (flag, value) operator (f1, v1) ⊕ (f2, v2) = (f1 | f2, f2 ? v2 : v1 ⊕ v2): where the later "
                   "element's flag is 1 it keeps its own value, since a segment starts within it; the flags combine by OR.";
        case Phase::block_sum_write: return "S[block] is the section's last pair: its flag is 1 when a segment starts in the section.";
        case Phase::add_block_sums:
            return "S[b − 1] ⊕ Y[i] leaves Y[i] as it is where its flag is 1 (a segment started in block b at or before i): the carry-in "
                   "stops at the block's first flag.";
        default: return "";
    }
}

// What a single-pass scan's event did, from its event and the snapshot after it (domino: PMPP
// 4th ed. §11.7; the look-back's events read the same snapshot).
std::vector<std::string> event_lines(const Trace& t, const Step& s) {
    std::vector<std::string> lines;
    if (!s.event) return lines;
    const Event& e = *s.event;
    const EventSnapshot& b = s.snapshot;
    const std::string tile = std::to_string(e.tile), block = "Block " + std::to_string(e.block);
    const int64_t lo = int64_t(e.tile) * t.section, hi = std::min<int64_t>(t.n, lo + t.section) - 1;
    auto value = [&](const ValueArray& v, int64_t i) { return b.empty() ? std::string("…") : at(v, i); };
    const bool lookback = t.algorithm == Algorithm::decoupled_lookback;
    switch (e.kind) {
        case EventKind::start:
            lines.push_back(
                block + " starts on an SM" + (t.resident_blocks > 0 ? " (one of " + std::to_string(t.resident_blocks) + " slots)" : "") +
                (t.static_index ? " and takes tile " + tile + " from its blockIdx: it will scan section " + tile +
                                      " whatever order the blocks start in."
                 : e.tile == 0
                     ? " and thread 0 draws tile 0 from the block counter (atomicAdd): the first draw. Tile 0 has no predecessor" +
                           std::string(lookback ? ": it will publish its prefix as soon as it has scanned."
                                                : ": flags[0] and scan_value[0] are set before the launch.")
                     : " and thread 0 draws tile " + tile + " from the block counter (atomicAdd): " +
                           (e.tile == 1 ? std::string("tile 0 was drawn before it")
                                        : "tiles 0–" + std::to_string(e.tile - 1) + " were drawn before it") +
                           ", so the block holding tile " + std::to_string(e.tile - 1) +
                           " has already started: whatever this block waits for is on its way."));
            break;
        case EventKind::scanned:
            lines.push_back(block + " loaded section " + tile + " (elements " + std::to_string(lo) + "–" + std::to_string(hi) +
                            ") into XY and scanned it in shared memory with " + std::string(name(t.block_algorithm)) +
                            "; its local total is XY[" + std::to_string(t.section - 1) + "] = " + value(b.aggregate, e.tile) + ".");
            if (lookback) {
                lines.push_back(e.tile == 0 ? std::string("Tile 0 has no predecessor: its local total is already its inclusive prefix.")
                                            : "Next it publishes that total as its aggregate, so later tiles can use it before this tile "
                                              "knows its own prefix.");
                break;
            }
            lines.push_back("Thread 0 now waits for flags[" + tile + "], which says scan_value[" + tile +
                            "] holds the total of every section before " + tile +
                            (e.tile == 0 ? " (flags[0] is set before the launch: tile 0 waits for nobody)." : "."));
            break;
        case EventKind::passed:
            lines.push_back("Thread 0 of block " + std::to_string(e.block) + " found flags[" + tile + "] set" +
                            (e.polls > 0 ? " after " + counted(e.polls, "failed poll", "failed polls") : " at its first look") +
                            ", read previous = scan_value[" + tile + "] = " + value(b.exclusive, e.tile) + " and wrote scan_value[" +
                            std::to_string(e.tile + 1) +
                            "] = " + combine_text(t.op, value(b.exclusive, e.tile), value(b.aggregate, e.tile)) + " = " +
                            value(b.prefix, e.tile + 1) + ".");
            lines.push_back("__threadfence() makes that value visible before flags[" + std::to_string(e.tile + 1) +
                            "] is set: the block of tile " + std::to_string(e.tile + 1) +
                            " may go on. The rest of the block waited at a barrier for previous.");
            break;
        case EventKind::done:
            if (lookback) {
                lines.push_back(e.tile == 0
                                    ? "Block " + std::to_string(e.block) + " writes its scanned section to Y[" + std::to_string(lo) + "–" +
                                          std::to_string(hi) + "] as it is: tile 0 has nothing before it."
                                    : "Every thread of block " + std::to_string(e.block) + " adds the exclusive prefix " +
                                          value(b.exclusive, e.tile) + " to its element of XY and writes Y[" + std::to_string(lo) + "–" +
                                          std::to_string(hi) + "]: section " + tile + " is final.");
                break;
            }
            lines.push_back("Every thread of block " + std::to_string(e.block) + " adds previous = " + value(b.exclusive, e.tile) +
                            " to its element of XY and writes Y[" + std::to_string(lo) + "–" + std::to_string(hi) + "]: section " + tile +
                            " is final" +
                            (b.empty() ? std::string(".")
                             : std::find(b.state.begin(), b.state.end(), BlockState::not_started) != b.state.end()
                                 ? ", and the block gives its SM slot to the next block to start."
                                 : "; every block has started, so its SM slot stays free."));
            break;
        case EventKind::deadlock: lines.push_back(t.deadlock.empty() ? "The blocks cannot go on." : as_sentence(t.deadlock)); break;
        case EventKind::publish_aggregate:
            lines.push_back("Thread 0 stores aggregate[" + tile + "] = " + value(b.aggregate, e.tile) +
                            ", fences (__threadfence) and sets status[" + tile +
                            "] = A: a later tile may now step past this one with its total, before this tile knows its prefix.");
            lines.push_back("Warp 0 starts its look-back at tile " + std::to_string(e.tile - 1) + ", reading up to " +
                            std::to_string(t.lookback_window) + " status words at once, lane l the word of tile " +
                            std::to_string(e.tile - 1) + " − l.");
            break;
        case EventKind::look_back: {
            const std::string window = e.window_first == e.window_last
                                           ? "status[" + std::to_string(e.window_last) + "]"
                                           : "status[" + std::to_string(e.window_first) + "–" + std::to_string(e.window_last) + "]";
            lines.push_back("Warp 0 of block " + std::to_string(e.block) + " read " + window +
                            (e.polls > 0 ? " after " + counted(e.polls, "failed poll", "failed polls") +
                                               " (a word was still X, so it read them all again)"
                                         : " and found no X") +
                            ".");
            if (e.found >= 0)
                lines.push_back("The nearest P is tile " + std::to_string(e.found) + ": it combines " +
                                (e.found == e.window_last ? "tile " + std::to_string(e.found)
                                                          : "tiles " + std::to_string(e.window_last) + " down to " +
                                                                std::to_string(e.found) + ", nearest first,") +
                                " and stops. Its exclusive prefix is " + value(b.exclusive, e.tile) + ".");
            else
                lines.push_back(std::string(e.window_first == e.window_last ? "The word is an A: it combines it"
                                                                            : "Every word is an A: it combines the whole window") +
                                " (so far " + value(b.exclusive, e.tile) + ") and moves the window back to end at tile " +
                                std::to_string(e.window_first - 1) + ".");
            break;
        }
        case EventKind::publish_prefix:
            lines.push_back(e.tile == 0 ? "Thread 0 stores inclusive[0] = " + value(b.prefix, 0) +
                                              ", fences and sets status[0] = P: every look-back that reaches tile 0 stops there."
                                        : "Thread 0 stores inclusive[" + tile +
                                              "] = " + combine_text(t.op, value(b.exclusive, e.tile), value(b.aggregate, e.tile)) + " = " +
                                              value(b.prefix, e.tile) + ", fences and sets status[" + tile +
                                              "] = P: a later look-back that reaches tile " + tile + " stops here.");
            break;
    }
    if (!b.empty()) {
        std::string line;
        for (size_t i = 0; i < b.state.size(); ++i)
            if (b.waits_on[i] >= 0 && line.size() < 400)
                line += (line.empty() ? "" : ", ") + std::string("block ") + std::to_string(i) + " (tile " + std::to_string(b.tile[i]) +
                        ") for " + (lookback ? "status[" : "flags[") + std::to_string(b.waits_on[i]) + "]";
        if (!line.empty()) lines.push_back("Waiting: " + line + ".");
    }
    return lines;
}

std::string kernel_sentence(const Trace& t, const Step& s) {
    const std::string block = std::string(name(t.block_algorithm));
    switch (s.kernel) {
        case Kernel::single: return "";
        case Kernel::k1:
            if (s.depth == 0 && s.blocks <= 1)
                return "Kernel 1 runs as one block: N = " + grouped(t.n) + " fits one section of " + grouped(t.section) +
                       ", so the block scans it all with " + block +
                       "; with one section there is no S to write, and kernels 2 and 3 do not run.";
            if (s.depth == 0)
                return "Kernel 1 runs: each of the " + counted(s.blocks, "block", "blocks") + " scans its own section of " +
                       std::to_string(t.section) + " elements with " + block + ", then writes the section's total to S.";
            return "Kernel 1 runs on S (level " + std::to_string(s.depth) +
                   "): S has too many elements for one block, so it is scanned in sections too.";
        case Kernel::k2: return "Kernel 2 runs: one block scans S, the array of section totals, with " + block + ".";
        case Kernel::k3:
            return "Kernel 3 runs: every block but the first adds the scanned total of the sections before it, so each section continues "
                   "where the previous one ended.";
        case Kernel::host: return "The host runs between the kernels, as the slides do.";
    }
    return "";
}

// The latest S the trace holds by step k, with what it means.
std::string s_sentence(const Trace& t, size_t k) {
    for (size_t j = k + 1; j-- > 0;) {
        const Step& q = t.steps[j];
        if (q.array != ArrayKind::s || q.depth != 0) continue;
        const bool scanned = q.kernel == Kernel::k2 || q.phase == Phase::host_scan;
        // A kernel 2 step part-way through its scan holds partial sums.
        bool last_of_k2 = true;
        if (q.kernel == Kernel::k2 && j + 1 < t.steps.size() && t.steps[j + 1].kernel == Kernel::k2) last_of_k2 = false;
        std::string s = "S holds " + row_text(q.values) + ": ";
        if (!scanned)
            s += "each section's total.";
        else if (last_of_k2)
            s += "S[b] is the total of sections 0 to b, what the sections after b must add.";
        else
            s += "part of the way through kernel 2's scan.";
        return s;
    }
    if (algorithm_info(t.algorithm).reach == Reach::multi_block) return "S is not written yet.";
    return "";
}

}  // namespace

std::string ranges(const std::vector<int64_t>& v) {
    std::string s;
    for (size_t i = 0; i < v.size();) {
        size_t j = i;
        while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
        if (!s.empty()) s += ", ";
        s += std::to_string(v[i]);
        if (j > i) s += (j == i + 1 ? ", " : "–") + std::to_string(v[j]);
        i = j + 1;
    }
    return s;
}

FinalSteps final_steps(const Trace& t, const Verdict& verdict) {
    FinalSteps f;
    const int64_t n = int64_t(size_of(t.result));
    f.first = verdict.first;
    const int64_t count = std::min<int64_t>(int64_t(size_of(verdict.expected)), n - f.first);
    f.from.assign(size_t(std::max<int64_t>(count, 0)), t.steps.size());
    if (t.detail != Detail::full) return f;
    std::vector<uint8_t> settled(f.from.size(), 1);
    for (int64_t w : verdict.wrong)
        if (w >= f.first && w - f.first < int64_t(settled.size())) settled[size_t(w - f.first)] = 0;  // never final
    if (!t.steps.empty() && t.steps.front().event) {
        // A single-pass scan writes Y once, when its tile's block is done: a local scan in XY is not
        // Y yet, even where it already holds the final values (tile 0's).
        for (size_t k = 0; k < t.steps.size(); ++k) {
            const std::optional<Event>& e = t.steps[k].event;
            if (!e || e->kind != EventKind::done || e->tile < 0) continue;
            const int64_t lo = int64_t(e->tile) * t.section, hi = std::min<int64_t>(lo + t.section, n);
            for (int64_t g = std::max(lo, f.first); g < hi && g - f.first < int64_t(f.from.size()); ++g)
                if (settled[size_t(g - f.first)]) f.from[size_t(g - f.first)] = k;
        }
        return f;
    }
    for (size_t k = t.steps.size(); k-- > 0;) {
        const Step& s = t.steps[k];
        if (!is_output_step(s)) continue;
        for (size_t i = 0; i < f.from.size(); ++i) {
            if (!settled[i]) continue;
            const int64_t g = f.first + int64_t(i);
            const int64_t j = g - s.offset;
            if (j >= 0 && same_value(s.values, size_t(j), t.result, size_t(g)))
                f.from[i] = k;
            else
                settled[i] = 0;
        }
    }
    return f;
}

Explanation explain_step(const Trace& t, const FinalSteps& finals, size_t k, const std::optional<FormulaCount>& formula) {
    Explanation e;
    if (k >= t.steps.size()) return e;
    const Step& s = t.steps[k];
    const std::string arr = std::string(name(s.array));
    e.title =
        "#" + std::to_string(k) + "  " + step_label(s) + "  (step " + std::to_string(k + 1) + " of " + std::to_string(t.steps.size()) + ")";

    int stride = 0;
    for (const Access& a : s.accesses)
        if (a.applies_op && a.src >= 0 && a.dst > a.src && s.phase != Phase::add_block_sums) {
            stride = a.dst - a.src;
            break;
        }
    if (stride == 0 && (s.phase == Phase::stride || s.phase == Phase::reduction || s.phase == Phase::distribution)) stride = s.level;

    if (const std::string ks = kernel_sentence(t, s); !ks.empty()) e.lines.push_back(ks);
    if (s.event) {
        for (std::string& line : event_lines(t, s)) e.lines.push_back(std::move(line));
    } else {
        e.lines.push_back(what_step_does(t, s, stride, arr));
    }
    if (const std::string ss = segmented_sentence(t, s); !ss.empty()) e.lines.push_back(ss);
    if (const std::string note = unreached_barrier_note(t, s); !note.empty()) e.lines.push_back("Barrier: " + note + ".");

    // Who works: per block, the local ids that read or wrote.
    const int64_t tpb = std::max(1, s.threads_per_block);
    std::set<int64_t> active;
    for (const Access& a : s.accesses)
        if (a.thread >= 0) active.insert(a.thread);
    e.active_threads.assign(active.begin(), active.end());
    if (s.event) {
        // An event is one block's; who works in it is said above.
    } else if (s.kernel == Kernel::host || s.phase == Phase::sequential) {
        e.lines.push_back("One thread does the whole step; nothing here runs in parallel.");
    } else {
        std::map<std::vector<int64_t>, std::vector<int64_t>> blocks_by_pattern;  // local ids -> blocks
        std::map<int64_t, std::vector<int64_t>> local;
        for (int64_t g : e.active_threads) local[g / tpb].push_back(g % tpb);
        const int64_t first_block = t.sample.all() || s.depth > 0 ? 0 : t.sample.first_block;
        const int64_t blocks = t.sample.all() || s.depth > 0 ? s.blocks : std::min<int64_t>(t.sample.blocks, s.blocks - first_block);
        for (int64_t b = first_block; b < first_block + blocks; ++b) blocks_by_pattern[local[b]].push_back(b);
        for (const auto& [ids, bs] : blocks_by_pattern) {
            std::string who = blocks == 1 ? ""
                                          : (int64_t(bs.size()) == blocks ? "In each of the " + std::to_string(blocks) + " blocks: "
                                                                          : (bs.size() == 1 ? "Block " : "Blocks ") + ranges(bs) + ": ");
            const int64_t idle = tpb - int64_t(ids.size());
            std::string line = who;
            if (ids.empty())
                line += "all " + std::to_string(tpb) + " threads idle";
            else
                line += (ids.size() == 1 ? "thread " + ranges(ids) + " works (" : "threads " + ranges(ids) + " work (") +
                        std::to_string(ids.size()) + " of " + std::to_string(tpb) + ")";
            if (idle > 0) {
                std::vector<int64_t> idle_ids;
                for (int64_t i = 0, j = 0; i < tpb; ++i) {
                    if (j < int64_t(ids.size()) && ids[size_t(j)] == i)
                        ++j;
                    else
                        idle_ids.push_back(i);
                }
                if (!ids.empty())
                    line += (idle_ids.size() == 1 ? "; thread " + ranges(idle_ids) + " idles" : "; threads " + ranges(idle_ids) + " idle");
                line += " because " + idle_reason(s, stride);
            }
            if (who.empty()) line = capitalised(line);
            e.lines.push_back(line + ".");
        }
    }

    // What each working thread combines, with the values it read (a stale read says what it needed).
    const ValueArray* before = nullptr;
    const std::vector<uint8_t>* before_flags = nullptr;
    if (k > 0 && s.phase != Phase::load && s.phase != Phase::add_block_sums) {
        const Step& p = t.steps[k - 1];
        if (p.array == s.array && p.depth == s.depth && size_of(p.values) == size_of(s.values) && p.offset == s.offset) before = &p.values;
        if (before && p.flags.size() == size_of(p.values) && s.flags.size() == size_of(s.values)) before_flags = &p.flags;
    }
    // A segmented scan's operands are (flag, value) pairs, combined by ⊕.
    auto pair_at = [](const ValueArray& v, const std::vector<uint8_t>& f, int64_t i) {
        if (i < 0 || size_t(i) >= f.size()) return at(v, i);
        std::string pair = "(";
        pair += std::to_string(f[size_t(i)]);
        pair += ", ";
        pair += at(v, i);
        pair += ')';
        return pair;
    };
    const std::set<int32_t> stale(s.hazards.begin(), s.hazards.end());
    std::vector<std::string> deeds;
    const size_t most = 8;
    size_t listed = 0, total = 0;
    if (s.phase == Phase::add_block_sums) {
        // Kernel 3 per block: every thread of block b adds the same S[b − 1].
        std::map<int64_t, std::pair<std::vector<int64_t>, int32_t>> per_block;  // block -> (elements, S index)
        for (const Access& a : s.accesses) {
            auto& pb = per_block[a.thread / tpb];
            pb.first.push_back(a.dst);
            pb.second = a.src;
        }
        const ValueArray* sums = k > 0 ? &t.steps[k - 1].values : nullptr;
        for (auto& [b, pb] : per_block) {
            std::sort(pb.first.begin(), pb.first.end());
            ++total;
            if (listed++ >= most) continue;
            deeds.push_back("block " + std::to_string(b) + ": " + arr + "[" + ranges(pb.first) + "] += S[" + std::to_string(pb.second) +
                            "]" +
                            (sums && t.steps[k - 1].array == ArrayKind::s ? " = " + at(*sums, pb.second - t.steps[k - 1].offset) : ""));
        }
    } else {
        for (const Access& a : s.accesses) {
            ++total;
            if (listed++ >= most) continue;
            // The chapter numbers threads within a block (threadIdx.x).
            const std::string who = s.blocks > 1 ? "block " + std::to_string(a.thread / tpb) + ", thread " + std::to_string(a.thread % tpb)
                                                 : "thread " + std::to_string(a.thread);
            const std::string source = s.kernel == Kernel::k2 || s.depth > 0 ? "S" : "X";
            if (s.phase == Phase::load) {
                deeds.push_back(who + ": " + (a.src < 0 ? std::string("identity") : source + "[" + std::to_string(a.src) + "]") + " → " +
                                arr + "[" + std::to_string(a.dst) + "]");
                continue;
            }
            if (s.phase == Phase::block_sum_write) {
                deeds.push_back(who + ": its section's total → S[" + std::to_string(a.dst) + "] = " + at(s.values, a.dst - s.offset));
                continue;
            }
            const std::string operand_a = arr + "[" + std::to_string(a.src) + "]", operand_b = arr + "[" + std::to_string(a.dst) + "]";
            std::string d =
                who + ": " +
                (a.applies_op ? (before_flags ? operand_a + " ⊕ " + operand_b : combine_text(t.op, operand_a, operand_b)) : operand_a) +
                " → " + operand_b;
            if (before_flags && a.applies_op) {
                const int64_t src = a.src - s.offset, dst = a.dst - s.offset;
                d += ": " + pair_at(*before, *before_flags, src) + " ⊕ " + pair_at(*before, *before_flags, dst) + " = " +
                     pair_at(s.values, s.flags, dst);
            } else if (before && a.applies_op) {
                const int64_t src = a.src - s.offset, dst = a.dst - s.offset;
                const bool is_stale = stale.count(a.src) > 0;
                const std::string read = is_stale ? at(s.values, src) : at(*before, src);
                d += ": " + combine_text(t.op, read, at(*before, dst)) + " = " + at(s.values, dst);
                if (is_stale) d += " (read " + read + ", needed " + at(*before, src) + ": another warp had already overwritten it)";
            }
            deeds.push_back(d);
        }
    }
    if (!deeds.empty()) {
        std::string line = "What the working threads do:";
        for (const std::string& d : deeds) line += "\n  " + d;
        if (total > most) line += "\n  … and " + std::to_string(total - most) + " more";
        e.lines.push_back(line);
    }

    // Which results are final.
    for (size_t i = 0; i < finals.from.size(); ++i) {
        if (finals.from[i] <= k) e.final_elements.push_back(finals.first + int64_t(i));
        if (finals.from[i] == k) e.newly_final.push_back(finals.first + int64_t(i));
    }
    if (!finals.from.empty()) {
        std::string line;
        if (e.final_elements.empty())
            line = "No result element is final yet.";
        else if (e.final_elements.size() == finals.from.size())
            line =
                "Every result element is final (" + std::to_string(finals.from.size()) + " of " + std::to_string(finals.from.size()) + ").";
        else
            line = "Final now: " + std::string(e.final_elements.size() == 1 ? "element " : "elements ") + ranges(e.final_elements) + " (" +
                   std::to_string(e.final_elements.size()) + " of " + std::to_string(finals.from.size()) + "): no later step changes them.";
        if (!e.newly_final.empty() && e.final_elements.size() != e.newly_final.size())
            line += " New this step: " + ranges(e.newly_final) + ".";
        e.lines.push_back(line);
    }

    // Additions so far, against the chapter.
    for (size_t j = 0; j <= k; ++j) e.additions_so_far += t.steps[j].counts.additions;
    std::string adds = "Additions so far: " + grouped(e.additions_so_far) + " (" + grouped(s.counts.additions) + " in this step) of " +
                       grouped(t.counts.additions) + " in the run";
    if (formula) adds += "; the chapter counts " + formula->text + " = " + grouped(formula->value) + " for the whole scan";
    e.lines.push_back(adds + ".");

    if (const std::string ss = s_sentence(t, k); !ss.empty()) e.lines.push_back(ss);
    return e;
}

}  // namespace scanlab
