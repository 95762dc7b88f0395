// The Your kernel panel's commands: the student's file opened, edited, saved, run and graded, and
// how a run of it and its device check take their results in.
#include <filesystem>
#include <sstream>

#include "app/gui/model/session_job.hpp"
#include "app/gui/model/settings.hpp"
#include "app/gui/model/worker_runs.hpp"
#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_words.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"
#include "kernel_tracer/runtime/block_order_words.hpp"
#include "kernels/select_backend.hpp"

namespace scanlab::gui {

// A run of the editor's kernel: its report, always (the panel says what came of it), and its
// trace on screen in place of the last, unless a newer request came since.
struct Session::KernelJob final : SessionJob {
    using SessionJob::SessionJob;
    void finish(Session& s, RunResult r) override {
        if (generation != s.kernel_generation_) return;  // cancelled, or a newer run of the kernel
        YourKernel& k = s.your_kernel;
        k.running = false;
        s.kernel_generation_ = 0;
        k.report = *r.kernel;
        k.selected_finding = -1;
        k.line_to_show = 0;
        if (!r.main || !s.newest(generation)) return;  // no trace (the report says why), or a newer run
        s.error.clear();
        s.status_failed = false;
        s.trace = r.main;
        s.compare = r.compare;
        s.compare_error = r.compare_error;
        s.emulation_reason.clear();
        s.backend_description = "the kernel tracer (your kernel on the CPU)";
        s.status = "traced " + k.name + " with " + std::to_string(k.report->findings.size()) +
                   (k.report->findings.size() == 1 ? " finding" : " findings");
        s.step = 0;
        s.compare_extra = 0;
        s.start_device_check(s.trace);
    }
};

// The device check of the kernel's run on screen: what the GPU gave, into that run's report.
struct Session::DeviceCheckJob final : SessionJob {
    using SessionJob::SessionJob;
    void finish(Session& s, RunResult r) override {
        if (generation != s.device_checks_ || !s.your_kernel.report || !r.device_check) return;  // a newer run's report
        s.your_kernel.report->device_checking = false;
        s.your_kernel.report->device_check = *r.device_check;
    }
    Presence presence() const override { return Presence::quiet; }
};

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
    const uint64_t g = kernel_generation_ = new_request();
    start(std::make_unique<KernelJob>(
        g, "compiling and running " + k.name, start_job([order, compare_algo, choice] {
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
        })));
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
    start(std::make_unique<DeviceCheckJob>(++device_checks_, "checking " + your_kernel.name + " on the GPU", start_job([order, shown] {
        RunResult r;
        r.device_check = check_kernel_on_device(order, shown->trace);
        return r;
    })));
}

void Session::cancel_kernel() {
    YourKernel& k = your_kernel;
    if (!k.running) return;
    if (k.cancel) *k.cancel = true;
    k.running = false;
    if (newest(kernel_generation_)) new_request();  // its result, when it comes, is dropped
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

}  // namespace scanlab::gui
