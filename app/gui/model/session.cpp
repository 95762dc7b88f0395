#include "app/gui/model/session.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <utility>

#include "app/gui/model/session_job.hpp"
#include "app/gui/model/settings.hpp"
#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_header.hpp"
#include "core/number_text.hpp"
#include "core/values.hpp"

namespace scanlab::gui {

Form::Form() {
    // Figure 9.10: the hierarchical Kogge-Stone scan of the chapter's sixteen values.
    request.algorithm = Algorithm::hierarchical;
    request.detail = Detail::full;
    request.max_trace_bytes = kAppMaxTraceBytes;
    input.text = "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2";
    // The segmented scan's head flags until the user types others: segments of three, so they
    // cross Figure 9.10's sections of four and the carry between blocks shows.
    input.flags = "every:3";
}

TracePtr make_shown(Trace trace, std::string origin, std::optional<std::vector<StepFinding>> findings) {
    auto s = std::make_shared<ShownTrace>();
    s->book = make_book(trace);
    s->trace = std::move(trace);
    s->origin = std::move(origin);
    s->findings = std::move(findings);
    return s;
}


void Session::commit_input() {
    if (text_draft) form.input.text = *text_draft;
    if (random_n_draft) form.input.random_n = *random_n_draft;
    if (seed_draft) form.input.seed = *seed_draft;
    if (flags_draft) form.input.flags = *flags_draft;
    flags_draft.reset();
    text_draft.reset();
    random_n_draft.reset();
    seed_draft.reset();
    run_again();
}

bool Session::kernel_on_screen() const { return trace && trace->findings.has_value(); }

void Session::run_again() {
    if (kernel_on_screen())
        your_kernel.run(*this);
    else
        run();
}

void Session::open_run(const RunSpec& spec) {
    const BackendChoice backend = form.backend;
    static_cast<RunSpec&>(form) = spec;
    form.backend = backend;
    text_draft.reset();
    random_n_draft.reset();
    seed_draft.reset();
    run();
}

void Session::follow_trace_on_screen() {
    if (!trace) return;
    const Trace& t = trace->trace;
    ScanRequest q;
    try {
        q = request_of(t.run(), t.flags);
    } catch (const ScanError&) {
        return;  // a schedule the controls have no words for: they keep their own
    }
    const bool sampled = trace == sampled_trace;
    // The sampled trace's window is the Live run tab's; the controls trace in full.
    q.sample = {};
    q.detail = Detail::full;
    InputSpec in = form.input;
    if (sampled) {
        in.source = InputSpec::Source::random;
        in.random_n = sampled_report.form.n;
        in.seed = sampled_report.form.seed;
    } else {
        std::string text;
        for (size_t i = 0; i < size_of(t.input) && text.size() <= kMaxKeptInputChars; ++i)
            text += (i ? " " : "") + format_value(t.input, i);
        if (text.size() <= kMaxKeptInputChars) in.source = InputSpec::Source::text, in.text = text;
    }
    if (!t.flags.empty()) {
        std::string flags;
        for (size_t i = 0; i < t.flags.size(); ++i) flags += (i ? "," : "") + std::to_string(int(t.flags[i]));
        in.flags = flags.size() <= kMaxKeptInputChars ? flags : in.flags;
    }
    q.flags.clear();  // the form carries them as text
    form.request = q;
    form.input = in;
    text_draft.reset();
    random_n_draft.reset();
    seed_draft.reset();
    flags_draft.reset();
}

Session::Session() = default;
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;
Session::~Session() = default;

void Session::start(std::unique_ptr<SessionJob> job) { jobs_.push_back(std::move(job)); }

void Session::poll(double dt) {
    bench.poll();
    exercises.poll();
    your_kernel.grading.poll();
    for (size_t i = 0; i < jobs_.size();) {
        if (jobs_[i]->future.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
            std::unique_ptr<SessionJob> job = std::move(jobs_[i]);
            jobs_.erase(jobs_.begin() + long(i));
            job->finish(*this, job->future.get());
        } else {
            ++i;
        }
    }
    // A first run that was refused (say, bad input kept in the settings) still leaves something to
    // look at: the Figure 9.10 reference trace, with the refusal shown above it.
    if (!trace && fig910 && (!error.empty() || !open_task.failure.empty()) && !busy()) trace = fig910;
    if (!playing) {
        play_clock_ = 0;
        return;
    }
    play_clock_ += dt;
    const double period = play_period();
    while (playing && play_clock_ >= period) {
        play_clock_ -= period;
        if (at_end() || (play_stop && step >= *play_stop))
            playing = false;
        else
            step_forward();
    }
}

double Session::seconds_to_next_step() const { return std::max(0.0, play_period() - play_clock_); }

void Session::wait() {
    while (!jobs_.empty()) {
        jobs_.front()->future.wait();
        poll(0);
    }
    bench.wait();
    exercises.wait();
    your_kernel.grading.wait();
}

void Session::wait_unpolled() {
    for (const std::unique_ptr<SessionJob>& j : jobs_) j->future.wait();
}

void Session::finish_saves() {
    for (const std::unique_ptr<SessionJob>& j : jobs_)
        if (j->ends_before_quit()) j->future.wait();
    poll(0);
}

const SessionJob* Session::sliced_job() const {
    for (const std::unique_ptr<SessionJob>& j : jobs_)
        if (j->progress && !j->progress->cancelled) return j.get();
    return nullptr;
}

float Session::job_progress() const {
    const SessionJob* j = sliced_job();
    return j ? j->progress->fraction.load() : -1.0f;
}

std::string Session::job_what() const {
    const SessionJob* j = sliced_job();
    return j ? j->what : "";
}

void Session::cancel_job() {
    for (const std::unique_ptr<SessionJob>& j : jobs_) {
        if (!j->progress || j->progress->cancelled) continue;
        j->progress->cancelled = true;
        j->cancelled(*this);
    }
}

bool Session::working() const { return !jobs_.empty() || bench.running() || exercises.working() || your_kernel.grading.running(); }

bool Session::busy() const {
    for (const std::unique_ptr<SessionJob>& j : jobs_)
        if (j->presence() == SessionJob::Presence::awaited && newest(j->generation)) return true;
    return false;
}

std::string Session::busy_what() const {
    for (const std::unique_ptr<SessionJob>& j : jobs_)
        if (newest(j->generation) && j->presence() != SessionJob::Presence::quiet) return j->what;
    return jobs_.empty() ? "" : jobs_.front()->what;
}

size_t Session::step_count() const { return trace ? trace->trace.steps.size() : 0; }

size_t Session::compare_step() const {
    if (!compare || compare->trace.steps.empty()) return 0;
    return std::min(step + compare_extra, compare->trace.steps.size() - 1);
}

size_t Session::compare_steps_past_main() const {
    if (!stepping_both || !compare || compare->trace.steps.size() <= step_count()) return 0;
    return compare->trace.steps.size() - step_count();
}

const ShownTrace* Session::stepped_trace() const { return compare_steps_past_main() > 0 ? compare.get() : trace.get(); }

size_t Session::stepped_step() const { return compare_steps_past_main() > 0 ? compare_step() : step; }

void Session::go_to_stepped(size_t k) {
    go_to(k);
    if (compare_steps_past_main() > 0 && k > step) compare_extra = std::min(k - step, compare_steps_past_main());
}

bool Session::at_end() const { return step + 1 >= step_count() && compare_extra >= compare_steps_past_main(); }

void Session::step_forward() {
    if (step + 1 < step_count())
        ++step;
    else if (compare_extra < compare_steps_past_main())
        ++compare_extra;  // the comparison runs on to its end
}
void Session::step_back() {
    if (compare_extra > 0)
        --compare_extra;
    else if (step > 0)
        --step;
}
void Session::first_step() { step = 0, compare_extra = 0; }
void Session::last_step() {
    step = step_count() ? step_count() - 1 : 0;
    compare_extra = compare_steps_past_main();
}
void Session::go_to(size_t k) { step = std::min(k, step_count() ? step_count() - 1 : 0), compare_extra = 0; }
void Session::toggle_play() {
    if (!playing && at_end()) first_step();  // play again from the start
    playing = !playing;
    play_stop.reset();  // played by hand: to the end
}

}  // namespace scanlab::gui
