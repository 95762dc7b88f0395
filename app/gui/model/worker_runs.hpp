#pragma once
// What the Session's workers share when they run a scan (worker_runs.cpp holds run_form,
// run_sampled and run_fig910, declared in session.hpp): a refusal caught as one sentence
// (guarded), the run a comparison makes beside a trace (spec_like), and the sentence that says why
// no comparison runs (no_comparison).
#include <cstdint>
#include <new>
#include <string>

#include "app/gui/model/session.hpp"
#include "core/engine/backend.hpp"
#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/input/trace_budget.hpp"

namespace scanlab::gui {

// The spec a trace was recorded with, for the algorithm `a` (a comparison beside a file): the
// trace's operator, type and direction, and its section where `a` takes one.
RunSpec spec_like(const Trace& t, Algorithm a);

// Why no comparison runs beside the run, said plainly for the views. The usual case, a one-section
// scan at an N past its section, names the N it runs at; any other refusal keeps its sentence.
std::string no_comparison(const ScanRequest& q, int64_t n, const std::string& refusal);

// The comparison run beside a run of the form, on its input (`run`) with the backend that ran it:
// into r.compare, or why there is none into r.compare_error.
void compare_form(RunResult& r, const Form& form, const PreparedRun& run, Backend& backend);

// The comparison run beside a trace that did not come from the form (an opened file's, a kernel's),
// on the trace's own input, type and operator: into r.compare, or why not into r.compare_error.
void compare_beside(RunResult& r, const Trace& t, const std::string& origin, Algorithm compare_algo, BackendChoice choice);

// The body's result, or a result that holds only the sentence of what stopped it.
template <class F>
RunResult guarded(F&& body) {
    RunResult r;
    try {
        body(r);
    } catch (const TraceOverBudget& e) {
        r = RunResult{};
        r.error = e.what() + std::string(kTraceLimitNote);
    } catch (const ScanError& e) {
        r = RunResult{};
        r.error = e.what();
    } catch (const std::bad_alloc&) {
        r = RunResult{};
        r.error = "out of memory; try a smaller N";
    } catch (const std::exception& e) {
        r = RunResult{};
        r.error = std::string("unexpected failure: ") + e.what();
    }
    return r;
}

}  // namespace scanlab::gui
