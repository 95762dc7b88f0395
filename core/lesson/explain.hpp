#pragma once
// What a step does, in the chapter's words, rendered from its claims (core/lesson/step_claims.hpp,
// composed from the algorithm's own facts and the step's data): which threads work and why
// the others idle, what each working thread combines, which results are final, the additions so
// far, and for the hierarchical scan which kernel runs and what S holds. The app's explanation
// pane shows it for self-study; the tests hold it against the trace.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/lesson/explain_kernel.hpp"
#include "core/lesson/step_claims.hpp"
#include "core/lesson/verdict.hpp"
#include "core/trace.hpp"

namespace scanlab {

// For each result element first, first + 1, ... (all of them, or a sampled trace's window): the
// first step from which the output array holds its correct value in every later step, or
// steps.size() if it never does. A value that equals a wrong result is never final.
struct FinalSteps {
    int64_t first = 0;
    std::vector<size_t> from;
};
FinalSteps final_steps(const Trace& trace, const Verdict& verdict);

struct Explanation {
    std::string title;  // "#2  stride 2  (step 3 of 5)", numbered as `scanlab trace` numbers steps
    std::vector<std::string> lines;  // sentences, in reading order
    // The facts the sentences state, for the tests and the predict mode.
    StepClaims claims;  // who works, which elements each combines, what they and S hold
    std::vector<int64_t> active_threads;  // global thread ids the sentences name as working, ascending
    std::vector<int64_t> final_elements;  // result elements final at this step, ascending
    std::vector<int64_t> newly_final;  // of those, final from this step on
    int64_t additions_so_far = 0;
};

// A student's kernel's trace (trace.kernel set) gets explain_kernel_step's, naming `findings` (the
// run's, where the caller has them); the built-in algorithms' ignore them.
// `formula` is formula_for(trace) where the caller states the count of the whole scan
// (core/algorithms/table.hpp): the sentence names whose count it is and at which N.
Explanation explain_step(const Trace& trace, const FinalSteps& finals, size_t k, const std::optional<Formula>& formula = std::nullopt,
                         const std::vector<StepFinding>* findings = nullptr);

// A step of a student's kernel: the title, and only what its trace records and the findings made in
// it (core/lesson/explain_kernel.hpp): what explain_step says of such a trace.
Explanation explain_kernel_step(const Trace& trace, size_t k, const std::vector<StepFinding>* findings = nullptr);

// "0–3, 8, 10–11": ascending numbers as ranges.
std::string ranges(const std::vector<int64_t>& ascending);

}  // namespace scanlab
