#include "kernels/gpu_backend.hpp"

#include "core/algorithms/registry.hpp"
#include "core/algorithms/table.hpp"
#include "core/dispatch.hpp"
#include "core/emulation/emulate.hpp"
#include "core/error.hpp"
#include "core/input/trace_budget.hpp"
#include "kernels/chapter/domino_gpu.hpp"
#include "kernels/chapter/gpu_scan.hpp"
#include "kernels/chapter/lookback_gpu.hpp"
#include "kernels/device_info.hpp"
#include "kernels/gpu_error.hpp"

namespace scanlab::gpu {
namespace {

std::string mib(size_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

// Refuses, before anything is launched, a trace over the budget or a launch whose trace buffer
// (plus the input and result) would not fit the free device memory.
void check_fits(const ResolvedRequest& r) {
    if (r.request.detail != Detail::full) return;
    const TraceEstimate e = estimate_trace(r);
    require_within_budget(r, e);
    // Input, result, S and a scratch level; a segmented scan's elements are (value, flag) pairs.
    const size_t arrays = 4 * size_t(r.n) * element_bytes(r.request.type) * (algorithm_info(r.request.algorithm).takes_flags ? 2 : 1);
    const size_t needed = e.largest_launch_bytes + arrays;
    const size_t free = free_device_memory();
    if (needed > free - free / 10)
        throw GpuError("the trace of the largest launch needs about " + mib(needed) + " of GPU memory and " + mib(free) +
                       " is free; trace a smaller N, or use `scanlab scan` (counts only) or the live run's sampled trace");
}

class GpuBackend final : public Backend {
public:
    std::string name() const override { return "gpu"; }
    std::string description() const override { return device_info().summary(); }

    Trace run(const ResolvedRequest& r, const ValueArray& input) override {
        if (algorithm_info(r.request.algorithm).reach == Reach::single_pass) return run_single_pass(r, input);
        check_fits(r);
        Trace trace = trace_header(r, input, "gpu");
        trace.schedule = "hardware";  // the GPU's own warp scheduler, not the emulation's
        Recorder rec(trace, r.request.max_trace_bytes, r.voice);
        trace.result = std::visit([&](const auto& x) -> ValueArray { return run_traced(r, x, rec); }, input);
        return trace;
    }

private:
    // A single-pass scan runs once on the device, recording the order its events took; its trace
    // is the emulation replaying that order, checked against every value the device computed.
    static Trace run_single_pass(const ResolvedRequest& r, const ValueArray& input) {
        if (r.request.static_index)
            throw ScanError(
                "--static-index is not run on the GPU: a block that takes its tile from blockIdx can wait forever for a block "
                "the hardware has not started, and the GPU would hang; run it with --backend cpu, where the emulation "
                "finds the deadlock and says so");
        if (r.request.detail == Detail::full) require_within_budget(r, estimate_trace(r));
        ResolvedRequest replay = r;
        replay.request.block_schedule.kind = BlockSchedule::Kind::replay;
        if (r.n == 0) {
            // Nothing to scan, and a grid of zero blocks cannot be launched.
            Trace trace = emulate(replay, input);
            trace.backend = "gpu";
            trace.schedule = trace.block_schedule = "hardware";
            return trace;
        }
        std::vector<RecordedEvent>& order = replay.request.block_schedule.order;
        ValueArray y;
        RegisteredAlgorithms::for_each([&]<class Definition>() {
            if constexpr (Definition::info().reach == Reach::single_pass)
                if (Definition::info().id == r.request.algorithm) y = EventKernelOf<Definition>::run(r, input, order);
        });
        Trace trace;
        try {
            trace = emulate(replay, input);
        } catch (const ScanError& e) {
            throw GpuError(std::string("the GPU's run does not replay: ") + e.what());
        }
        if (!bitwise_equal(trace.result, y))
            throw GpuError("the GPU's result differs from the emulation's replay of its own order of events");
        trace.backend = "gpu";
        trace.schedule = "hardware";
        trace.block_schedule = "hardware";
        return trace;
    }
};

}  // namespace

std::unique_ptr<Backend> make_gpu_backend() {
    device_info();  // throws with the reason when there is no usable GPU
    return std::make_unique<GpuBackend>();
}

std::unique_ptr<UntracedChapterScan> make_untraced_chapter_scan(const ResolvedRequest& r) {
    device_info();
    return with_type(r.request.type, [&]<class T>(TypeTag<T>) { return make_untraced<T>(r); });
}

}  // namespace scanlab::gpu
