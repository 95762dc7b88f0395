#include "core/lesson/explain.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>

#include "core/algorithms/table.hpp"
#include "core/lesson/barrier_notes.hpp"
#include "core/lesson/explain_events.hpp"
#include "core/lesson/index_formula.hpp"
#include "core/lesson/step_text.hpp"
#include "core/lesson/work_counts.hpp"
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

bool segmented(const Trace& t) { return algorithm_info(t.algorithm).takes_flags; }

// "sum", "maximum", "⊕": what combining a run of elements gives.
std::string combined(const Trace& t) {
    if (segmented(t)) return "⊕";
    switch (t.op) {
        case OpKind::sum: return "sum";
        case OpKind::max: return "maximum";
        case OpKind::min: return "minimum";
    }
    return "combination";
}
// "the sum of", "the ⊕ of", as a sentence names it.
std::string combination(const Trace& t) { return "the " + combined(t) + " of"; }
// "the sum of the elements", "the ⊕ of the pairs".
std::string combination_of_elements(const Trace& t) { return combination(t) + (segmented(t) ? " the pairs" : " the elements"); }

// "0, the identity", "2147483647, the identity": the run's own identity, never a written-in 0.
std::string identity(const Trace& t) { return identity_text(t.type, t.op) + ", the identity"; }

// "adds S[0] to", "combines S[0] by max into", "combines S[0] by ⊕ into": a kernel's deed with one
// operand, before what it acts on, in the run's operator's words.
std::string applies(const Trace& t, const std::string& operand) { return applies_text(t.op, segmented(t), operand); }
// "adds", "combines in": what a kernel does with S, said without its operand.
std::string adds_word(const Trace& t) { return t.op == OpKind::sum && !segmented(t) ? "adds" : "combines in"; }

// "b − 1", "b + 1", "b": a block's index moved by `offset`.
std::string moved(const std::string& var, int offset) {
    if (offset == 0) return var;
    return var + (offset < 0 ? " − " : " + ") + std::to_string(std::abs(offset));
}

// The block sums of level `level`: S (the listing's name for it), then S^1, the block sums of S when
// S is scanned in sections too, S^2 ...: the level of the steps' labels.
std::string sums_name(const Trace& t, int level) {
    return level == 0 ? std::string(algorithm_info(t.algorithm).block_sums.s) : "S^" + std::to_string(level);
}
// The array step s scans: the input, or the block sums of a level.
std::string scanned_name(const Trace& t, const Step& s) {
    if (s.kernel == Kernel::k2) return sums_name(t, s.depth);
    return s.depth > 0 ? sums_name(t, s.depth - 1) : "X";
}

// ranges(), the first `most` runs of it: a sentence stays readable where the numbers scatter
// (the naive Brent-Kung's working threads, the elements final so far).
std::string few_ranges(const std::vector<int64_t>& ascending, size_t most = 16) {
    size_t runs = 0, i = 0;
    for (; i < ascending.size() && runs < most; ++runs) {
        size_t j = i;
        while (j + 1 < ascending.size() && ascending[j + 1] == ascending[j] + 1) ++j;
        i = j + 1;
    }
    if (i >= ascending.size()) return ranges(ascending);
    return ranges({ascending.begin(), ascending.begin() + long(i)}) + ", …";
}

// A kernel's name at the start of a sentence: "Kernel 1", but the listing's "scan_cuda" as it is.
std::string opening(std::string_view kernel) {
    return kernel.find('_') != std::string_view::npos ? std::string(kernel) : capitalised(std::string(kernel));
}

// "X[3–6]", "X[4]", or "the identity" for none.
std::string inputs_text(const Trace& t, PositionRange loaded) {
    const PositionRange in = input_range(t, loaded);
    if (in.empty()) return "the identity";
    if (in.lo == in.hi) return "X[" + std::to_string(in.lo) + "]";
    return "X[" + std::to_string(in.lo) + "–" + std::to_string(in.hi) + "]";
}

// How a step of a multi-block scan's kernels reads, from the scan's row: the names of its kernels
// and of S, where kernel 1 writes the block sums and what the adding kernel adds.
std::string kernel_sentence(const Trace& t, const Step& s, const StepClaims& c) {
    const AlgorithmInfo& run = algorithm_info(t.algorithm);
    if (run.reach != Reach::multi_block) return "";
    const BlockSumsRule& r = run.block_sums;
    const std::string S(r.s), scan = opening(r.scan_kernel), block(name(t.block_algorithm));
    const std::string by = run.rules.empty() ? " with " + block : "";
    const std::string write_to = S + "[" + moved("b", r.write_offset) + "]";
    switch (s.kernel) {
        case Kernel::single: return "";
        case Kernel::k1:
            if (s.depth == 0 && s.blocks <= 1) {
                const std::string head = scan + " runs as one block: N = " + grouped(t.n) + " fits one section of " + grouped(t.section) +
                                         ", so the block scans it all" + by;
                if (c.writes_block_sums && !*c.writes_block_sums)
                    return head + "; with one section there is no " + S + " to write, and " + std::string(r.sum_scan) + " and " +
                           std::string(r.add_kernel) + " do not run.";
                return head + "; as for any N, its last thread still writes the section's total to " + S + "[" +
                       std::to_string(r.write_offset) + "]" + (r.write_offset > 0 ? " (" + S + "[0] = " + identity(t) + ")" : "") + ", " +
                       std::string(r.sum_scan) + " scans " + S + " and " + std::string(r.add_kernel) + " " +
                       applies(t, S + "[" + std::to_string(r.add_offset) + "]" +
                                      (r.add_offset == 0 && r.write_offset > 0 ? " = " + identity(t) + "," : "")) +
                       " the block.";
            }
            if (s.depth == 0)
                return scan + " runs: each of the " + counted(s.blocks, "block", "blocks") + " scans its own section of " +
                       counted(t.section, "element", "elements") + by + " in shared memory, where " + std::string(c.row->shared) +
                       "[j] of block b is element b·" + std::to_string(t.section) +
                       " + j, then its last thread writes the section's total to " + write_to + ".";
            return scan + " runs on " + sums_name(t, s.depth - 1) + ", level " + std::to_string(s.depth) + " of the recursion (S^" +
                   std::to_string(s.depth) + " in the steps' labels): its " + grouped(level_length(t, s.depth)) +
                   " section totals are more than one section of " + std::to_string(t.section) +
                   " holds, so they are scanned in sections too, and each block's last thread writes its section's total to " +
                   sums_name(t, s.depth) + "[b].";
        case Kernel::k2:
            return opening(r.sum_scan) + " runs: one block scans " + sums_name(t, s.depth) +
                   ", the array of section totals, in shared memory" + by + (r.carries ? ", with the same ⊕ operator" : "") + ".";
        case Kernel::k3:
            return opening(r.add_kernel) +
                   (s.depth > 0 ? " runs on " + sums_name(t, s.depth - 1) + ": every block b" : " runs: every block b") +
                   (r.first_adder > 0 ? " ≥ " + std::to_string(r.first_adder) : "") + " " +
                   applies(t, sums_name(t, s.depth) + "[" + moved("b", r.add_offset) + "], the scanned total of the sections before it,") +
                   " each element of its section" +
                   (r.first_adder > 0 ? "; block 0 has no section before it and leaves its section as it is."
                                      : " (" + S + "[0] = " + identity(t) + ", for block 0, so every block runs the same code).");
        case Kernel::host:
            return "The host copies " + S + " from the device, scans it in a loop, " + combine_into_text(t.op, S + "[i]", S + "[i − 1]") +
                   " while i < num_blocks = " + grouped(t.grid) +
                   (t.grid > 1 ? " (i = 1 … " + grouped(t.grid - 1) + ")" : ", which with one block runs no iteration") +
                   ", and copies it back.";
    }
    return "";
}

// "adds XY[t − stride] into XY[t]": what each working thread of a rule does, in the row's names.
std::string rule_deed(const Trace& t, const AlgorithmInfo& row, const StepRule& r) {
    const std::string sh(row.shared);
    const std::string src = sh + "[" + std::string(r.src) + "]", dst = sh + "[" + std::string(r.dst) + "]";
    if (!r.others.empty()) {
        const std::string in = sh + "[in][" + std::string(r.src) + "]", out = sh + "[out][" + std::string(r.dst) + "]";
        return "writes " + combine_text(t.op, in, sh + "[in][" + std::string(r.dst) + "]") + " to " + out;
    }
    if (segmented(t)) return "combines " + src + " into " + dst + " with ⊕";
    switch (t.op) {
        case OpKind::sum: return "adds " + src + " into " + dst;
        case OpKind::max:
        case OpKind::min: return "replaces " + dst + " by " + combine_text(t.op, src, dst);
    }
    return "";
}

// The step's rule as a sentence: its parameter, which threads combine which elements, what the
// written elements then hold, and the algorithm's own lesson at this step.
std::string rule_sentence(const Trace& t, const Step& s, const StepClaims& c) {
    const StepRule& r = *c.rule;
    const AlgorithmInfo& row = *c.row;
    std::string head = std::string(r.heading) + " " + std::to_string(s.level);
    if (!r.stride.empty() && r.parameter != "stride") {
        Bindings names{{r.parameter, s.level}, {"C", std::max(1, s.coarsening)}, {"T", c.threads_per_block}, {"SECTION_SIZE", t.section}};
        if (const std::optional<int64_t> stride = evaluate(r.stride, names); stride) head += " (stride " + std::to_string(*stride) + ")";
    }
    const bool one_thread = algorithm_info(t.algorithm).reach == Reach::one_thread;
    const std::string who = one_thread ? "the one thread" : r.when.empty() ? "every thread t" : "each thread t with " + std::string(r.when);
    std::string line = head + ": " + who + " " + rule_deed(t, row, r);
    if (!r.others.empty()) line += "; the others " + std::string(r.others);
    line += ".";
    if (!r.from.empty()) {
        const std::string sh = r.others.empty() ? std::string(row.shared) : std::string(row.shared) + "[out]";
        line += " Afterwards " + sh + "[" + std::string(r.dst) + "] holds " + combination_of_elements(t) + " " +
                (r.from == "0" ? "from the section's first" : "from " + std::string(r.from)) + " to " + std::string(r.dst) +
                " as the block loaded them" + (c.clamped ? " (from the section's first where that is below 0)" : "") + ".";
    }
    if (!r.note.empty()) line += " " + std::string(r.note);
    return line;
}

// What a step that no rule says does: the load, the block sums, the host's loop, kernel 3.
std::string plain_sentence(const Trace& t, const Step& s, const StepClaims& c) {
    const AlgorithmInfo& run = algorithm_info(t.algorithm);
    const BlockSumsRule& r = run.block_sums;
    const std::string sh(c.row->shared), S(r.s);
    const int64_t T = c.threads_per_block, section = std::max(1, t.section);
    // Thread t's elements of the section: t alone, or t, t + T, ... (a coalesced load: neighbouring
    // threads read neighbouring addresses in every round).
    const std::string elements = T >= section       ? "element t"
                                 : section == 2 * T ? "elements t and t + " + std::to_string(T)
                                                    : "elements t, t + " + std::to_string(T) + ", t + " + std::to_string(2 * T) + ", …";
    const std::string coalesced = T < section ? " (a coalesced load: in each round neighbouring threads read neighbouring addresses)" : "";
    switch (s.phase) {
        case Phase::load:
            if (run.reach == Reach::one_thread)
                return t.exclusive ? "The input is copied into " + sh + " shifted one place right (an exclusive scan): " + sh +
                                         "[0] gets the identity."
                                   : sh + " holds the input.";
            if (s.kernel == Kernel::k2 || s.depth > 0)
                return "Thread t loads " + elements + " of its section of " + scanned_name(t, s) + " into " + sh + " in shared memory" +
                       coalesced + ", the identity past its end.";
            return "Thread t loads " + elements + " of its block's section into " + sh + " in shared memory" + coalesced +
                   (t.exclusive ? ", shifted one place right (an exclusive scan): element i gets X[i − 1], element 0 the identity"
                                : ": element i gets X[i]") +
                   (t.n % std::max(1, t.section) != 0 ? ", and positions past N the identity." : ".");
        case Phase::block_sum_write:
            return "The last thread of each block, t = " + std::to_string(c.threads_per_block - 1) + ", writes " + sh + "[" +
                   std::to_string(t.section - 1) + "], its section's total, to " +
                   (s.depth > 0 ? "S^" + std::to_string(s.depth) + "[b]" : S + "[" + moved("b", r.write_offset) + "]") + ".";
        case Phase::host_scan: return "";  // the kernel sentence says it
        case Phase::add_block_sums:
            return "Thread t of block b " + applies(t, sums_name(t, s.depth) + "[" + moved("b", r.add_offset) + "]") + " " + elements +
                   " of its section of " + (s.depth > 0 ? sums_name(t, s.depth - 1) : "Y") +
                   (T >= section ? ", if it lies" : ", those that lie") + " within the array's " +
                   counted(array_length(t, s), "element", "elements") + ".";
        default: return "";
    }
}

// The segmented scan's operator, in the step's words: what "adds" means over (flag, value) pairs.
std::string segmented_sentence(const Trace& t, const Step& s) {
    if (!segmented(t)) return "";
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
            return "The operator is (f1, v1) ⊕ (f2, v2) = (f1 | f2, f2 ? v2 : v1 ⊕ v2): where the later element's flag is 1 it keeps "
                   "its own value, since a segment starts within it; the flags combine by OR.";
        case Phase::block_sum_write: return "A section's last pair has flag 1 when a segment starts in the section.";
        case Phase::add_block_sums:
            return "S[b − 1] ⊕ Y[i] leaves Y[i] as it is where its flag is 1 (a segment started in block b at or before i): the carry-in "
                   "stops at the block's first flag.";
        default: return "";
    }
}

// Why the threads a step leaves out do nothing.
std::string idle_reason(const Trace& t, const Step& s, const StepClaims& c, int64_t block) {
    const BlockSumsRule& r = algorithm_info(t.algorithm).block_sums;
    switch (s.phase) {
        case Phase::block_sum_write: return "only the last thread writes its section's total";
        case Phase::add_block_sums:
            return block < r.first_adder ? "no section comes before block " + std::to_string(block) + ", so it has nothing to " +
                                               (t.op == OpKind::sum && !segmented(t) ? "add" : "combine in")
                                         : "their elements lie past the end of the array";
        default: break;
    }
    if (c.rule && !c.rule->idle.empty()) return std::string(c.rule->idle);
    return "the step needs fewer threads than were launched";
}

// The rules' idle reasons speak of the idle threads as "they"; said of one thread, "it".
std::string of_one_thread(std::string reason) {
    static const std::pair<std::string_view, std::string_view> words[] = {
        {"they have", "it has"}, {"they would", "it would"}, {"they are", "it is"}, {"theirs", "its own"}, {"their", "its"}, {"them", "it"},
        {"they", "it"}};
    for (const auto& [many, one] : words)
        for (size_t at = reason.find(many); at != std::string::npos; at = reason.find(many, at + one.size())) {
            const bool starts = at == 0 || !std::isalpha(static_cast<unsigned char>(reason[at - 1]));
            const size_t end = at + many.size();
            const bool ends = end == reason.size() || !std::isalpha(static_cast<unsigned char>(reason[end]));
            if (starts && ends) reason.replace(at, many.size(), one);
        }
    return reason;
}

// Per group of blocks that work alike: which threads work, and why the others idle.
std::vector<std::string> who_works(const Trace& t, const Step& s, const StepClaims& c) {
    std::vector<std::string> lines;
    const int64_t T = c.threads_per_block;
    if (algorithm_info(t.algorithm).reach == Reach::one_thread || s.kernel == Kernel::host) return lines;
    std::map<int64_t, std::vector<int64_t>> local;
    for (const auto& [b, ids] : c.working) local[b] = ids;
    std::map<std::pair<std::vector<int64_t>, std::string>, std::vector<int64_t>> blocks_by_pattern;  // (ids, reason) -> blocks
    for (int64_t b : c.blocks) blocks_by_pattern[{local[b], idle_reason(t, s, c, b)}].push_back(b);
    const int64_t blocks = int64_t(c.blocks.size());
    for (const auto& [pattern, bs] : blocks_by_pattern) {
        const auto& [ids, reason] = pattern;
        std::string who = blocks == 1 && s.blocks <= 1 ? ""
                          : int64_t(bs.size()) == blocks && blocks == s.blocks
                              ? "In each of the " + std::to_string(blocks) + " blocks: "
                              : (bs.size() == 1 ? "Block " : "Blocks ") + few_ranges(bs) + ": ";
        std::string line = who;
        if (ids.empty())
            line += T == 1 ? "its one thread idles" : "all " + std::to_string(T) + " threads idle";
        else
            line += (ids.size() == 1 ? "thread " + few_ranges(ids) + " works (" : "threads " + few_ranges(ids) + " work (") +
                    std::to_string(ids.size()) + " of " + std::to_string(T) + ")";
        if (int64_t(ids.size()) < T) {
            std::vector<int64_t> idle_ids;
            for (int64_t i = 0, j = 0; i < T; ++i) {
                if (j < int64_t(ids.size()) && ids[size_t(j)] == i)
                    ++j;
                else
                    idle_ids.push_back(i);
            }
            if (!ids.empty())
                line +=
                    (idle_ids.size() == 1 ? "; thread " + few_ranges(idle_ids) + " idles" : "; threads " + few_ranges(idle_ids) + " idle");
            line += " because " + (idle_ids.size() == 1 ? of_one_thread(reason) : reason);
            if (c.rule && !c.rule->when.empty() && !ids.empty())
                line += " (" + std::string(c.rule->when) + (idle_ids.size() == 1 ? " is false for it)" : " is false for them)");
        }
        if (who.empty()) line = capitalised(line);
        lines.push_back(line + ".");
    }
    return lines;
}

// What each working thread did, from the recorded accesses, with the values it read (a stale read
// says what it needed). Positions are the block's own in shared memory, with the array's global
// element beside them where the step has more than one block.
std::string deeds(const Trace& t, const Step& s, size_t k, const StepClaims& c) {
    const std::string sh(c.row->shared);
    const bool double_buffer = c.rule && !c.rule->others.empty();
    const std::string in = double_buffer ? sh + "[in]" : sh, out = double_buffer ? sh + "[out]" : sh;
    const int64_t T = c.threads_per_block;
    const int64_t section = algorithm_info(t.algorithm).reach == Reach::one_thread ? std::max<int64_t>(1, t.n) : std::max(1, t.section);
    const bool many = s.blocks > 1;
    const std::string global = s.array == ArrayKind::s ? scanned_name(t, s) : "element";
    auto where = [&](int64_t g) { return global == "element" ? std::to_string(g) : global + "[" + std::to_string(g) + "]"; };
    const ValueArray* before = nullptr;
    const std::vector<uint8_t>* before_flags = nullptr;
    if (k > 0 && s.phase != Phase::load && s.phase != Phase::add_block_sums) {
        const Step& p = t.steps[k - 1];
        if (p.array == s.array && p.depth == s.depth && size_of(p.values) == size_of(s.values) && p.offset == s.offset) before = &p.values;
        if (before && p.flags.size() == size_of(p.values) && s.flags.size() == size_of(s.values)) before_flags = &p.flags;
    }
    auto pair_at = [](const ValueArray& v, const std::vector<uint8_t>& f, int64_t i) {
        if (i < 0 || size_t(i) >= f.size()) return value_at(v, i);
        std::string pair = "(";  // built a piece at a time: GCC 12 warns on the one-expression form
        pair += std::to_string(f[size_t(i)]);
        pair += ", ";
        pair += value_at(v, i);
        pair += ')';
        return pair;
    };
    const std::set<int32_t> stale(s.hazards.begin(), s.hazards.end());
    std::vector<std::string> lines;
    const size_t most = 8;
    size_t listed = 0, total = 0;
    const BlockSumsRule& r = algorithm_info(t.algorithm).block_sums;
    if (s.phase == Phase::add_block_sums) {
        // Per block: every thread of block b adds the same S element.
        std::map<int64_t, std::pair<std::vector<int64_t>, int32_t>> per_block;
        for (const Access& a : s.accesses) {
            auto& pb = per_block[a.thread / T];
            pb.first.push_back(a.dst);
            pb.second = a.src;
        }
        const std::string S = sums_name(t, s.depth), Y = s.depth > 0 ? sums_name(t, s.depth - 1) : "Y";
        const ValueArray* sums = k > 0 && t.steps[k - 1].array == ArrayKind::s ? &t.steps[k - 1].values : nullptr;
        for (auto& [b, pb] : per_block) {
            std::sort(pb.first.begin(), pb.first.end());
            ++total;
            if (listed++ >= most) continue;
            const std::string s_b = S + "[" + std::to_string(pb.second) + "]";
            const std::string value = sums ? " = " + value_at(*sums, pb.second - t.steps[k - 1].offset) : "";
            if (t.op == OpKind::sum && !segmented(t))
                lines.push_back("block " + std::to_string(b) + ": " + Y + "[" + ranges(pb.first) + "] += " + s_b + value);
            else  // each element of the range, by the run's operator
                lines.push_back("block " + std::to_string(b) + ": " + Y +
                                "[i] = " + (segmented(t) ? s_b + " ⊕ " + Y + "[i]" : combine_text(t.op, s_b, Y + "[i]")) + " for i in " +
                                ranges(pb.first) + (sums ? ", with " + s_b + value : ""));
        }
    } else {
        for (const Access& a : s.accesses) {
            ++total;
            if (listed++ >= most) continue;
            // The chapter numbers threads within a block (threadIdx.x), and XY within the block's section.
            const int64_t b = a.thread >= 0 ? a.thread / T : 0, base = b * section;
            const std::string who = a.thread < 0 ? "the host"
                                    : many       ? "block " + std::to_string(b) + ", thread " + std::to_string(a.thread % T)
                                                 : "thread " + std::to_string(a.thread);
            if (s.phase == Phase::load) {
                const std::string from = scanned_name(t, s);
                lines.push_back(who + ": " + (a.src < 0 ? std::string("identity") : from + "[" + std::to_string(a.src) + "]") + " → " + sh +
                                "[" + std::to_string(a.dst - base) + "]");
                continue;
            }
            if (s.phase == Phase::block_sum_write) {
                const std::string S = sums_name(t, s.depth);
                lines.push_back(who + ": " + sh + "[" + std::to_string(a.src - base) + "] → " + S + "[" + std::to_string(a.dst) +
                                "] = " + value_at(s.values, a.dst - s.offset));
                continue;
            }
            const bool host = a.thread < 0;
            const std::string arr = host ? std::string(r.s) : "", A = host ? arr : in, B = host ? arr : out;
            const int64_t shift = host ? 0 : base;
            const std::string operand_a = A + "[" + std::to_string(a.src - shift) + "]";
            const std::string operand_b = A + "[" + std::to_string(a.dst - shift) + "]",
                              target = B + "[" + std::to_string(a.dst - shift) + "]";
            std::string d =
                who + ": " +
                (a.applies_op ? (before_flags ? operand_a + " ⊕ " + operand_b : combine_text(t.op, operand_a, operand_b)) : operand_a) +
                " → " + target;
            if (many && !host) d += a.applies_op ? " (" + where(a.src) + ", " + where(a.dst) + ")" : " (" + where(a.dst) + ")";
            if (before_flags && a.applies_op) {
                const int64_t src = a.src - s.offset, dst = a.dst - s.offset;
                d += ": " + pair_at(*before, *before_flags, src) + " ⊕ " + pair_at(*before, *before_flags, dst) + " = " +
                     pair_at(s.values, s.flags, dst);
            } else if (before && a.applies_op) {
                const int64_t src = a.src - s.offset, dst = a.dst - s.offset;
                const bool is_stale = stale.count(a.src) > 0;
                const std::string read = is_stale ? value_at(s.values, src) : value_at(*before, src);
                d += ": " + combine_text(t.op, read, value_at(*before, dst)) + " = " + value_at(s.values, dst);
                if (is_stale) d += " (read " + read + ", needed " + value_at(*before, src) + ": another warp had already overwritten it)";
            }
            lines.push_back(d);
        }
    }
    if (lines.empty()) return "";
    std::string line = "What the working threads do:";
    for (const std::string& d : lines) line += "\n  " + d;
    if (total > most) line += "\n  … and " + std::to_string(total - most) + " more";
    return line;
}

// What S holds, from the claim: its values, what each element combines, and what it is for.
std::string sums_sentence(const Trace& t, const Step& s, const StepClaims& c) {
    const AlgorithmInfo& run = algorithm_info(t.algorithm);
    if (run.reach != Reach::multi_block) return "";
    const BlockSumsRule& r = run.block_sums;
    if (!c.sums) {
        if (s.kernel == Kernel::k2 && s.phase != Phase::load) return "S holds partial results, part of the way through the scan of S.";
        return "";
    }
    const StepClaims::Sums& sums = *c.sums;
    const Step& q = t.steps[sums.step];
    const std::string S = sums_name(t, sums.level);
    std::string shown = row_text(q.values);
    if (q.flags.size() == size_of(q.values)) {  // (flag, value) pairs
        shown.clear();
        for (size_t i = 0; i < q.flags.size() && i < 16; ++i)
            shown += (i ? " (" : "(") + std::to_string(q.flags[i]) + ", " + format_value(q.values, i) + ")";
        if (q.flags.size() > 16) shown += " … (" + std::to_string(q.flags.size() - 16) + " more)";
    }
    std::string line = S + " holds " + shown + ": ";
    const bool written = sums.state == StepClaims::SState::written;
    if (r.carries) {
        line += written ? S + "[b] is section b's last pair, its flag 1 where a segment starts in the section and its value the section's "
                              "elements combined from its last flag on (from its first where it has none)"
                        : S + "[b] is the carry out of sections 0 to b, the pair of every element up to the section's end combined by ⊕: "
                              "its value restarts at the last flag at or before it";
    } else if (written) {
        line += S + "[" + moved("b", sums.level > 0 ? 0 : r.write_offset) + "] is " + combination(t) + " section b" +
                (sums.level > 0 ? " of " + sums_name(t, sums.level - 1) : " as " + std::string(r.scan_kernel) + " loaded it") +
                (sums.level == 0 && r.write_offset > 0 ? ", and " + S + "[0] = " + identity(t) : "");
    } else if (r.write_offset > 0) {
        line += S + "[b] is " + combination(t) + " sections 0 to b − 1, what " + std::string(r.add_kernel) + " " + adds_word(t) +
                " to block b (" + S + "[0] = " + identity(t) + ", for block 0)";
    } else {
        line += S + "[b] is " + combination(t) + " sections 0 to b" + (sums.level > 0 ? " of " + sums_name(t, sums.level - 1) : "") +
                ", what block b + 1" + (sums.level > 0 ? " of " + sums_name(t, sums.level - 1) : "") + " " + adds_word(t) + " in " +
                std::string(r.add_kernel);
    }
    if (sums.level == 0 && t.exclusive) line += " (an exclusive scan loads each section shifted one place right)";
    // What the first few elements combine, as input elements.
    std::string each;
    for (size_t i = 0; i < sums.from.size() && i < 3; ++i)
        each += (i ? ", " : "") + S + "[" + std::to_string(i) +
                "] = " + (sums.from[i].empty() ? std::string("the identity") : combined(t) + " of " + inputs_text(t, sums.from[i]));
    if (!each.empty()) line += ": " + each + (sums.from.size() > 3 ? ", and so on" : "");
    if (!written && r.write_offset > 0 && int64_t(sums.from.size()) > t.grid)
        line += "; the host loop stops before " + S + "[" + std::to_string(t.grid) + "], the last section's total, which no block needs";
    return line + ".";
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

namespace {
std::string step_title(const Trace& t, size_t k) {
    return "#" + std::to_string(k) + "  " + step_label(t.steps[k]) + "  (step " + std::to_string(k + 1) + " of " +
           std::to_string(t.steps.size()) + ")";
}
}  // namespace

Explanation explain_kernel_step(const Trace& t, size_t k, const std::vector<StepFinding>* findings) {
    Explanation e;
    if (k >= t.steps.size()) return e;
    e.title = step_title(t, k);
    for (size_t j = 0; j <= k; ++j) e.additions_so_far += t.steps[j].counts.additions;
    e.lines = kernel_step_lines(t, k, e.additions_so_far, findings);
    return e;
}

Explanation explain_step(const Trace& t, const FinalSteps& finals, size_t k, const std::optional<Formula>& formula,
                         const std::vector<StepFinding>* findings) {
    // The chapter's rules describe the built-in kernels' index math, not a student's code.
    if (!t.kernel.empty()) return explain_kernel_step(t, k, findings);
    Explanation e;
    if (k >= t.steps.size()) return e;
    const Step& s = t.steps[k];
    e.title = step_title(t, k);
    e.claims = step_claims(t, k);
    const StepClaims& c = e.claims;

    if (const std::string ks = kernel_sentence(t, s, c); !ks.empty()) e.lines.push_back(ks);
    if (s.event) {
        for (std::string& line : event_lines(t, s)) e.lines.push_back(std::move(line));
    } else if (c.rule) {
        e.lines.push_back(rule_sentence(t, s, c));
    } else if (const std::string p = plain_sentence(t, s, c); !p.empty()) {
        e.lines.push_back(p);
    }
    if (const std::string ss = segmented_sentence(t, s); !ss.empty()) e.lines.push_back(ss);
    if (const std::string note = unreached_barrier_note(t, s); !note.empty()) e.lines.push_back("Barrier: " + note + ".");

    // Who works: the threads the claims name (an event's are said by the event's own lines).
    if (s.event) {
        std::set<int64_t> active;
        for (const Access& a : s.accesses)
            if (a.thread >= 0) active.insert(a.thread);
        e.active_threads.assign(active.begin(), active.end());
    } else {
        for (const auto& [b, ids] : c.working)
            for (int64_t id : ids) e.active_threads.push_back(b * c.threads_per_block + id);
        for (std::string& line : who_works(t, s, c)) e.lines.push_back(std::move(line));
    }
    if (const std::string d = deeds(t, s, k, c); !d.empty()) e.lines.push_back(d);

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
            line = "Already final: " + std::string(e.final_elements.size() == 1 ? "element " : "elements ") + few_ranges(e.final_elements) +
                   " (" + std::to_string(e.final_elements.size()) + " of " + std::to_string(finals.from.size()) +
                   "): no later step changes them.";
        if (!e.newly_final.empty() && e.final_elements.size() != e.newly_final.size())
            line += " New this step: " + few_ranges(e.newly_final) + ".";
        e.lines.push_back(line);
    }

    // Additions so far, against the chapter.
    for (size_t j = 0; j <= k; ++j) e.additions_so_far += t.steps[j].counts.additions;
    // Counted as the chapter counts additions (docs/operation-counts.md), named for the run's operator.
    const std::string counted_as = segmented(t)          ? "⊕ operations"
                                   : t.op == OpKind::sum ? "Additions"
                                                         : std::string(name(t.op)) + " operations";
    std::string adds = counted_as + " so far: " + grouped(e.additions_so_far) + " (" + grouped(s.counts.additions) + " in this step) of " +
                       grouped(t.counts.additions) + " in the run";
    if (formula) adds += "; " + formula_sentence(t, *formula);
    e.lines.push_back(adds + ".");

    if (const std::string ss = sums_sentence(t, s, c); !ss.empty()) e.lines.push_back(ss);
    return e;
}

}  // namespace scanlab
