#pragma once
// A finding of the runner (findings_log.hpp) as a sentence in the student's words, at the student's line.
#include <string>

#include "kernel_tracer/runtime/findings_log.hpp"

namespace scanlab::kernel_tracer {

// `line` and `other_line`: the finding's instructions mapped to the student's file (0: unknown).
std::string finding_sentence(const RawFinding& f, int line, int other_line);

}  // namespace scanlab::kernel_tracer
