#include "kernel_tracer/runtime/trace_builder.hpp"

#include <algorithm>
#include <cstring>
#include <map>

#include "core/emulation/block_scan.hpp"

namespace scanlab::kernel_tracer {
namespace {

bool writes_array(const IntervalRecord& iv, bool shared, int16_t global, const std::vector<uint8_t>& fits) {
    return std::any_of(iv.accesses.begin(), iv.accesses.end(), [&](const AccessRecord& a) {
        return a.store && (shared ? a.array >= 0 && fits[size_t(a.array)] : a.array == global);
    });
}

// The shared arrays a step can show as values of T: a whole number of T's, every access one T wide
// (a long scan through an int array is shown by Y, its int array is no row of longs).
template <class T>
std::vector<uint8_t> arrays_of_t(const KernelRun& run, const KernelImage& image) {
    std::vector<uint8_t> fits(image.shared.size());
    for (size_t k = 0; k < image.shared.size(); ++k) fits[k] = image.shared[k].bytes % sizeof(T) == 0;
    for (const BlockRecord& b : run.blocks)
        for (const IntervalRecord& iv : b.intervals)
            for (const AccessRecord& a : iv.accesses)
                if (a.array >= 0 && a.size != sizeof(T)) fits[size_t(a.array)] = 0;
    return fits;
}

// Interval i of block b, or the block's last one where it ended earlier.
const IntervalRecord& interval_of(const BlockRecord& b, size_t i) { return b.intervals[std::min(i, b.intervals.size() - 1)]; }

}  // namespace

template <class T>
BuiltTrace build_steps(const KernelRun& run, const KernelImage& image, const TraceShape& shape) {
    BuiltTrace built;
    size_t intervals = 0;
    for (const BlockRecord& b : run.blocks) intervals = std::max(intervals, b.intervals.size());
    // Stores per array in the whole launch, and the global arrays the last interval writes.
    std::map<int16_t, int64_t> stores, last_stores;
    const std::vector<uint8_t> fits = arrays_of_t<T>(run, image);
    for (const BlockRecord& b : run.blocks)
        for (size_t i = 0; i < b.intervals.size(); ++i)
            for (const AccessRecord& a : b.intervals[i].accesses)
                if (a.store && (a.array < 0 || fits[size_t(a.array)])) {
                    ++stores[a.array];
                    if (i + 1 == intervals && a.array < 0) ++last_stores[a.array];
                }
    const bool has_shared = !image.shared.empty() && !stores.empty() && stores.rbegin()->first >= 0;
    // Without shared stores, the global array written most (Y where none is written).
    int16_t written = kOutputArray;
    int64_t most = stores.contains(kOutputArray) ? stores.at(kOutputArray) : 0;
    for (const auto& [array, count] : stores)
        if (array < 0 && count > most) written = array, most = count;
    const bool split_last = has_shared && last_stores.size() >= 2 && intervals >= 2;
    int16_t last_shown = 0;
    if (split_last) {
        last_shown = last_stores.begin()->first;
        for (const auto& [array, count] : last_stores)
            if (count < last_stores.at(last_shown)) last_shown = array;
    }
    auto writes = [&](size_t i) {
        for (const BlockRecord& b : run.blocks)
            if (i < b.intervals.size() && writes_array(b.intervals[i], has_shared, written, fits)) return true;
        return false;
    };
    // Group the intervals into steps: each step ends with an interval that writes.
    std::vector<std::pair<size_t, size_t>> groups;
    size_t start = 0;
    const size_t grouped = split_last ? intervals - 1 : intervals;
    for (size_t i = 0; i < grouped; ++i)
        if (writes(i)) groups.emplace_back(start, i), start = i + 1;
    if (start < grouped) {
        if (groups.empty())
            groups.emplace_back(start, grouped - 1);
        else
            groups.back().second = grouped - 1;
    }
    if (split_last) groups.emplace_back(intervals - 1, intervals - 1);
    built.step_of_interval.assign(intervals, 0);

    // The array each step shows: the shared array it wrote last; else the one before's; at first the
    // largest shared array of T's size.
    int16_t shown = has_shared ? int16_t(0) : written;
    size_t largest = 0;
    for (size_t k = 0; has_shared && k < image.shared.size(); ++k)
        if (fits[k] && image.shared[k].bytes > largest) largest = image.shared[k].bytes, shown = int16_t(k);

    const int bd = shape.block_dim;
    for (size_t g = 0; g < groups.size(); ++g) {
        const auto [first, last] = groups[g];
        for (size_t i = first; i <= last; ++i) built.step_of_interval[i] = int(g);
        if (split_last && g + 1 == groups.size()) shown = last_shown;
        for (size_t i = first; i <= last && shown >= 0; ++i)
            for (const BlockRecord& b : run.blocks)
                if (i < b.intervals.size())
                    for (const AccessRecord& a : b.intervals[i].accesses)
                        if (a.store && a.array >= 0 && fits[size_t(a.array)]) shown = a.array;
        const size_t length = shown >= 0 ? image.shared[size_t(shown)].bytes / sizeof(T) : 0;
        const int64_t per_block = shown >= 0 ? int64_t(length) : 0;

        Step s;
        s.kernel = shape.kernel;
        // A global array as long as Y is the output's (the slides scan in place on d_a); a shorter one is S.
        const auto& after = run.globals_after;
        s.array = shown >= 0                                                                                               ? ArrayKind::xy
                  : shown == kOutputArray || after[global_index(shown)].size() == after[global_index(kOutputArray)].size() ? ArrayKind::y
                                                                                                                           : ArrayKind::s;
        // The file's own name for the array shown (its shared array, Y or a cudaMalloc'd one).
        s.array_name = shown >= 0 ? image.shared[size_t(shown)].name : run.global_names.at(global_index(shown));
        s.blocks = int(shape.grid_dim);
        s.threads_per_block = bd;
        std::vector<T> values;
        if (shown >= 0) {
            values.resize(size_t(per_block) * run.blocks.size());
            const size_t at = image.shared[size_t(shown)].address - image.shared_begin;
            for (size_t b = 0; b < run.blocks.size(); ++b)
                std::memcpy(&values[b * length], interval_of(run.blocks[b], last).shared.data() + at, length * sizeof(T));
        } else {
            // Y after the step's last interval (in the last block); another global array as the launch left it.
            const std::vector<uint8_t>& out = shown == kOutputArray ? interval_of(run.blocks[size_t(run.last_block)], last).output
                                                                    : run.globals_after[global_index(shown)];
            values.resize(out.size() / sizeof(T));
            std::memcpy(values.data(), out.data(), values.size() * sizeof(T));
        }
        if (g == 0) built.section = int(per_block);

        // Each thread's accesses in the step, in the order it made them. A store to the shown array is
        // an arrow from the last element of that array the thread read other than the one it writes:
        // the partner, as the built-in traces record it (XY[t - stride] into XY[t]), whichever operand
        // the code reads first; the written element's own value, the other operand of an addition in
        // place, is drawn by the views beside it. Where the thread read no other element of the shown
        // array, the arrow starts at the last element it read (X's, for a load).
        bool all_from_input = true, any_store = false;
        std::vector<uint8_t> from_input;  // beside s.accesses: the arrow starts at X's element
        std::vector<int32_t> hazards;
        int64_t active = 0, divergent = 0, barriers = 0;
        for (size_t b = 0; b < run.blocks.size(); ++b) {
            struct Pending {
                int loads = 0;
                int16_t array = 0;
                int64_t element = -1;
                int64_t shown_last = -1, shown_before = -1;  // the last two distinct elements of the shown array read
            };
            std::vector<Pending> pending(static_cast<size_t>(bd));
            std::vector<uint8_t> busy(size_t(bd), 0);
            int64_t block_barriers = 0;
            const int64_t base = shown >= 0 ? int64_t(b) * per_block : 0;
            for (size_t i = first; i <= last && i < run.blocks[b].intervals.size(); ++i) {
                const IntervalRecord& iv = run.blocks[b].intervals[i];
                block_barriers += iv.ends_at_barrier;
                for (const AccessRecord& a : iv.accesses) {
                    busy[size_t(a.thread)] = 1;
                    Pending& p = pending[size_t(a.thread)];
                    if (!a.store) {
                        ++p.loads;
                        if (a.array == shown || a.array < 0) p.array = a.array, p.element = a.element;
                        if (a.array == shown && a.element != p.shown_last) p.shown_before = p.shown_last, p.shown_last = a.element;
                        continue;
                    }
                    if (a.array == shown) {
                        any_store = true;
                        Access acc;
                        acc.thread = int32_t(int64_t(b) * bd + a.thread);
                        acc.dst = int32_t(base + a.element);
                        acc.applies_op = p.loads >= 2;
                        const int64_t partner = p.shown_last != a.element ? p.shown_last : p.shown_before;
                        if (partner >= 0) p.array = shown, p.element = partner;
                        const bool input = p.element >= 0 && p.array < 0 && p.array != shown;
                        acc.src = input ? int32_t(p.element) : p.element >= 0 ? int32_t(base + p.element) : -1;
                        if (acc.applies_op || (p.element >= 0 && !input)) all_from_input = false;
                        s.accesses.push_back(acc);
                        from_input.push_back(input);
                    }
                    s.counts.additions += p.loads >= 2;
                    p = {};
                }
                for (const StaleRead& r : iv.stale)
                    if (r.array == shown) hazards.push_back(int32_t(base + r.element));
            }
            active += std::count(busy.begin(), busy.end(), 1);
            divergent += divergent_warps(bd, shape.warp_width, [&](int t) { return busy[size_t(t)] != 0; });
            barriers = std::max(barriers, block_barriers);
        }
        // A step whose every store copies X into the shared array is the chapter's load; elsewhere an
        // arrow from X has no cell to start from.
        const bool load = any_store && all_from_input && shown >= 0;
        if (!load)
            for (size_t k = 0; k < s.accesses.size(); ++k)
                if (from_input[k]) s.accesses[k].src = -1;
        std::stable_sort(s.accesses.begin(), s.accesses.end(),
                         [](const Access& a, const Access& b) { return a.thread != b.thread ? a.thread < b.thread : a.dst < b.dst; });
        std::sort(hazards.begin(), hazards.end());
        hazards.erase(std::unique(hazards.begin(), hazards.end()), hazards.end());
        s.phase = load ? Phase::load : Phase::interval;
        s.level = load ? 0 : int(g);
        s.hazards = std::move(hazards);
        s.counts.hazards = int64_t(s.hazards.size());
        s.counts.active_threads = active;
        s.counts.idle_threads = int64_t(bd) * int64_t(run.blocks.size()) - active;
        s.counts.barriers = barriers;
        s.counts.divergent_warps = divergent;
        s.values = std::move(values);
        built.steps.push_back(std::move(s));
    }
    return built;
}

template BuiltTrace build_steps<int32_t>(const KernelRun&, const KernelImage&, const TraceShape&);
template BuiltTrace build_steps<int64_t>(const KernelRun&, const KernelImage&, const TraceShape&);
template BuiltTrace build_steps<float>(const KernelRun&, const KernelImage&, const TraceShape&);
template BuiltTrace build_steps<double>(const KernelRun&, const KernelImage&, const TraceShape&);

}  // namespace scanlab::kernel_tracer
