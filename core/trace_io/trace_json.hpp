#pragma once
// The trace file format (`scanlab trace --format json`): record on a machine with a GPU, replay
// on a projector laptop without one.
#include <iosfwd>
#include <string>

#include "core/error.hpp"
#include "core/lesson/explain_kernel.hpp"
#include "core/trace.hpp"

namespace scanlab {

inline constexpr int kTraceFormatVersion = 1;

// Each step carries its explanation; a student's kernel's names the findings its run made
// (`findings`), where the caller has them.
void write_trace_json(std::ostream& out, const Trace& trace, const std::vector<StepFinding>* findings = nullptr);

// The most memory opening a trace file may take (the trace held and checked): half of this
// machine's, so opening never pushes the app out of memory. Values are held as their type (an
// int32 trace's in 4 bytes each), an access in 16 bytes, a snapshot in 18 bytes a block (26 for a
// look-back) and three values a tile.
struct OpenLimit {
    size_t bytes = 0;
    std::string why;  // "half of this machine's memory"
};
OpenLimit open_memory_limit();
// A file that would take more than the limit: one sentence naming the limit and the file's need.
struct TraceTooLarge : ScanError {
    using ScanError::ScanError;
};

// Throws ScanError naming what is wrong with a malformed, truncated or foreign file, and
// TraceTooLarge for one that would take more than `limit` to open.
Trace read_trace_json(std::istream& in, const std::string& origin, const OpenLimit& limit = open_memory_limit());

}  // namespace scanlab
