#include "core/lesson/verdict.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/algorithms/table.hpp"
#include "core/dispatch.hpp"
#include "core/number_text.hpp"
#include "core/operators.hpp"

namespace scanlab {
namespace {

template <class T>
bool same_bits(const T& a, const T& b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T, class Op>
void judge_as(const Trace& t, const std::vector<T>& x, const std::vector<T>& y, Verdict& v) {
    const Op op;
    const int64_t n = int64_t(std::min(x.size(), y.size()));
    const int64_t last = std::min<int64_t>(n, v.first + int64_t(size_of(v.expected)));
    auto& expected = std::get<std::vector<T>>(v.expected);
    // Floats are summed in long double with the sum of magnitudes beside, which bounds what any
    // summation order may round away: (additions on the longest path) * eps * sum |x|.
    constexpr bool float_sum = std::is_floating_point_v<T> && std::is_same_v<Op, SumOp<T>>;
    // A single-pass scan carries the prefix from tile to tile: one addition per block on its path.
    const Reach reach = algorithm_info(t.algorithm).reach;
    const double path = reach == Reach::one_thread    ? double(n)
                        : reach == Reach::single_pass ? double(ceil_log2(std::max(t.section, 2)) + t.grid + 2)
                                                      : 2.0 * ceil_log2(std::max<int64_t>(n, 2)) + 4;
    using Wide = std::conditional_t<std::is_floating_point_v<T>, long double, T>;
    Wide acc = Wide(Op::identity());
    long double magnitude = 0;
    // A segmented scan starts over at every head flag, from the identity.
    const bool segmented = t.flags.size() == size_t(n) && algorithm_info(t.algorithm).takes_flags;
    for (int64_t i = 0; i < n; ++i) {
        if (segmented && t.flags[size_t(i)]) acc = Wide(Op::identity()), magnitude = 0;
        Wide before = acc;
        if constexpr (std::is_floating_point_v<T>) {
            if constexpr (float_sum)
                acc += x[size_t(i)], magnitude += std::fabs((long double)x[size_t(i)]);
            else
                acc = Wide(op(T(acc), x[size_t(i)]));
        } else {
            acc = op(acc, x[size_t(i)]);
        }
        const T want = T(t.exclusive ? before : acc);
        const long double mag = t.exclusive ? magnitude - std::fabs((long double)x[size_t(i)]) : magnitude;
        bool differs;
        if constexpr (float_sum) {
            const long double bound = path * std::numeric_limits<T>::epsilon() * mag;
            const long double got = y[size_t(i)];
            differs = !(std::fabs(got - (long double)(t.exclusive ? before : acc)) <= bound);
        } else {
            differs = !same_bits(want, y[size_t(i)]);
        }
        if (i >= v.first && i < last) expected[size_t(i - v.first)] = want;
        if (differs) v.wrong.push_back(i);
    }
}

template <class T>
void judge_typed(const Trace& t, Verdict& v) {
    const auto& x = std::get<std::vector<T>>(t.input);
    const auto& y = std::get<std::vector<T>>(t.result);
    with_op(t.op, [&]<template <class> class Op>(OpTag<Op>) { judge_as<T, Op<T>>(t, x, y, v); });
}

template <class T>
T apply(OpKind op, T earlier, T later) {
    return with_op(op, [&]<template <class> class Op>(OpTag<Op>) { return Op<T>()(earlier, later); });
}

}  // namespace

Verdict judge(const Trace& t) {
    Verdict v;
    v.n = t.n;
    // The lesson's race is the built-in racy kernel's; a student's kernel launched like it has its own
    // code, whose stale reads its trace counts and its findings name.
    v.racy = algorithm_info(t.algorithm).racy && t.kernel.empty();
    v.schedule = t.schedule;
    v.hazards = t.counts.hazards;
    v.deadlock = t.deadlock;
    const int64_t n = int64_t(size_of(t.result));
    if (!t.sample.all() && t.section > 0) {
        v.first = std::clamp<int64_t>(t.sample.first_block * t.section, 0, n);
        const int64_t to = std::clamp<int64_t>((t.sample.first_block + t.sample.blocks) * t.section, v.first, n);
        v.expected = empty_values(t.type);
        std::visit([&](auto& e) { e.resize(size_t(to - v.first)); }, v.expected);
    } else {
        v.expected = empty_values(t.type);
        std::visit([&](auto& e) { e.resize(size_t(n)); }, v.expected);
    }
    if (t.input.index() != t.result.index() || size_of(t.input) != size_of(t.result)) return v;
    with_type(t.type, [&]<class T>(TypeTag<T>) { judge_typed<T>(t, v); });
    if (v.racy && t.detail == Detail::full)
        for (size_t k = 0; k < t.steps.size(); ++k) v.possible_hazards += int64_t(possible_hazards(t, k).size());
    return v;
}

std::string Verdict::headline() const {
    if (deadlocked())
        return "DEADLOCK: the blocks stopped before the scan was done; " + std::to_string(wrong.size()) + " of " + std::to_string(n) +
               " results are not the scan";
    if (!correct()) return "WRONG: " + std::to_string(wrong.size()) + " of " + std::to_string(n) + " results differ from the correct scan";
    if (racy && possible_hazards == 0)
        return "no schedule can show the race here: every thread that writes an element another reads is in the reader's warp; "
               "the kernel is still wrong; try a smaller warp width or more elements";
    if (racy) {
        const bool reverse = schedule.rfind("reverse", 0) == 0, random = schedule.rfind("random", 0) == 0;
        return "this schedule hid the race: the kernel is still wrong; try " + std::string(reverse  ? "in-order or random"
                                                                                           : random ? "in-order or another seed"
                                                                                                    : "reverse or random");
    }
    return "";
}

std::string Verdict::detail() const {
    if (deadlocked()) return deadlock;
    if (!racy) return correct() ? "" : "the kernel computed a result that is not the scan of its input";
    // The book's loop has a barrier, one per stride at its top: it orders the strides, never one
    // warp's read of XY[t-stride] against another warp's write of that element within a stride.
    if (possible_hazards == 0)
        return "the loop's one __syncthreads() per stride orders the strides, not the reads and writes within one; with more than "
               "one warp a read of XY[t-stride] can come after another warp's write (compute-sanitizer's racecheck flags this "
               "kernel on a GPU)";
    std::string s = "the race: " + counted(possible_hazards, "read", "reads") + " of XY[t-stride]" +
                    (possible_hazards == 1 ? " falls" : " fall") +
                    " in the same stride as another warp's write of that element, and the loop's one "
                    "__syncthreads() per stride does not order them";
    if (hazards > 0)
        s += "; this schedule made " + std::to_string(hazards) + " of them stale";
    else
        s += "; this schedule ran each writer after its reader";
    return s + " (compute-sanitizer's racecheck flags this kernel on a GPU)";
}

std::vector<ValueArray> race_free_steps(const Trace& t) {
    std::vector<ValueArray> out;
    // A student's kernel's arrow names one element its thread read besides its own (the partner), not
    // what the thread computed from what it read: no race-free row follows from it.
    if (!algorithm_info(t.algorithm).one_section() || t.detail != Detail::full || !t.kernel.empty()) return out;
    out.reserve(t.steps.size());
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const Step& s = t.steps[k];
        const ValueArray& before = k == 0 || s.phase == Phase::load ? t.input : out.back();
        ValueArray after = k == 0 || s.phase == Phase::load ? s.values : out.back();
        std::visit(
            [&](auto& a) {
                using V = std::decay_t<decltype(a)>;
                const V& b = std::get<V>(before);
                for (const Access& x : s.accesses) {
                    if (x.dst < 0 || size_t(x.dst) >= a.size()) continue;
                    if (x.src < 0) continue;  // a load of the identity: the recorded value is right
                    if (size_t(x.src) >= b.size()) continue;
                    a[size_t(x.dst)] = x.applies_op ? apply(t.op, b[size_t(x.src)], b[size_t(x.dst)]) : b[size_t(x.src)];
                }
            },
            after);
        out.push_back(std::move(after));
    }
    return out;
}

std::vector<int32_t> possible_hazards(const Trace& t, size_t k) {
    std::vector<int32_t> out;
    if (!algorithm_info(t.algorithm).racy || !t.kernel.empty() || k >= t.steps.size()) return out;
    const Step& s = t.steps[k];
    if (s.phase == Phase::load) return out;
    const int w = std::max(1, t.warp_width);
    const int tpb = std::max(1, s.threads_per_block);
    std::vector<int32_t> writer(size_of(s.values) + size_t(std::max<int64_t>(0, s.offset)), -1);
    for (const Access& a : s.accesses)
        if (a.dst >= 0 && size_t(a.dst) < writer.size()) writer[size_t(a.dst)] = a.thread;
    for (const Access& a : s.accesses) {
        if (a.src == a.dst || a.src < 0 || size_t(a.src) >= writer.size()) continue;
        const int32_t other = writer[size_t(a.src)];
        if (other < 0 || other == a.thread || other / tpb != a.thread / tpb) continue;
        if ((other % tpb) / w != (a.thread % tpb) / w) out.push_back(a.src);  // lanes of one warp load before they store
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<uint8_t> wrong_cells(const Trace& t, const std::vector<ValueArray>& race_free, size_t k) {
    std::vector<uint8_t> out;
    if (k >= race_free.size() || k >= t.steps.size()) return out;
    const ValueArray& got = t.steps[k].values;
    const ValueArray& want = race_free[k];
    out.assign(size_of(got), 0);
    std::visit(
        [&](const auto& g) {
            using V = std::decay_t<decltype(g)>;
            const V& e = std::get<V>(want);
            for (size_t i = 0; i < g.size() && i < e.size(); ++i) out[i] = !same_bits(g[i], e[i]);
        },
        got);
    return out;
}

}  // namespace scanlab
