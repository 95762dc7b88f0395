#pragma once
// What a single-pass scan's event did (domino: PMPP 4th ed. §11.7; the decoupled look-back), from
// the event and the snapshot of every block and tile after it: the explanation's lines for an event
// step.
#include <string>
#include <vector>

#include "core/trace.hpp"

namespace scanlab {

std::vector<std::string> event_lines(const Trace& t, const Step& s);

}  // namespace scanlab
