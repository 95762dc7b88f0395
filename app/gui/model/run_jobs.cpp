// The jobs that run the form (Run, and a change in the controls) and the Figure 9.10 reference
// run, and how each takes its result in.
#include <algorithm>
#include <optional>

#include "app/gui/model/session_job.hpp"
#include "app/gui/model/worker_runs.hpp"
#include "core/input/overflow.hpp"
#include "core/input/resolve.hpp"
#include "core/values.hpp"
#include "kernels/select_backend.hpp"

namespace scanlab::gui {

void show_traces(Session& s, const RunResult& r, bool opened) {
    s.error.clear();
    s.status_failed = false;
    const bool same_shape = s.trace && r.main && s.trace->trace.steps.size() == r.main->trace.steps.size();
    s.trace = r.main;
    s.compare = r.compare;
    s.compare_error = r.compare_error;
    if (!opened) {
        s.emulation_reason = r.emulation_reason;
        s.backend_description = r.backend_description;
        s.status.clear();
    } else {
        s.status = "opened " + s.trace->origin + " (recorded on " + s.trace->trace.backend + ")";
        s.follow_trace_on_screen();
    }
    if (const std::string w = float_range_warning(s.trace->trace.result, s.trace->trace.type); !w.empty())
        s.status = s.status.empty() ? w : s.status + "; " + w;
    if (!same_shape || opened) s.step = 0;
    s.step = std::min(s.step, s.step_count() ? s.step_count() - 1 : 0);
    s.compare_extra = 0;
}

namespace {

// A run of the form: its trace replaces the one on screen, unless a newer request came since; a
// refusal is said inline and the trace on screen stays.
class RunJob final : public SessionJob {
public:
    using SessionJob::SessionJob;
    void finish(Session& s, RunResult r) override {
        if (!s.newest(generation)) return;  // a newer request superseded it
        if (!r.error.empty()) {
            s.error = r.error;  // the trace on screen stays
            return;
        }
        show_traces(s, r, false);
    }
    void cancelled(Session& s) override {
        if (!s.newest(generation)) return;
        s.new_request();  // its result is dropped: the run on screen stays
        s.status = "The run was cancelled; the trace on screen is unchanged.";
        s.status_failed = false;
    }
};

// The Figure 9.10 panel's own run, whatever else runs.
class Fig910Job final : public SessionJob {
public:
    using SessionJob::SessionJob;
    void finish(Session& s, RunResult r) override {
        if (r.main) s.fig910 = r.main;
    }
    Presence presence() const override { return Presence::quiet; }
};

#if defined(__EMSCRIPTEN__)

// The page runs the form in two slices, the run and then its comparison (run_form's two halves),
// so that the page draws, with the Cancel, between them.
std::future<RunResult> start_run_job(const Form& f, std::shared_ptr<JobProgress> progress) {
    struct State {
        Form form;
        RunResult result;
        BackendSelection sel;
        std::optional<PreparedRun> run;
    };
    auto state = std::make_shared<State>();
    state->form = f;
    auto advance = [state, progress] {
        if (!state->run) {
            state->result = guarded([&](RunResult& r) {
                state->sel = select_backend(state->form.backend);
                state->run = prepare(state->form, Voice::app, state->sel.backend->name() == "cpu");
                r.emulation_reason = state->sel.emulation_reason;
                r.backend_description = state->sel.backend->description();
                r.main = make_shown(state->sel.backend->run(state->run->resolved, state->run->input), state->run->origin);
            });
            progress->fraction = 0.5f;
            return !state->result.error.empty();
        }
        const Form& form = state->form;
        const PreparedRun& run = *state->run;
        RunResult compared = guarded([&](RunResult& r) { compare_form(r, form, run, *state->sel.backend); });
        state->result.compare = compared.compare;
        state->result.compare_error = compared.error.empty() ? compared.compare_error : compared.error;
        progress->fraction = 1.0f;
        return true;
    };
    auto finish = [state] { return std::move(state->result); };
    return start_sliced_job(std::move(advance), std::move(finish), std::move(progress));
}

#endif

}  // namespace

void Session::run() {
    const Form f = form;
    const uint64_t g = new_request();
    std::string what = "running " + std::string(name(f.request.algorithm));
#if defined(__EMSCRIPTEN__)
    auto progress = std::make_shared<JobProgress>();
    start(std::make_unique<RunJob>(g, std::move(what), start_run_job(f, progress), progress));
#else
    start(std::make_unique<RunJob>(g, std::move(what), start_job([f] { return run_form(f, true); })));
#endif
}

void Session::load_fig910() {
    const BackendChoice choice = form.backend;
    start(std::make_unique<Fig910Job>(0, "running Figure 9.10", start_job([choice] {
                                          RunResult r;
                                          r.main = run_fig910(choice);
                                          return r;
                                      })));
}

}  // namespace scanlab::gui
