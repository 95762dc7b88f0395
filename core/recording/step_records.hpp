#pragma once
// What every backend writes into a Step besides what it measures: the step's identity (kernel,
// phase, level, array, launch shape), its barriers, and its accesses. The accesses are the
// algorithm definition's index math, so they are derived here once for both backends; the values,
// the counters and the hazards are what each backend records from its own run.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/algorithms/add_block_sums.hpp"
#include "core/algorithms/block_step.hpp"
#include "core/algorithms/load.hpp"
#include "core/flagged.hpp"
#include "core/trace.hpp"

namespace scanlab {

// Where a step runs: which kernel of which level, over what array, with what launch.
struct StepPlace {
    Kernel kernel = Kernel::single;
    int depth = 0;
    ArrayKind array = ArrayKind::xy;
    int64_t blocks = 1;
    int threads_per_block = 1;
    int coarsening = 0;  // the block's C, for a three-phase block's steps
};

inline Step make_step(const StepPlace& p, Phase phase, int level) {
    Step s;
    s.kernel = p.kernel;
    s.phase = phase;
    s.level = level;
    s.depth = p.depth;
    s.array = p.array;
    s.blocks = int(p.blocks);
    s.threads_per_block = p.threads_per_block;
    s.coarsening = p.coarsening;
    return s;
}

// The one step of a scan of no elements: a load of nothing by no block.
inline Step empty_load_step(Kernel kernel, int threads) { return make_step({kernel, 0, ArrayKind::xy, 0, threads}, Phase::load, 0); }

// A step's array after it: the values, and for a segmented scan the flags beside them.
template <class T>
void set_values(Step& s, std::vector<T> v) {
    if constexpr (is_flagged_v<T>) {
        std::vector<typename FlaggedTraits<T>::Value> values(v.size());
        std::vector<uint8_t> flags(v.size());
        for (size_t i = 0; i < v.size(); ++i) values[i] = v[i].value, flags[i] = v[i].flag;
        s.values = std::move(values);
        s.flags = std::move(flags);
    } else {
        s.values = std::move(v);
    }
}

// Thread t of block b loads section positions t, t + threads, ... (two per thread for Brent-Kung),
// for the kept blocks [first, first + blocks), each from where load_element takes its value in X.
template <class T>
std::vector<Access> load_accesses(const T* X, int64_t first, int64_t blocks, int section, int threads, int64_t n, bool exclusive) {
    std::vector<Access> acc;
    acc.reserve(size_t(blocks) * section);
    for (int64_t b = first; b < first + blocks; ++b)
        for (int t = 0; t < threads; ++t)
            for (int j = t; j < section; j += threads) {
                const int64_t g = b * section + j;
                acc.push_back({int32_t(b * threads + t), int32_t(loaded_source(X, g, n, exclusive)), int32_t(g), false});
            }
    return acc;
}

// Tree step k of an in-block algorithm, the kept blocks [first, first + blocks): ordered by thread.
template <class Algo>
std::vector<Access> tree_step_accesses(int k, int64_t first, int64_t blocks, const SectionLayout& section) {
    const int threads = Algo::threads(section);
    std::vector<Access> acc;
    for (int64_t b = first; b < first + blocks; ++b)
        for (int t = 0; t < threads; ++t) {
            const Work w = Algo::work(k, t, section);
            if (w.active)
                acc.push_back(
                    {int32_t(b * threads + t), int32_t(b * section.size + w.src), int32_t(b * section.size + w.dst), w.applies_op});
        }
    return acc;
}

// Barriers one block passes in tree step k: the end-of-step barrier, plus the temporary's (in the
// book's loop, the barrier that opens the stride); where the definition says them step by step
// (three-phase), those.
template <class Algo>
constexpr int tree_step_barriers(int k, const SectionLayout& l) {
    const StepBarriers b = step_barriers<Algo>(k, l);
    return b.between + b.after;
}
template <class Algo>
constexpr int tree_step_barriers() {
    static_assert(!kBarriersByStep<Algo>, "an algorithm that says its barriers step by step is asked step by step");
    return Algo::barrier_between ? 2 : 1;
}

// Whether the algorithm is a loop as the book prints it, its barrier inside a loop whose trip
// count depends on the thread (kogge_stone_racy.hpp), rather than steps that each end in a
// barrier every thread reaches.
template <class Algo>
constexpr bool runs_book_loop() {
    if constexpr (requires { Algo::book_loop; })
        return Algo::book_loop;
    else
        return false;
}

// Barriers one block passes in the load step: the one after the load (and, for three-phase at
// C = 1, the one that opens phase 2's first step); none in the book's loop, where the first
// stride's barrier follows the load.
template <class Algo>
constexpr int load_barriers(const SectionLayout& l) {
    return runs_book_loop<Algo>() ? 0 : step_barriers<Algo>(-1, l).after;
}

// The last thread of each kept block [first, first + blocks) writes its section's total to
// S[b + offset].
inline std::vector<Access> block_sum_accesses(int64_t first, int64_t blocks, int section, int threads, int offset) {
    std::vector<Access> acc;
    for (int64_t b = first; b < first + blocks; ++b)
        acc.push_back({int32_t(b * threads + threads - 1), int32_t(b * section + section - 1), int32_t(b + offset), false});
    return acc;
}

// Kernel 3 / add_cuda: thread t of block b adds S[b + offset] to positions t, t + threads, ...,
// for the kept blocks [first, first + blocks).
inline std::vector<Access> add_accesses(const AddBlockSums& add, int64_t first, int64_t blocks) {
    std::vector<Access> acc;
    for (int64_t b = std::max<int64_t>(first, add.first_block); b < first + blocks; ++b)
        for (int t = 0; t < add.threads; ++t)
            for (int j = t; j < add.section; j += add.threads)
                if (add.adds(b, j))
                    acc.push_back({int32_t(b * add.threads + t), int32_t(add.s_index(b)), int32_t(b * add.section + j), true});
    return acc;
}

// The slides' host loop: s[i] = s[i-1] + s[i] for i = 1 .. blocks-1.
inline std::vector<Access> host_scan_accesses(int64_t blocks) {
    std::vector<Access> acc;
    for (int64_t i = 1; i < blocks; ++i) acc.push_back({-1, int32_t(i - 1), int32_t(i), true});
    return acc;
}

// The sequential loop's step i: XY[i] = XY[i-1] op XY[i].
inline std::vector<Access> sequential_accesses(int64_t i) { return {{0, int32_t(i - 1), int32_t(i), true}}; }

}  // namespace scanlab
