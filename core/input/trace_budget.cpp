#include "core/input/trace_budget.hpp"

#include <algorithm>
#include <utility>

#include "core/algorithms/add_block_sums.hpp"
#include "core/algorithms/scan_plans.hpp"
#include "core/algorithms/table.hpp"
#include "core/input/wording.hpp"
#include "core/number_text.hpp"
#include "core/trace.hpp"
#include "core/values.hpp"

namespace scanlab {
namespace {

// Device bytes per recorded element and step: the snapshot value, an access slot (four int32),
// a hazard mark.
uint64_t device_bytes_per_element(ElementType type) { return element_bytes(type) + 16 + 1; }
constexpr uint64_t kCounterBytes = 6 * sizeof(unsigned long long);

// a * b, or the largest uint64_t where the product would not fit: a single-pass scan of 2^28
// elements in sections of one comes near 2^64 bytes, and an estimate must never wrap to a small one.
uint64_t times_saturated(uint64_t a, uint64_t b) {
    if (a != 0 && b > UINT64_MAX / a) return UINT64_MAX;
    return a * b;
}
uint64_t plus_saturated(uint64_t a, uint64_t b) { return b > UINT64_MAX - a ? UINT64_MAX : a + b; }

// An executor of the scan plans that only adds up what the Recorder would keep.
class SizingExecutor {
public:
    struct Buffer {
        int64_t size = 0;
    };

    SizingExecutor(ElementType type, bool flagged) : type_(type), flagged_(flagged) {}

    Buffer make_buffer(int64_t size) const { return {size}; }

    template <class Algo>
    Buffer block_scan(const Buffer&, int64_t n, const BlockSetup& setup, Buffer* S, int) {
        const int section = setup.section;
        const SectionLayout layout = setup.layout();
        const int threads = Algo::threads(layout);
        const int64_t grid = (n + section - 1) / section;
        const KeptBlocks kept = kept_blocks(setup, grid);
        const uint64_t values = uint64_t(kept.count) * uint64_t(section);
        keep(values, values);  // load: one access per element
        const int steps = Algo::steps(layout);
        for (int k = 0; k < steps; ++k) {
            int64_t active = 0;
            for (int t = 0; t < threads; ++t) active += Algo::work(k, t, layout).active;
            keep(values, uint64_t(active) * uint64_t(kept.count));
        }
        if (S) keep(uint64_t(S->size), uint64_t(kept.count));
        launch(uint64_t(steps + 1 + (S ? 1 : 0)), values);
        return {n};
    }

    void add_block_sums(Buffer&, int64_t n, const Buffer&, int first_block, int, const BlockSetup& setup) {
        const AddBlockSums add{n, setup.section, setup.threads, first_block, 0};
        const KeptBlocks kept = kept_blocks(setup, add.grid());
        const uint64_t values = uint64_t(std::min(n, (kept.first + kept.count) * setup.section) - kept.first * setup.section);
        keep(values, values);
        launch(1, uint64_t(kept.count) * uint64_t(setup.section));
    }

    void host_scan(Buffer& s, int64_t count) { keep(uint64_t(s.size), uint64_t(std::max<int64_t>(0, count - 1))); }

    void empty_load(Kernel, int) { keep(0, 0); }

    Buffer sequential(const Buffer&, int64_t n, bool) {
        keep(uint64_t(n), uint64_t(n));
        if (n > 1) keep(uint64_t(n), 1, n - 1);  // one step per element after the first
        launch(1, 3 * uint64_t(n));  // the loaded array, the written values, and the accesses
        return {n};
    }

    TraceEstimate estimate;

private:
    void keep(uint64_t values, uint64_t accesses, int64_t times = 1) {
        const uint64_t bytes = times_saturated(uint64_t(times), step_bytes(values, accesses, 0, type_) + (flagged_ ? values : 0));
        estimate.trace_bytes = plus_saturated(estimate.trace_bytes, bytes);
        estimate.steps += times;
    }
    void launch(uint64_t steps, uint64_t elements_per_step) {
        const uint64_t bytes =
            times_saturated(steps, kCounterBytes + elements_per_step * (device_bytes_per_element(type_) + (flagged_ ? 8 : 0)));
        estimate.largest_launch_bytes = std::max(estimate.largest_launch_bytes, bytes);
    }
    ElementType type_;
    bool flagged_;  // a segmented scan: a flag beside each value (a padded pair on the device)
};

std::string mib(uint64_t bytes) { return std::to_string(bytes / (uint64_t(1) << 20) + (bytes % (uint64_t(1) << 20) != 0)) + " MiB"; }

}  // namespace

uint64_t step_bytes(uint64_t values, uint64_t accesses, uint64_t hazards, ElementType type) {
    return sizeof(Step) + values * element_bytes(type) + accesses * sizeof(Access) + hazards * sizeof(int32_t);
}

TraceEstimate estimate_trace(const ResolvedRequest& r) {
    if (algorithm_info(r.request.algorithm).reach == Reach::single_pass) {
        // The row's events a block (the domino scan's four; the look-back's blocks publish twice and
        // take at least one look-back event: six; a deadlock stops sooner). Each keeps the whole array and a snapshot of
        // every block and tile.
        TraceEstimate e;
        const uint64_t grid = uint64_t(r.grid), bytes = element_bytes(r.request.type);
        e.steps = int64_t(algorithm_info(r.request.algorithm).events_per_tile) * int64_t(grid);
        const uint64_t snapshot = grid * (sizeof(BlockState) + 4 * sizeof(int32_t) + sizeof(int64_t)) + (grid + 1) * (1 + 3 * bytes);
        e.trace_bytes = times_saturated(uint64_t(e.steps), step_bytes(uint64_t(r.n), 0, 0, r.request.type) + snapshot);
        e.largest_launch_bytes = uint64_t(e.steps) * 40 + (grid + 1) * (8 + bytes);  // the device's event log, flags and scan_value
        return e;
    }
    const bool flagged = algorithm_info(r.request.algorithm).takes_flags;
    SizingExecutor ex(r.request.type, flagged);
    if (flagged)
        run_segmented(ex, r, SizingExecutor::Buffer{r.n});
    else
        run_scan(ex, r, SizingExecutor::Buffer{r.n});
    return ex.estimate;
}

std::string trace_budget_problem(const ResolvedRequest& r, const TraceEstimate& e) {
    if (r.request.detail != Detail::full || e.trace_bytes <= uint64_t(r.request.max_trace_bytes)) return "";
    return "the full trace of " + std::string(name(r.request.algorithm)) + " on N = " + std::to_string(r.n) + " would need about " +
           mib(e.trace_bytes) + " (" + std::to_string(e.steps) + " steps), more than the " + mib(r.request.max_trace_bytes) + " allowed; " +
           trace_too_large_advice(r.voice);
}

void require_within_budget(const ResolvedRequest& r, const TraceEstimate& e) {
    if (std::string problem = trace_budget_problem(r, e); !problem.empty()) throw TraceOverBudget(std::move(problem));
}

EmulationCost emulation_cost(const ResolvedRequest& r) {
    EmulationCost c;
    if (algorithm_info(r.request.algorithm).reach != Reach::single_pass || r.request.block_schedule.kind == BlockSchedule::Kind::replay)
        return c;
    c.tiles = r.grid;
    c.resident = std::min<int64_t>(std::max(r.request.resident_blocks, 1), std::max<int64_t>(c.tiles, 1));
    // No overflow: at most 2^28 tiles, and resident <= tiles.
    c.turns = c.tiles * c.resident + 6 * c.tiles;
    return c;
}

std::string emulation_cost_problem(const ResolvedRequest& r, int64_t limit) {
    const EmulationCost c = emulation_cost(r);
    if (c.turns <= limit) return "";
    return "emulating " + std::string(name(r.request.algorithm)) + " on N = " + grouped(r.n) + " in " + grouped(c.tiles) + " tiles with " +
           grouped(c.resident) + " resident blocks could take up to " + grouped(c.turns) +
           " block turns (a waiting block polls once for every other resident block's turn: tiles x resident blocks), more than the " +
           grouped(limit) + " Scan Lab emulates; give fewer resident blocks (" + control_name(r.voice, Control::resident_blocks) +
           "), a larger section (" + control_name(r.voice, Control::section) + ") or a smaller N";
}

std::string trace_too_large_advice(Voice voice) {
    if (voice == Voice::app) return "choose a smaller N, or trace one block of a large N in the Live run tab's sampled trace";
    return "trace a smaller N, use `scanlab scan` for the result and counts only, or raise --max-trace-mb";
}

}  // namespace scanlab
