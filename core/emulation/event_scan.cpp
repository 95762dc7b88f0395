#include "core/emulation/event_scan.hpp"

#include "core/algorithms/registry.hpp"
#include "core/dispatch.hpp"
#include "core/emulation/block_scheduler.hpp"
#include "core/emulation/domino_machine.hpp"
#include "core/emulation/lookback_machine.hpp"
#include "core/error.hpp"
#include "core/input/trace_budget.hpp"
#include "core/operators.hpp"
#include "core/recording/recorder.hpp"
#include "core/recording/step_records.hpp"

namespace scanlab {
namespace {

template <class T, class Op>
void run_typed_op(const ResolvedRequest& r, const std::vector<T>& x, Trace& trace, const StepSink* each) {
    // Refused before it runs: many resident blocks polling a long chain of tiles could run for hours.
    if (const std::string problem = emulation_cost_problem(r); !problem.empty()) throw ScanError(problem);
    Recorder rec(trace, r.request.max_trace_bytes, r.voice, each);
    const ScanRequest& q = r.request;
    if (r.n == 0) {
        // The scan of nothing: a load of no elements by no block, as every algorithm records it.
        rec.add(empty_load_step(Kernel::single, r.threads_per_block));
        trace.result = std::vector<T>{};
        return;
    }
    bool ran = false;
    RegisteredAlgorithms::for_each([&]<class Definition>() {
        if constexpr (Definition::info().reach == Reach::single_pass) {
            if (Definition::info().id != q.algorithm) return;
            MachineOutcome<T> out = BlockMachineOf<Definition>::template run<T, Op>(r, x.data(), rec);
            trace.result = std::move(out.result);
            trace.deadlock = std::move(out.deadlock);
            ran = true;
        }
    });
    if (!ran) throw ScanError("internal: " + std::string(name(q.algorithm)) + " has no block machine");
}

template <class T>
void run_typed(const ResolvedRequest& r, const std::vector<T>& x, Trace& trace, const StepSink* each) {
    with_op(r.request.op, [&]<template <class> class Op>(OpTag<Op>) { run_typed_op<T, Op<T>>(r, x, trace, each); });
}

}  // namespace

BlockSchedule replay_of(const Trace& t) {
    BlockSchedule s;
    s.kind = BlockSchedule::Kind::replay;
    for (const Step& st : t.steps)
        if (st.event && st.event->kind != EventKind::deadlock)
            s.order.push_back({st.event->block, st.event->kind, st.event->tile, st.event->polls, st.event->window_first,
                               st.event->window_last, 0, false, st.event->found});
    return s;
}

void emulate_single_pass(const ResolvedRequest& r, const ValueArray& input, Trace& trace, const StepSink* each) {
    std::visit([&](const auto& x) { run_typed(r, x, trace, each); }, input);
}

}  // namespace scanlab
