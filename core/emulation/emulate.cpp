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

// A plan's run of one element type and operator, a piece at a time (CpuExecutor).
struct PlanRun {
    virtual ~PlanRun() = default;
    virtual bool advance() = 0;
    virtual ValueArray result() = 0;
};

template <class T, template <class> class OpT>
struct TypedRun : PlanRun {
    CpuExecutor<T, OpT<T>> ex;
    typename CpuExecutor<T, OpT<T>>::Buffer out;
    int64_t n;
    TypedRun(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec) : ex(rec), n(r.n) { out = run_scan(ex, r, ex.input(x)); }
    bool advance() override { return ex.advance(); }
    ValueArray result() override {
        std::vector<T> y = std::move(*out);
        y.resize(size_t(n));
        return y;
    }
};

// The segmented scan: the values and the request's head flags as (flag, value) pairs, scanned
// with the flag-carrying operator; the result is the values.
template <class T, template <class> class OpT>
struct SegmentedRun : PlanRun {
    CpuExecutor<Flagged<T>, SegmentedOp<T, OpT<T>>> ex;
    std::vector<Flagged<T>> pairs;
    typename CpuExecutor<Flagged<T>, SegmentedOp<T, OpT<T>>>::Buffer out;
    int64_t n;
    SegmentedRun(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec)
        : ex(rec), pairs(flagged_input(x, r.request.flags)), n(r.n) {
        out = run_segmented(ex, r, ex.input(pairs));
    }
    bool advance() override { return ex.advance(); }
    ValueArray result() override { return flagged_values(*out, n); }
};

template <class T>
std::unique_ptr<PlanRun> typed_run(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec) {
    const bool segmented = algorithm_info(r.request.algorithm).takes_flags;
    return with_op(r.request.op, [&]<template <class> class Op>(OpTag<Op>) -> std::unique_ptr<PlanRun> {
        if (segmented) return std::make_unique<SegmentedRun<T, Op>>(r, x, rec);
        return std::make_unique<TypedRun<T, Op>>(r, x, rec);
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

struct Emulation::State {
    ResolvedRequest r;
    const ValueArray& input;
    const StepSink* each;
    Trace trace;
    Recorder rec;
    std::unique_ptr<PlanRun> plan;  // none for a single-pass scan, which runs as events
    bool done = false;
    State(const ResolvedRequest& request, const ValueArray& in, const StepSink* sink)
        : r(request),
          input(in),
          each(sink),
          trace(trace_header(request, in, "cpu")),
          rec(trace, request.request.max_trace_bytes, request.voice, sink) {}
};

Emulation::Emulation(const ResolvedRequest& r, const ValueArray& input, const StepSink* each) {
    // Refused before it runs, rather than ended by the system part of the way through.
    require_within_memory(r);
    state_ = std::make_unique<State>(r, input, each);
    if (algorithm_info(r.request.algorithm).reach != Reach::single_pass)
        state_->plan = std::visit([&](const auto& x) { return typed_run(state_->r, x, state_->rec); }, input);
}

Emulation::~Emulation() = default;

bool Emulation::advance() {
    State& s = *state_;
    if (s.done) return true;
    if (!s.plan) {
        emulate_single_pass(s.r, s.input, s.trace, s.each);
        return s.done = true;
    }
    if (!s.plan->advance()) return false;
    s.trace.result = s.plan->result();
    s.plan.reset();
    return s.done = true;
}

Trace Emulation::take() { return std::move(state_->trace); }

namespace {

Trace emulate_into(const ResolvedRequest& r, const ValueArray& input, const StepSink* each) {
    Emulation run(r, input, each);
    while (!run.advance()) {}
    return run.take();
}

}  // namespace

Trace emulate(const ResolvedRequest& r, const ValueArray& input) {
    if (r.request.detail == Detail::full) require_within_budget(r, estimate_trace(r));
    return emulate_into(r, input, nullptr);
}

Trace emulate_each(const ResolvedRequest& r, const ValueArray& input, const StepSink& each) { return emulate_into(r, input, &each); }

Trace emulate(const ScanRequest& request, const ValueArray& input) { return emulate(resolve(request, input), input); }

}  // namespace scanlab
