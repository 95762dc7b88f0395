#pragma once
// The CPU emulation backend: runs a resolved request through the algorithm definitions and
// returns its Trace. This is the reference every other backend is compared against.
#include "core/recording/recorder.hpp"
#include "core/request.hpp"
#include "core/trace.hpp"

namespace scanlab {

Trace emulate(const ResolvedRequest& request, const ValueArray& input);
// The same run, each step handed to `each` as it is recorded rather than kept: the trace comes
// back with its counts, result and deadlock but no steps, so a long run costs one step at a time.
Trace emulate_each(const ResolvedRequest& request, const ValueArray& input, const StepSink& each);

// Convenience: resolve (with its refusals) and emulate.
Trace emulate(const ScanRequest& request, const ValueArray& input);

// Fills a Trace's metadata from a resolved request; shared by every backend so traces agree.
Trace trace_header(const ResolvedRequest& request, const ValueArray& input, std::string backend);

}  // namespace scanlab
