#pragma once
// The single-pass scans (Reach::single_pass) run as events of blocks under a block schedule
// (core/emulation/block_scheduler.hpp), each through its block machine. emulate() sends them
// here; the GPU backend replays its device's recorded order of events through the same door.
#include "core/recording/recorder.hpp"
#include "core/request.hpp"
#include "core/trace.hpp"

namespace scanlab {

// The order of events a full-detail trace went through, as a replay schedule: what a device
// recorded, read back from its trace (a file's check, the tests).
BlockSchedule replay_of(const Trace& trace);

// Fills trace.steps (through its counts and budget; or hands each step to `each`), trace.result
// and trace.deadlock.
void emulate_single_pass(const ResolvedRequest& r, const ValueArray& input, Trace& trace, const StepSink* each = nullptr);

}  // namespace scanlab
