#pragma once
// Is a trace true? A trace read from a file is held against the run its own header describes:
// the emulation of that run on the file's input is the reference (both backends record the same
// steps, bit for bit, for every kernel but the racy one).
#include <string>

#include "trace.hpp"

namespace scanlab {

// One sentence naming the first thing in `t` that no run of Scan Lab would record, or "" if the
// trace is consistent: values that fit the type, each step's array as long as its kind implies,
// the last step equal to the result, the result the scan of the input under the trace's operator,
// type and direction, counts that add up. The racy kernel's snapshots, hazards and result may
// differ from the emulation's (that is its lesson), so only its shape and index math are checked.
std::string first_inconsistency(const Trace& t);

}  // namespace scanlab
