// The Live run tab's sampled trace and its estimate, on workers, and how each takes its result in.
#include "app/gui/model/numbers.hpp"
#include "app/gui/model/session_job.hpp"

namespace scanlab::gui {
namespace {

// A sampled trace of a full-size run: it replaces the trace on screen, as a run does, and stays
// for the tab to show again; a refusal is the tab's to say, and the trace on screen stays.
class SampledJob final : public SessionJob {
public:
    using SessionJob::SessionJob;
    void finish(Session& s, RunResult r) override {
        if (!s.newest(generation)) return;  // a newer request superseded it
        s.sampled_error = r.error;  // a refusal is the tab's to say, and the trace on screen stays
        if (!r.error.empty()) return;
        s.error.clear();
        s.sampled_trace = r.main;
        s.sampled_report = *r.sampled;
        s.emulation_reason = r.emulation_reason;
        s.backend_description = r.backend_description;
        s.status.clear();
        s.status_failed = false;
        s.show_sampled();
    }
};

// The figures of a sampled trace of the form as it is (its memory, the block it traces).
class PreviewJob final : public SessionJob {
public:
    using SessionJob::SessionJob;
    void finish(Session& s, RunResult r) override {
        if (r.sampled) s.sampled_preview = *r.sampled;
        s.sampled_previewed = true;
    }
    Presence presence() const override { return Presence::quiet; }
};

}  // namespace

void Session::trace_sampled() {
    const SampledForm f = sampled_form;
    const BackendChoice choice = form.backend;
    const uint64_t g = new_request();
    start(std::make_unique<SampledJob>(g, "tracing block " + grouped(f.block) + " of a run of N = " + grouped(f.n),
                                       start_job([f, choice] { return run_sampled(f, choice); })));
}

void Session::preview_sampled() {
    const std::pair<SampledForm, BackendChoice> asked{sampled_form, form.backend};
    if (preview_asked_ == asked) return;
    // One estimate at a time (each makes N input values); a later frame asks for the newest form.
    for (const std::unique_ptr<SessionJob>& j : jobs_)
        if (dynamic_cast<const PreviewJob*>(j.get())) return;
    preview_asked_ = asked;
    start(std::make_unique<PreviewJob>(0, "estimating the sampled trace", start_job([asked] {
                                           RunResult r;
                                           r.sampled = std::make_shared<const SampledReport>(
                                               estimate_sampled(asked.first, sampled_runs_on_gpu(asked.second)));
                                           return r;
                                       })));
}

bool Session::preview_current() const {
    return sampled_previewed && sampled_preview.form == sampled_form && sampled_preview.on_gpu == sampled_runs_on_gpu(form.backend);
}

void Session::show_sampled() {
    if (!sampled_trace) return;
    trace = sampled_trace;
    compare = nullptr;  // the compare view says why there is none beside a sampled trace
    compare_error.clear();
    playing = false;
    step = 0;
    compare_extra = 0;
    follow_trace_on_screen();
}

}  // namespace scanlab::gui
