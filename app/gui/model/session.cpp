#include "app/gui/model/session.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <new>
#include <optional>
#include <sstream>

#include "app/gui/model/background.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/model/save_job.hpp"
#include "app/gui/model/settings.hpp"
#include "core/error.hpp"
#include "core/input/overflow.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_header.hpp"
#include "core/input/run_words.hpp"
#include "core/input/trace_budget.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"
#include "core/trace_io/trace_json.hpp"
#include "core/values.hpp"
#include "kernel_tracer/runtime/block_order_words.hpp"
#include "kernels/select_backend.hpp"

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

namespace {

// The spec a trace was recorded with, for the algorithm `a` (a comparison beside a file): the
// trace's operator, type and direction, and its section where `a` takes one.
RunSpec spec_like(const Trace& t, Algorithm a) {
    // The trace's own run with `a` in its place: the same input, type, operator, direction, warps
    // and block algorithm; the options `a`'s row does not take go back to their defaults, and the
    // comparison is traced in full, never sampled.
    Form f;
    f.request = request_of(t.run(), t.flags);
    ScanRequest& q = f.request;
    const ScanRequest defaults;
    const AlgorithmInfo& row = algorithm_info(a);
    q.algorithm = a;
    if (row.reach != Reach::multi_block) q.section = 0;
    if (!row.takes_flags) q.flags.clear();
    if (row.reach != Reach::single_pass) {
        q.block_schedule = defaults.block_schedule;
        q.resident_blocks = defaults.resident_blocks;
    }
    if (!row.takes_static_index) q.static_index = false;
    if (!row.takes_window) q.lookback_window = defaults.lookback_window;
    q.detail = Detail::full;
    q.sample = {};
    q.max_trace_bytes = kAppMaxTraceBytes;  // the file's own limit was the recording machine's
    return f;
}

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

// Why no comparison runs beside the run, said plainly for the views. The usual case, a one-section
// scan at an N past its section, names the N it runs at; any other refusal keeps its sentence.
std::string no_comparison(const ScanRequest& q, int64_t n, const std::string& refusal) {
    const AlgorithmInfo& info = algorithm_info(q.algorithm);
    std::string why = refusal;
    if (info.one_section()) {
        const int c = info.takes_coarsening ? (q.coarsening ? q.coarsening : info.elements_per_thread) : 0;
        const int64_t capacity = c > 0 ? section_capacity(info, c, element_bytes(q.type)) : info.capacity();
        if (capacity > 0 && n > capacity) why = std::string(info.title) + " scans one section, up to N = " + grouped(capacity);
    }
    return "No " + std::string(info.title) + " comparison at N = " + grouped(n) + ": " + why + ".";
}

}  // namespace

RunResult run_form(const Form& form, bool with_compare) {
    return guarded([&](RunResult& r) {
        // Loaded and resolved once: a refusal of the input or the request is the same sentence with
        // or without a GPU, but a request the emulation would take hours over is refused before
        // its input is made.
        BackendSelection sel = select_backend(form.backend);
        const PreparedRun run = prepare(form, Voice::app, sel.backend->name() == "cpu");
        r.emulation_reason = sel.emulation_reason;
        r.backend_description = sel.backend->description();
        r.main = make_shown(sel.backend->run(run.resolved, run.input), run.origin);
        if (!with_compare) return;
        try {
            const ResolvedRequest q = resolve_for(form, form.compare_algorithm, run.input, Voice::app, run.resolved.request.flags);
            r.compare = make_shown(sel.backend->run(q, run.input), run.origin);
        } catch (const ScanError& e) {
            r.compare_error = no_comparison(request_for(form, form.compare_algorithm), int64_t(size_of(run.input)), e.what());
        }
    });
}

TracePtr run_fig910(BackendChoice backend) {
    Form f;  // the defaults are Figure 9.10: hierarchical Kogge-Stone, sections of 4
    f.backend = backend;
    RunResult r = run_form(f, false);
    if (!r.main) {  // a GPU that was asked for and is missing: the emulation still draws the figure
        f.backend = BackendChoice::cpu;
        r = run_form(f, false);
    }
    return r.main;
}

bool sampled_runs_on_gpu(BackendChoice backend) { return backend != BackendChoice::cpu && gpu_unavailable_reason().empty(); }

RunResult run_sampled(const SampledForm& form, BackendChoice backend) {
    return guarded([&](RunResult& r) {
        BackendSelection sel = select_backend(backend);  // --backend gpu with no GPU: its sentence
        ResolvedRequest resolved;
        ValueArray input;
        auto report = std::make_shared<SampledReport>(plan_sampled(form, sel.backend->name() == "gpu", &resolved, &input));
        r.emulation_reason = sel.emulation_reason;
        r.backend_description = sel.backend->description();
        const auto start = std::chrono::steady_clock::now();
        Trace t = sel.backend->run(resolved, input);
        report->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        report->backend = t.backend == "cpu" ? "the CPU emulation" : r.backend_description;
        // S at every level: what each level's "write S" step wrote.
        for (const Step& s : t.steps)
            if (s.phase == Phase::block_sum_write) report->block_sums.push_back(int64_t(size_of(s.values)));
        const std::string origin = "sampled block " + grouped(report->first_block) + " of " + grouped(report->grid);
        r.main = make_shown(std::move(t), origin);
        r.sampled = std::move(report);
    });
}

// ---------------------------------------------------------------------------------------------

#if defined(__EMSCRIPTEN__)
namespace {

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
        RunResult compared = guarded([&](RunResult& r) {
            try {
                const ResolvedRequest q = resolve_for(form, form.compare_algorithm, run.input, Voice::app, run.resolved.request.flags);
                r.compare = make_shown(state->sel.backend->run(q, run.input), run.origin);
            } catch (const ScanError& e) {
                r.compare_error = no_comparison(request_for(form, form.compare_algorithm), int64_t(size_of(run.input)), e.what());
            }
        });
        state->result.compare = compared.compare;
        state->result.compare_error = compared.error.empty() ? compared.compare_error : compared.error;
        progress->fraction = 1.0f;
        return true;
    };
    auto finish = [state] { return std::move(state->result); };
    return start_sliced_job(std::move(advance), std::move(finish), std::move(progress));
}

}  // namespace
#endif

void Session::run() {
    const Form f = form;
    const uint64_t g = ++generation_;
#if defined(__EMSCRIPTEN__)
    auto progress = std::make_shared<JobProgress>();
    jobs_.push_back({JobKind::run, g, "running " + std::string(name(f.request.algorithm)), start_run_job(f, progress), progress});
#else
    jobs_.push_back({JobKind::run, g, "running " + std::string(name(f.request.algorithm)), start_job([f] { return run_form(f, true); })});
#endif
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
        run_kernel();
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

namespace {

// A path that can be read as a trace file, or the sentence why not.
void check_openable(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw ScanError("cannot open trace " + quoted_path(path) + ": it is a directory");
    // A device or a named pipe may never end (or never start).
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        throw ScanError("cannot open trace " + quoted_path(path) + ": it is not a regular file");
}

// The comparison run on an opened trace's own input and operator (a full trace's only).
void compare_opened(RunResult& r, const Trace& t, const std::string& origin, Algorithm compare_algo, BackendChoice choice) {
    if (t.detail != Detail::full) return;
    try {
        BackendSelection sel = select_backend(choice);
        const ResolvedRequest q = resolve(spec_like(t, compare_algo).request, t.input, Voice::app);
        r.compare = make_shown(sel.backend->run(q, t.input), origin);
    } catch (const ScanError& e) {
        r.compare_error = no_comparison(spec_like(t, compare_algo).request, t.n, e.what());
    }
}

std::string opened_origin(const std::string& path) { return "file " + std::filesystem::path(path).filename().string(); }

// An opened trace, with the comparison run on the file's own input and operator.
void show_opened(RunResult& r, Trace t, const std::string& path, Algorithm compare_algo, BackendChoice choice) {
    compare_opened(r, t, opened_origin(path), compare_algo, choice);
    r.main = make_shown(std::move(t), opened_origin(path));
}

#if defined(__EMSCRIPTEN__)
// The page reads the file's JSON a slice at a time (TraceJsonReading, which then builds the trace
// and holds it against its run in slices of their own), with its progress and a Cancel on screen;
// the comparison runs in a slice of its own.
std::future<RunResult> start_open_job(const std::string& path, Algorithm compare_algo, BackendChoice choice,
                                      std::shared_ptr<JobProgress> progress) {
    struct State {
        std::ifstream in;
        std::string text;
        size_t size = 0;
        std::optional<TraceJsonReading> reading;
        std::optional<Trace> trace;  // read and checked, before its comparison
        RunResult compared;
        std::string error;
    };
    auto state = std::make_shared<State>();
    auto advance = [state, path, compare_algo, choice, progress] {
        constexpr size_t kPiece = size_t(4) << 20;  // bytes read from the page's file system a slice
        try {
            if (state->trace) {
                state->compared =
                    guarded([&](RunResult& r) { compare_opened(r, *state->trace, opened_origin(path), compare_algo, choice); });
                progress->fraction = 1.0f;
                return true;
            }
            if (!state->in.is_open() && !state->reading) {
                check_openable(path);
                state->in.open(path, std::ios::binary | std::ios::ate);
                if (!state->in) throw ScanError("cannot open trace " + quoted_path(path) + ": it does not exist or is not readable");
                state->size = size_t(state->in.tellg());
                state->in.seekg(0);
                state->text.reserve(state->size);
                return false;
            }
            if (!state->reading) {
                const size_t at = state->text.size(), piece = std::min(kPiece, state->size - at);
                state->text.resize(at + piece);
                if (!state->in.read(state->text.data() + at, std::streamsize(piece)))
                    throw ScanError("reading " + quoted_path(path) + " failed partway");
                progress->fraction = float(0.1 * double(state->text.size()) / double(std::max<size_t>(state->size, 1)));
                if (state->text.size() < state->size) return false;
                state->in.close();
                std::error_code ec;
                std::filesystem::remove(path, ec);  // the page's copy of the file, read: its memory back
                state->reading.emplace(std::move(state->text), quoted_path(path));
                return false;
            }
            const bool read = state->reading->advance(4096);
            progress->fraction = float(0.1 + 0.85 * state->reading->progress());
            if (read) {
                state->trace = state->reading->take();
                state->reading.reset();
            }
            return false;
        } catch (const ScanError& e) {
            state->error = e.what();
        } catch (const std::bad_alloc&) {
            state->error = quoted_path(path) + " is too large to load in the memory this page has";
        }
        return true;
    };
    auto finish = [state, path, progress] {
        return guarded([&](RunResult& r) {
            if (progress->cancelled) throw ScanError("opening was cancelled");
            if (!state->error.empty()) throw ScanError(state->error);
            r.compare = std::move(state->compared.compare);
            r.compare_error = state->compared.error.empty() ? state->compared.compare_error : state->compared.error;
            r.main = make_shown(std::move(*state->trace), opened_origin(path));
        });
    };
    return start_sliced_job(std::move(advance), std::move(finish), std::move(progress));
}
#endif

}  // namespace

void Session::open_trace(const std::string& path) {
    const uint64_t g = ++generation_;
    const Algorithm compare_algo = form.compare_algorithm;
    const BackendChoice choice = form.backend;
    open_task = {true, ""};
#if defined(__EMSCRIPTEN__)
    auto progress = std::make_shared<JobProgress>();
    jobs_.push_back({JobKind::open, g, "opening " + quoted_path(path), start_open_job(path, compare_algo, choice, progress), progress});
#else
    jobs_.push_back({JobKind::open, g, "opening " + quoted_path(path), start_job([path, compare_algo, choice] {
                         return guarded([&](RunResult& r) {
                             check_openable(path);
                             std::ifstream in(path, std::ios::binary);
                             if (!in) throw ScanError("cannot open trace " + quoted_path(path) + ": it does not exist or is not readable");
                             // The path quoted, as the other failures say it: a sentence begins with its quote mark,
                             // never with a path capitalised into another one ("M/x.json").
                             show_opened(r, read_trace_json(in, quoted_path(path)), path, compare_algo, choice);
                         });
                     })});
#endif
}

void Session::save_trace(const std::string& path) {
    if (!trace) {
        save_task = {false, "There is no trace to save yet."};
        return;
    }
    save_task = {true, ""};
    auto progress = std::make_shared<JobProgress>();
    jobs_.push_back({JobKind::save, generation_, "saving " + quoted_path(path), start_save_job(trace, path, progress), progress});
}

void Session::trace_sampled() {
    const SampledForm f = sampled_form;
    const BackendChoice choice = form.backend;
    const uint64_t g = ++generation_;
    jobs_.push_back({JobKind::sampled, g, "tracing block " + grouped(f.block) + " of a run of N = " + grouped(f.n),
                     start_job([f, choice] { return run_sampled(f, choice); })});
}

void Session::preview_sampled() {
    const std::pair<SampledForm, BackendChoice> asked{sampled_form, form.backend};
    if (preview_asked_ == asked) return;
    // One estimate at a time (each makes N input values); a later frame asks for the newest form.
    for (const Job& j : jobs_)
        if (j.kind == JobKind::preview) return;
    preview_asked_ = asked;
    jobs_.push_back({JobKind::preview, 0, "estimating the sampled trace", start_job([asked] {
                         RunResult r;
                         r.sampled =
                             std::make_shared<const SampledReport>(estimate_sampled(asked.first, sampled_runs_on_gpu(asked.second)));
                         return r;
                     })});
}

bool Session::preview_current() const {
    return previewed_ && sampled_preview.form == sampled_form && sampled_preview.on_gpu == sampled_runs_on_gpu(form.backend);
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

void Session::open_kernel(const std::string& path) {
    YourKernel& k = your_kernel;
    std::error_code ec;
    const auto fail = [&](const std::string& why) {
        k.said = "Cannot open " + quoted_path(path) + ": " + why + "; the editor is unchanged.";
        k.said_failed = true;
    };
    if (std::filesystem::is_directory(path, ec)) return fail("it is a folder");
    if (!std::filesystem::is_regular_file(path, ec)) return fail("it does not exist or is not a regular file");
    if (std::filesystem::file_size(path, ec) > (1u << 20)) return fail("it is larger than 1 MiB, more than a kernel's source");
    // Read whole or not at all: a read that fails partway (EIO) is said, never a truncated kernel
    // put in the editor to be compiled as if it were the file.
    const SmallFile file = read_small_file(path, 1 << 20);
    if (!file.problem.empty()) return fail(file.problem);
    if (!file.exists) return fail("it does not exist or is not a regular file");
    k.path = path;
    k.name = std::filesystem::path(path).filename().string();
    k.text = k.saved_text = k.opened_text = file.text;
    k.starter = nullptr;
    k.from_disk = true;
    ++k.text_version;
    k.report.reset();
    k.selected_finding = -1;
    k.line_to_show = 0;
    k.said.clear();
    k.said_failed = false;
    k.restored.clear();
    status = "opened " + quoted_path(path);
    status_failed = false;
}

void Session::open_starter(const KernelStarter& starter) {
    YourKernel& k = your_kernel;
    const std::string from = starter_path(starter);
    open_kernel(from);
    if (k.said_failed) return;
    // A copy: Save asks where, so the starter itself is never written over.
    k.path.clear();
    k.saved_text.clear();
    k.starter = &starter;
    k.from_disk = false;  // the starter is Scan Lab's own
    k.like = starter.like;
    status = "a copy of the starter " + std::string(starter.file) + ": write the part between TODO and END TODO, then Run";
}

bool Session::try_exercise(int exercise) {
    const KernelStarter* starter = starter_for_exercise(exercise);
    if (!starter) return false;
    pick_starter(*starter);
    return true;
}

void Session::pick_starter(const KernelStarter& starter_picked) {
    const KernelStarter* starter = &starter_picked;
    open_starter(*starter);
    const BackendChoice backend = form.backend;
    static_cast<RunSpec&>(form) = starter_run(*starter);
    form.backend = backend;
    text_draft.reset();
    random_n_draft.reset();
    seed_draft.reset();
    flags_draft.reset();
}

void Session::edit_kernel(const std::string& text) {
    your_kernel.text = text;
    your_kernel.restored.clear();
}

void Session::save_kernel(const std::string& path) {
    YourKernel& k = your_kernel;
    k.restored.clear();
    try {
        save_file_atomically(path, "the kernel", [&](std::ostream& out) { out << k.text; });
        k.path = path;
        k.name = std::filesystem::path(path).filename().string();
        k.saved_text = k.text;
        k.said.clear();
        k.said_failed = false;
        status = "saved the kernel to " + quoted_path(path);
        status_failed = false;
    } catch (const ScanError& e) {
        // The atomic save leaves an existing file as it was and no half-written one.
        k.said = as_sentence(e.what()) + " Nothing was written; the editor keeps the text.";
        k.said_failed = true;
    }
}

void Session::run_kernel() {
    YourKernel& k = your_kernel;
    k.restored.clear();
    ++device_checks_;  // the last run's check, still under way, speaks of a report this run replaces
    if (k.cancel) *k.cancel = true;  // a run still under way is no longer wanted
    KernelOrder order;
    order.file_name = k.name;
    order.path = k.dirty() ? "" : k.path;
    order.text = k.text;
    order.spec = form;
    // The drafts being typed are the input the user sees.
    if (text_draft) order.spec.input.text = *text_draft;
    if (random_n_draft) order.spec.input.random_n = *random_n_draft;
    if (seed_draft) order.spec.input.seed = *seed_draft;
    order.like = k.like;
    order.block_dim = k.block_dim;
    order.grid_dim = k.grid_dim;
    order.block_schedule = k.block_schedule;
    order.cancel = k.cancel = std::make_shared<std::atomic<bool>>(false);
    order.trust = k.trusted_without_sandbox();
    order.gpu_trust = k.trusted_for_gpu();
    k.running = true;
    const Algorithm compare_algo = form.compare_algorithm;
    const BackendChoice choice = form.backend;
    const uint64_t g = kernel_generation_ = ++generation_;
    jobs_.push_back({JobKind::kernel, g, "compiling and running " + k.name, start_job([order, compare_algo, choice] {
                         KernelOutcome o = run_kernel_order(order);
                         RunResult r = guarded([&](RunResult& r) {
                             if (!o.trace) return;
                             const std::string origin = "your kernel " + order.file_name;
                             // The comparison runs on the kernel's own input, type and operator, as beside a trace file.
                             try {
                                 BackendSelection sel = select_backend(choice);
                                 const ResolvedRequest q = resolve(spec_like(*o.trace, compare_algo).request, o.trace->input, Voice::app);
                                 r.compare = make_shown(sel.backend->run(q, o.trace->input), origin);
                             } catch (const ScanError& e) {
                                 r.compare_error = no_comparison(spec_like(*o.trace, compare_algo).request, o.trace->n, e.what());
                             }
                             r.main = make_shown(std::move(*o.trace), origin, kernel_tracer::step_findings(o.report.findings));
                         });
                         if (!r.error.empty() && o.report.stopped.empty()) o.report.stopped = as_sentence(r.error);
                         r.error.clear();
                         r.kernel = std::make_shared<const KernelReport>(std::move(o.report));
                         return r;
                     })});
}

bool Session::grade_kernel(int exercise) {
    YourKernel& k = your_kernel;
    k.restored.clear();
    GradeOrder order;
    order.exercise = exercise;
    order.file_name = k.name;
    order.path = k.dirty() ? "" : k.path;
    order.text = k.text;
    order.trust = k.trusted_without_sandbox();
    order.every_type = grade_every_type;
    k.grade_exercise = exercise;
    return grading.start(std::move(order));
}

void Session::open_grade_failure(size_t check) {
    if (!grading.outcome || !grading.outcome->grade || check >= grading.outcome->grade->checks.size()) return;
    const kernel_tracer::Grade& g = *grading.outcome->grade;
    std::vector<std::string> words = g.checks[check].failing_words;
    if (words.empty()) return;
    YourKernel& k = your_kernel;
    RunSpec spec;
    BlockSchedule blocks;
    try {
        blocks = kernel_tracer::take_block_schedule(words).value_or(BlockSchedule{});
        spec = parse_run_words(words, [](const std::string&, const auto&) { return false; });
    } catch (const ScanError& e) {
        error = as_sentence(e.what());
        return;
    }
    k.block_schedule = blocks;
    k.like = g.like;
    k.block_dim = 0;
    k.grid_dim = 0;
    const BackendChoice backend = form.backend;
    const Algorithm compare_algorithm = form.compare_algorithm;
    static_cast<RunSpec&>(form) = spec;
    form.request.algorithm = g.like;
    form.backend = backend;
    form.compare_algorithm = compare_algorithm;
    text_draft.reset();
    random_n_draft.reset();
    seed_draft.reset();
    flags_draft.reset();
    run_kernel();
}

void Session::trust_kernel_and_run() {
    your_kernel.trusted_files.insert(your_kernel.trust_key());
    run_kernel();
}

void Session::trust_kernel_for_gpu() {
    YourKernel& k = your_kernel;
    k.gpu_trusted_files.insert(k.trust_key());
    // The run on screen is checked at once; later runs of the file are trusted as they start.
    if (!k.report || !k.report->device || !kernel_on_screen()) return;
    k.report->device->trusted = true;
    start_device_check(trace);
}

void Session::start_device_check(const TracePtr& shown) {
    KernelReport& report = *your_kernel.report;
    if (!report.device || !shown) return;
    report.device_checking = true;
    const KernelDeviceOrder order = *report.device;
    jobs_.push_back({JobKind::device_check, ++device_checks_, "checking " + your_kernel.name + " on the GPU", start_job([order, shown] {
                         RunResult r;
                         r.device_check = check_kernel_on_device(order, shown->trace);
                         return r;
                     })});
}

void Session::cancel_kernel() {
    YourKernel& k = your_kernel;
    if (!k.running) return;
    if (k.cancel) *k.cancel = true;
    k.running = false;
    if (kernel_generation_ == generation_) ++generation_;  // its result, when it comes, is dropped
    kernel_generation_ = 0;
    status = "The run of " + k.name + " was cancelled; the trace on screen is unchanged.";
    status_failed = false;
}

void Session::show_finding(int index) {
    YourKernel& k = your_kernel;
    if (!k.report || index < 0 || index >= int(k.report->findings.size())) return;
    k.selected_finding = index;
    const kernel_tracer::Finding& f = k.report->findings[size_t(index)];
    if (f.step >= 0 && trace && trace->trace.kernel.size()) go_to(size_t(f.step));
    playing = false;
    if (f.line > 0) k.line_to_show = f.line, ++k.show_version;
}

void Session::show_compiler_message(int index) {
    YourKernel& k = your_kernel;
    if (!k.report || index < 0 || index >= int(k.report->compiler.size()) || k.report->compiler[size_t(index)].line <= 0) return;
    k.line_to_show = k.report->compiler[size_t(index)].line;
    ++k.show_version;
}

namespace {
const char* const kDraftText = "/your-kernel-draft.cu";
const char* const kDraftFile = "/your-kernel-draft.txt";  // two lines: the file's name, its path (or none)
}  // namespace

void Session::keep_kernel_draft(const std::string& folder) {
    const YourKernel& k = your_kernel;
    std::error_code ec;
    if (folder.empty()) return;
    // A starter's copy untouched is no work of the student's.
    const bool untouched_starter = k.starter && k.text == read_small_file(starter_path(*k.starter), 1 << 20).text;
    if (k.text.empty() || !k.dirty() || untouched_starter) {
        std::filesystem::remove(folder + kDraftText, ec);
        std::filesystem::remove(folder + kDraftFile, ec);
        return;
    }
    try {
        save_file_atomically(folder + kDraftText, "the kernel's unsaved text", [&](std::ostream& out) { out << k.text; });
        save_file_atomically(folder + kDraftFile, "the kernel's name", [&](std::ostream& out) { out << k.name << "\n" << k.path << "\n"; });
    } catch (const ScanError&) {
        // Quitting goes on: the settings' folder could not be written, and says so elsewhere.
    }
}

void Session::restore_kernel_draft(const std::string& folder) {
    if (folder.empty()) return;
    const SmallFile text = read_small_file(folder + kDraftText, 1 << 20), file = read_small_file(folder + kDraftFile, 4096);
    if (!text.exists || !text.problem.empty() || text.text.empty()) return;
    std::istringstream lines(file.text);
    std::string name, path;
    std::getline(lines, name);
    std::getline(lines, path);
    YourKernel& k = your_kernel;
    k.name = name.empty() ? k.name : std::filesystem::path(name).filename().string();
    k.path = path;
    k.saved_text = path.empty() ? "" : read_small_file(path, 1 << 20).text;
    k.text = text.text;
    k.starter = nullptr;
    k.from_disk = !path.empty();
    ++k.text_version;
    k.restored = k.name + " is as you left it when the app last quit, not saved yet" +
                 (path.empty() ? std::string(": Save asks where to keep it.") : " (" + quoted_path(path) + " holds what was saved).");
    status = "Your kernel: " + k.name + " as you left it, not saved yet";
    status_failed = false;
}

void Session::load_fig910() {
    const BackendChoice choice = form.backend;
    jobs_.push_back({JobKind::fig910, 0, "running Figure 9.10", start_job([choice] {
                         RunResult r;
                         r.main = run_fig910(choice);
                         return r;
                     })});
}

void Session::finish(Job& job, RunResult r) {
    switch (job.kind) {
        case JobKind::fig910:
            if (r.main) fig910 = r.main;
            return;
        case JobKind::preview:
            if (r.sampled) sampled_preview = *r.sampled;
            previewed_ = true;
            return;
        case JobKind::kernel: {
            if (job.generation != kernel_generation_) return;  // cancelled, or a newer run of the kernel
            YourKernel& k = your_kernel;
            k.running = false;
            kernel_generation_ = 0;
            k.report = *r.kernel;
            k.selected_finding = -1;
            k.line_to_show = 0;
            if (!r.main || job.generation != generation_) return;  // no trace (the report says why), or a newer run
            error.clear();
            status_failed = false;
            trace = r.main;
            compare = r.compare;
            compare_error = r.compare_error;
            emulation_reason.clear();
            backend_description = "the kernel tracer (your kernel on the CPU)";
            status = "traced " + k.name + " with " + std::to_string(k.report->findings.size()) +
                     (k.report->findings.size() == 1 ? " finding" : " findings");
            step = 0;
            compare_extra = 0;
            start_device_check(trace);
            return;
        }
        case JobKind::device_check:
            if (job.generation != device_checks_ || !your_kernel.report || !r.device_check) return;  // a newer run's report
            your_kernel.report->device_checking = false;
            your_kernel.report->device_check = *r.device_check;
            return;
        case JobKind::sampled:
            if (job.generation != generation_) return;  // a newer request superseded it
            if (!r.error.empty()) {
                sampled_error = r.error;  // the trace on screen stays
                return;
            }
            sampled_error.clear();
            error.clear();
            sampled_trace = r.main;
            sampled_report = *r.sampled;
            emulation_reason = r.emulation_reason;
            backend_description = r.backend_description;
            status.clear();
            status_failed = false;
            show_sampled();
            return;
        case JobKind::save:
            save_task.pending = false;
            if (job.progress && job.progress->cancelled) {
                save_task.failure = status = kSaveCancelled;
                status_failed = false;
                return;
            }
            if (r.error.empty()) {
                save_task.failure.clear();
                status = r.status;
            } else {
                // The atomic save leaves an existing file as it was and no half-written one.
                save_task.failure = as_sentence(r.error) + " Nothing was written.";
                status = save_task.failure;
            }
            status_failed = !r.error.empty();
            return;
        case JobKind::run:
        case JobKind::open:
            if (job.kind == JobKind::open && job.generation == generation_) {
                open_task.pending = false;
                open_task.failure = r.error.empty() ? "" : as_sentence(r.error) + " The trace on screen is unchanged.";
                if (!r.error.empty()) {
                    status = open_task.failure;
                    status_failed = true;
                    return;
                }
            }
            if (job.generation != generation_) return;  // a newer request superseded it
            if (!r.error.empty()) {
                error = r.error;  // the trace on screen stays
                return;
            }
            error.clear();
            status_failed = false;
            const bool same_shape = trace && r.main && trace->trace.steps.size() == r.main->trace.steps.size();
            trace = r.main;
            compare = r.compare;
            compare_error = r.compare_error;
            if (job.kind == JobKind::run) {
                emulation_reason = r.emulation_reason;
                backend_description = r.backend_description;
                status.clear();
            } else {
                status = "opened " + trace->origin + " (recorded on " + trace->trace.backend + ")";
                follow_trace_on_screen();
            }
            if (const std::string w = float_range_warning(trace->trace.result, trace->trace.type); !w.empty())
                status = status.empty() ? w : status + "; " + w;
            if (!same_shape || job.kind == JobKind::open) step = 0;
            step = std::min(step, step_count() ? step_count() - 1 : 0);
            compare_extra = 0;
            return;
    }
}

void Session::poll(double dt) {
    bench.poll();
    exercises.poll();
    grading.poll();
    for (size_t i = 0; i < jobs_.size();) {
        if (jobs_[i].future.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
            Job job = std::move(jobs_[i]);
            jobs_.erase(jobs_.begin() + long(i));
            finish(job, job.future.get());
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
        jobs_.front().future.wait();
        poll(0);
    }
    bench.wait();
    exercises.wait();
    grading.wait();
}

void Session::wait_unpolled() {
    for (Job& j : jobs_) j.future.wait();
}

void Session::finish_saves() {
    for (Job& j : jobs_)
        if (j.kind == JobKind::save) j.future.wait();
    poll(0);
}

void Session::cancel_open() {
    if (!open_task.pending) return;
    ++generation_;  // its result, when it comes, is for an older request and is dropped
    open_task = {false, ""};
    status = "Opening was cancelled; the trace on screen is unchanged.";
    status_failed = false;
}

const Session::Job* Session::sliced_job() const {
    for (const Job& j : jobs_)
        if (j.progress && !j.progress->cancelled) return &j;
    return nullptr;
}

float Session::job_progress() const {
    const Job* j = sliced_job();
    return j ? j->progress->fraction.load() : -1.0f;
}

std::string Session::job_what() const {
    const Job* j = sliced_job();
    return j ? j->what : "";
}

void Session::cancel_job() {
    for (Job& j : jobs_) {
        if (!j.progress || j.progress->cancelled) continue;
        j.progress->cancelled = true;
        if (j.kind == JobKind::open) cancel_open();  // the trace on screen stays
        if (j.kind == JobKind::run && j.generation == generation_) {
            ++generation_;  // its result is dropped: the run on screen stays
            status = "The run was cancelled; the trace on screen is unchanged.";
            status_failed = false;
        }
    }
}

bool Session::working() const { return !jobs_.empty() || bench.running() || exercises.working() || grading.running(); }

bool Session::busy() const {
    for (const Job& j : jobs_)
        if (j.kind != JobKind::fig910 && j.kind != JobKind::save && j.kind != JobKind::preview && j.kind != JobKind::device_check &&
            j.generation == generation_)
            return true;
    return false;
}

std::string Session::busy_what() const {
    for (const Job& j : jobs_)
        if (j.generation == generation_ && j.kind != JobKind::fig910 && j.kind != JobKind::preview && j.kind != JobKind::device_check)
            return j.what;
    return jobs_.empty() ? "" : jobs_.front().what;
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
