#include "core/emulation/emulate.hpp"

#include "core/algorithms/scan_plans.hpp"
#include "core/dispatch.hpp"
#include "core/emulation/cpu_executor.hpp"
#include "core/emulation/event_scan.hpp"
#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_header.hpp"
#include "core/input/run_memory.hpp"
#include "core/input/trace_budget.hpp"
#include "core/operators.hpp"

namespace scanlab {
namespace {

template <class T, template <class> class OpT>
std::vector<T> run_typed_op(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec) {
    CpuExecutor<T, OpT<T>> ex(rec);
    std::vector<T> y = run_scan(ex, r, x);
    y.resize(size_t(r.n));
    return y;
}

// The segmented scan: the values and the request's head flags as (flag, value) pairs, scanned
// with the flag-carrying operator; the result is the values.
template <class T, template <class> class OpT>
std::vector<T> run_segmented_op(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec) {
    CpuExecutor<Flagged<T>, SegmentedOp<T, OpT<T>>> ex(rec);
    const std::vector<Flagged<T>> y = run_segmented(ex, r, flagged_input(x, r.request.flags));
    return flagged_values(y, r.n);
}

template <class T>
std::vector<T> run_typed(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec) {
    const bool segmented = algorithm_info(r.request.algorithm).takes_flags;
    return with_op(r.request.op, [&]<template <class> class Op>(OpTag<Op>) {
        return segmented ? run_segmented_op<T, Op>(r, x, rec) : run_typed_op<T, Op>(r, x, rec);
    });
}

}  // namespace

Trace trace_header(const ResolvedRequest& r, const ValueArray& input, std::string backend) {
    Trace t;
    t.run() = run_header(r);
    t.backend = std::move(backend);
    t.input = input;
    t.flags = r.request.flags;
    return t;
}

namespace {

Trace emulate_into(const ResolvedRequest& r, const ValueArray& input, const StepSink* each) {
    // Refused before it runs, rather than ended by the system part of the way through.
    require_within_memory(r);
    Trace trace = trace_header(r, input, "cpu");
    if (algorithm_info(r.request.algorithm).reach == Reach::single_pass) {
        emulate_single_pass(r, input, trace, each);
        return trace;
    }
    Recorder rec(trace, r.request.max_trace_bytes, r.voice, each);
    trace.result = std::visit([&](const auto& x) -> ValueArray { return run_typed(r, x, rec); }, input);
    return trace;
}

}  // namespace

Trace emulate(const ResolvedRequest& r, const ValueArray& input) {
    if (r.request.detail == Detail::full) require_within_budget(r, estimate_trace(r));
    return emulate_into(r, input, nullptr);
}

Trace emulate_each(const ResolvedRequest& r, const ValueArray& input, const StepSink& each) { return emulate_into(r, input, &each); }

Trace emulate(const ScanRequest& request, const ValueArray& input) { return emulate(resolve(request, input), input); }

}  // namespace scanlab
