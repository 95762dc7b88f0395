#pragma once
// Where a statement of the sources (the slide deck) disagrees with what a trace measured, said
// beside the trace so a student does not learn the statement.
#include <string>

#include "core/trace.hpp"

namespace scanlab {

// For a Kogge-Stone trace (alone, or inside the slides' scan_cuda): the slides' "half of the
// threads are no longer needed at each step" against the idle threads per block the steps
// measured. Empty for other traces.
std::string seed_note(const Trace& trace);

}  // namespace scanlab
