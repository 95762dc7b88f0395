#pragma once
// The trace file format (`scanlab trace --format json`): record on a machine with a GPU, replay
// on a projector laptop without one.
#include <iosfwd>
#include <string>

#include "core/trace.hpp"

namespace scanlab {

inline constexpr int kTraceFormatVersion = 1;

void write_trace_json(std::ostream& out, const Trace& trace);
// Throws ScanError naming what is wrong with a malformed, truncated or foreign file.
Trace read_trace_json(std::istream& in, const std::string& origin);

}  // namespace scanlab
