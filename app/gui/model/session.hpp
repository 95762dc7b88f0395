#pragma once
// The app's model: what the user asked for (the Form), the traces on screen, the step being shown
// and the play state. Panels read a Session and call its commands; they never compute a scan.
// Scans, trace files and the Figure 9.10 reference run happen on worker threads through
// select_backend(), so the window stays live; poll() swaps finished results in on the UI thread.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/model/background.hpp"
#include "app/gui/model/exercise_book.hpp"
#include "app/gui/model/live_bench.hpp"
#include "app/gui/model/sampled_trace.hpp"
#include "app/gui/model/trace_book.hpp"
#include "app/gui/model/your_kernel_model.hpp"
#include "core/engine/backend.hpp"
#include "core/input/run_spec.hpp"
#include "core/trace.hpp"

namespace scanlab::gui {

using InputSource = InputSpec::Source;

// The app refuses a full trace larger than this, below the CLI's --max-trace-mb default: it keeps
// two traces and the Figure 9.10 one in memory. The web edition runs a scan between two frames
// while the page waits (background.hpp), so it keeps to traces that it runs, and saves, in well
// under 0.1 s (docs/web.md), and its refusal says so (kTraceLimitNote, after the core's sentence).
#if defined(__EMSCRIPTEN__)
inline constexpr size_t kAppMaxTraceBytes = size_t(1) << 20;
inline constexpr const char* kTraceLimitNote =
    ". The web edition traces up to 1 MiB in full, so that the page keeps responding; the desktop app traces up to 256 MiB";
#else
inline constexpr size_t kAppMaxTraceBytes = size_t(256) << 20;
inline constexpr const char* kTraceLimitNote = "";
#endif

// The controls' state: the run as the user states it, before it is checked, and the algorithm
// the Compare tab runs beside it on the same input.
struct Form : RunSpec {
    Algorithm compare_algorithm = Algorithm::brent_kung;
    Form();
};

// A finished trace with its whole-trace bookkeeping (final steps, verdict, race-free rows,
// cumulative counts), computed once on the worker. What one step's views need besides (its cell
// states, writers, threads) is derived from it while drawing, in time linear in that step.
struct ShownTrace {
    Trace trace;
    TraceBook book;
    std::string origin;  // "Figure 9.10 preset", "file traces/run.json", ...
    // A run of a student's kernel: the findings it made, each at its step, which its explanations name.
    // None for a trace file of one (its findings are not in the file).
    std::optional<std::vector<StepFinding>> findings;
};
using TracePtr = std::shared_ptr<const ShownTrace>;

// What a run of the Form produces on the worker thread.
struct RunResult {
    TracePtr main;
    TracePtr compare;  // null when the comparison run was refused
    std::string compare_error;  // why, one plain sentence: "No Kogge-Stone comparison at N = 5,000: ..."
    std::string emulation_reason;  // why the CPU emulation runs though a GPU was allowed; else empty
    std::string backend_description;  // the engine that ran, e.g. "NVIDIA H100 (sm_90)"
    std::string status;  // a finished save's confirmation
    std::string error;  // non-empty: the run was refused, nothing else is set
    std::shared_ptr<const SampledReport> sampled;  // a sampled trace's (or a preview's) figures
    std::shared_ptr<const KernelReport> kernel;  // a run of the student's kernel: what it said
    std::optional<kernel_tracer::DeviceCheck> device_check;  // a device check's outcome
};

// Runs the form (and the comparison algorithm on the same input) through the backend. Blocking;
// the Session calls it on a worker thread, the tests and `--shot` may call it directly.
RunResult run_form(const Form& form, bool with_compare);

// The Figure 9.10 reference run the panel of that name always shows.
TracePtr run_fig910(BackendChoice backend);

// The live tab's sampled trace of a full-size hierarchical run, through the backend (blocking).
// Its `sampled` report states the memory the trace holds and what a full trace would need.
RunResult run_sampled(const SampledForm& form, BackendChoice backend);
// Whether the live tab's sampled trace will run on a GPU with this backend choice.
bool sampled_runs_on_gpu(BackendChoice backend);

TracePtr make_shown(Trace trace, std::string origin, std::optional<std::vector<StepFinding>> findings = std::nullopt);

class SessionJob;  // session_job.hpp

class Session {
public:
    Form form;

    // The traces on screen (null until the first run finishes).
    TracePtr trace;
    TracePtr compare;
    TracePtr fig910;
    std::string compare_error;
    std::string emulation_reason;
    std::string backend_description;

    // The last refusal (bad input, unreadable file), shown inline; the trace above stays.
    std::string error;
    // A short confirmation ("saved ...") shown in the status bar, or, with status_failed, the
    // sentence of a failed open or save (never a stale confirmation beside a failure).
    std::string status;
    bool status_failed = false;

    // The last open or save of a trace file: under way, or how it ended. The dialog that asked
    // stays open while it runs and shows a failure inside it, so the path can be corrected.
    struct FileTask {
        bool pending = false;
        std::string failure;  // empty: it worked (or none ran yet)
    };
    FileTask open_task, save_task;

    // Stepping. `step` indexes trace->trace.steps; the compare view shows min(step, its last).
    // While both runs step together (the Compare tab) and the comparison has more steps, stepping
    // on past the main run's last step moves the comparison on alone (`compare_extra` steps), to
    // its end.
    size_t step = 0;
    bool stepping_both = false;
    size_t compare_extra = 0;
    bool playing = false;
    std::optional<size_t> play_stop;  // playing stops at this step (a lesson's range), else at the end
    float steps_per_second = 1.5f;

    // The live tab: its benchmark, and its sampled trace of a full-size run. The sampled trace
    // replaces the trace on screen like a run does (so every view steps through it); the last
    // one and its report stay here so the tab can show it again.
    LiveBench bench;
    SampledForm sampled_form;
    SampledReport sampled_preview;  // the figures for sampled_form (or its refusal), once computed
    TracePtr sampled_trace;
    SampledReport sampled_report;  // of sampled_trace
    std::string sampled_error;  // the last refused sampled trace; the trace on screen stays

    // The Exercises panel's answers (computed on workers, like the runs).
    ExerciseBook exercises;

    // The Your kernel panel: the student's .cu file, its last run and its grading, and the
    // commands on them (your_kernel_model.hpp).
    YourKernelModel your_kernel;

    // The typed input being edited (values, random N and seed): a draft that the form takes only
    // on Enter or Run, so a half-typed value never runs and the last good trace stays meanwhile.
    // Empty: the field shows the form's own value.
    std::optional<std::string> text_draft;
    std::optional<int64_t> random_n_draft;
    std::optional<uint64_t> seed_draft;
    std::optional<std::string> flags_draft;  // the segmented scan's head flags
    bool has_draft() const { return text_draft || random_n_draft || seed_draft || flags_draft; }

    // Commands.
    void run();  // the form, on a worker; the result replaces the trace when it is done
    // The trace on screen is a run of the Your kernel panel's kernel (not a trace file of one): the
    // controls' input, type, operator, direction, section, warps, schedule and comparison apply to it.
    bool kernel_on_screen() const;
    // A change in the controls: while kernel_on_screen(), the student's kernel again with them
    // (your_kernel.run()); else the form's built-in algorithm (run()).
    void run_again();
    void commit_input();  // Enter or Run: the drafts into the form, then run_again()
    // A run stated elsewhere (an exercise's) into the form, with the backend and the comparison
    // the user chose, and run() it: the main view shows it when it is done.
    void open_run(const RunSpec& spec);
    void trace_sampled();  // sampled_form, on a worker; replaces the trace when done
    void preview_sampled();  // figures for a changed sampled_form, on a worker (call every frame)
    void show_sampled();  // the last sampled trace back on screen
    // The controls take the settings of the trace on screen (an opened file's, the Live run tab's
    // sampled trace's): what they show is what ran, and a change runs from there. The values are
    // typed where they are few enough to keep (a sampled trace's: its N random values and seed);
    // the backend stays the user's.
    void follow_trace_on_screen();
    void open_trace(const std::string& path);
    void save_trace(const std::string& path);
    void load_fig910();

    void step_forward();
    void step_back();
    void first_step();
    void last_step();
    void toggle_play();
    void go_to(size_t k);

    // Called once a frame: takes in finished work and advances playback by dt seconds.
    void poll(double dt);
    // While playing: how long until poll() takes the next step (the frame loop sleeps till then).
    double seconds_to_next_step() const;
    // Blocks until no work is pending (for --shot and the tests).
    void wait();
    // Blocks until every job's work has ended without taking its result in: what the next frame
    // finds when a worker finished between two polls (the tests' seam for a Cancel just then).
    void wait_unpolled();
    // Blocks until every save under way is written (a few writes): quitting finishes those, and
    // leaves anything else still running (a run, a trace file's check) to end with the process.
    void finish_saves();
    // Stops waiting for the open under way: the trace on screen stays, and the file's result is
    // dropped whenever its reading and check end.
    void cancel_open();

    bool busy() const;
    // The progress (0 to 1) of the job under way that is written in slices and can be cancelled (a
    // save), or -1 where there is none; and the Cancel that stops it between two slices.
    float job_progress() const;
    std::string job_what() const;  // "saving scanlab-hierarchical.json"
    void cancel_job();
    // Anything under way, the benchmark included: the window keeps redrawing while it is.
    bool working() const;
    // The preview on screen is for the form as it is now.
    bool preview_current() const;
    std::string busy_what() const;
    size_t step_count() const;
    // The step of the comparison trace shown beside step `step`.
    size_t compare_step() const;
    // The run the stepper and the explanation follow: while both runs step together, the longer
    // one (the shorter rests on its last step), else the main run; its step; and a go_to on it.
    const ShownTrace* stepped_trace() const;
    size_t stepped_step() const;
    void go_to_stepped(size_t k);
    // How many steps the comparison has past the main run's last, while both step together.
    size_t compare_steps_past_main() const;
    // The last step of the main run (and, stepping both, of the comparison) is shown.
    bool at_end() const;

    // The coordination the jobs finish through (session_job.hpp). Each run, open or sampled trace
    // is a request numbered in turn; a job's result is taken in only while its request is the
    // newest, so a Cancel, or a newer request, drops an older one's result whenever it comes.
    uint64_t new_request() { return ++generation_; }
    bool newest(uint64_t request) const { return request == generation_; }
    uint64_t newest_request() const { return generation_; }
    void start(std::unique_ptr<SessionJob> job);
    // The sampled preview holds an estimate of a form (else it is the default, made for none).
    bool sampled_previewed = false;

    Session();
    Session(Session&&) noexcept;
    Session& operator=(Session&&) noexcept;
    ~Session();

private:
    std::vector<std::unique_ptr<SessionJob>> jobs_;
    uint64_t generation_ = 0;  // the newest run/open/sampled trace; older results are dropped
    std::optional<std::pair<SampledForm, BackendChoice>> preview_asked_;  // of the newest preview job
    double play_clock_ = 0;
    double play_period() const { return 1.0 / std::max(0.05f, steps_per_second); }
    const SessionJob* sliced_job() const;
};

}  // namespace scanlab::gui
