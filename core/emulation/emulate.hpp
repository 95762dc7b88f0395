#pragma once
// The CPU emulation backend: runs a resolved request through the algorithm definitions and
// returns its Trace. This is the reference every other backend is compared against.
#include <memory>

#include "core/recording/recorder.hpp"
#include "core/request.hpp"
#include "core/trace.hpp"

namespace scanlab {

Trace emulate(const ResolvedRequest& request, const ValueArray& input);
// The same run, each step handed to `each` as it is recorded rather than kept: the trace comes
// back with its counts, result and deadlock but no steps, so a long run costs one step at a time.
Trace emulate_each(const ResolvedRequest& request, const ValueArray& input, const StepSink& each);

// The same run a piece at a time, for a page with one thread: each advance() runs one step of a
// launch (or one launch, or a stretch of the one-thread loop; a single-pass scan's events all at
// once) and says whether the run is done; take() then gives the trace as emulate_each() does
// (with its steps too where `each` is null). `input` must outlive the run. The constructor throws
// the refusals emulate() makes before it runs, advance() those of a run.
class Emulation {
public:
    Emulation(const ResolvedRequest& request, const ValueArray& input, const StepSink* each = nullptr);
    ~Emulation();
    Emulation(const Emulation&) = delete;
    Emulation& operator=(const Emulation&) = delete;
    bool advance();
    Trace take();

private:
    struct State;
    std::unique_ptr<State> state_;
};

// Convenience: resolve (with its refusals) and emulate.
Trace emulate(const ScanRequest& request, const ValueArray& input);

// Fills a Trace's metadata from a resolved request; shared by every backend so traces agree.
Trace trace_header(const ResolvedRequest& request, const ValueArray& input, std::string backend);

}  // namespace scanlab
