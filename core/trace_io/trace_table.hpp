#pragma once
// A readable, aligned text view of a trace, one row per step: good enough to paste into notes.
#include <iosfwd>

#include "core/lesson/explain_kernel.hpp"
#include "core/trace.hpp"

namespace scanlab {

// Arrays longer than `max_values` are cut with a count of what was left out. With `explain`, each
// step's explanation (core/lesson/explain.hpp) follows its row, indented; a student's kernel's
// explanations name the findings its run made (`findings`), where the caller has them.
void write_trace_table(std::ostream& out, const Trace& trace, size_t max_values = 64, bool explain = false,
                       const std::vector<StepFinding>* findings = nullptr);

}  // namespace scanlab
