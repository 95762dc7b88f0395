#pragma once
// How much memory a run of the emulation holds at its peak, known from N and the algorithm before
// anything runs, so that a run too large for this machine is refused with a sentence instead of
// being ended by the system part of the way through (2^28 int32 values need about 3 GiB with the
// hierarchical scan and about 6 GiB with the decoupled look-back).
#include <cstdint>
#include <string>

#include "core/request.hpp"

namespace scanlab {

// The peak bytes the emulation holds for the request: the input and the trace's copy of it, every
// array the algorithm's own plan makes while it lives (walked as the emulation walks it), or the
// block machine's arrays for a single-pass scan, the result, and the full trace where one is kept.
// Needs only the request's shape (resolve_shape), so a request can be refused before its values
// are made.
uint64_t estimate_run_memory(const ResolvedRequest& request);

// This machine's memory in bytes (0 where it does not say).
uint64_t machine_memory_bytes();

// The refusal, when the estimate passes half of `machine_bytes`; empty otherwise (and where the
// machine's memory is unknown: 0).
std::string run_memory_problem(const ResolvedRequest& request, uint64_t machine_bytes = machine_memory_bytes());
// Throws ScanError with that sentence, if there is one.
void require_within_memory(const ResolvedRequest& request, uint64_t machine_bytes = machine_memory_bytes());

}  // namespace scanlab
