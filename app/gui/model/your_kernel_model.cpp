// The Your kernel panel's commands: the student's file opened, edited, saved, run and graded, and
// how a run of it and its device check take their results in.
#include "app/gui/model/your_kernel_model.hpp"

#include <filesystem>
#include <sstream>
#include <utility>

#include "app/gui/model/session_job.hpp"
#include "app/gui/model/settings.hpp"
#include "app/gui/model/worker_runs.hpp"
#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_words.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"
#include "kernel_tracer/host/kernel_words.hpp"
#include "kernels/select_backend.hpp"

namespace scanlab::gui {

// A run of the editor's kernel: its report, always (the panel says what came of it), and its
// trace on screen in place of the last, unless a newer request came since.
struct YourKernelModel::RunJob final : SessionJob {
    using SessionJob::SessionJob;
    void finish(Session& s, RunResult r) override {
        YourKernelModel& k = s.your_kernel;
        if (generation != k.run_request_) return;  // cancelled, or a newer run of the kernel
        k.running = false;
        k.run_request_ = 0;
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
        k.start_device_check(s);
    }
};

// The device check of the kernel's run on screen: what the GPU gave, into that run's report.
struct YourKernelModel::DeviceCheckJob final : SessionJob {
    using SessionJob::SessionJob;
    void finish(Session& s, RunResult r) override {
        YourKernelModel& k = s.your_kernel;
        if (generation != k.device_checks_ || !k.report || !r.device_check) return;  // a newer run's report
        k.report->device_checking = false;
        k.report->device_check = *r.device_check;
    }
    Presence presence() const override { return Presence::quiet; }
};

void YourKernelModel::open(Session& s, const std::string& path) {
    YourKernel& k = *this;
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
    s.status = "opened " + quoted_path(path);
    s.status_failed = false;
}

void YourKernelModel::open_starter(Session& s, const KernelStarter& starter) {
    YourKernel& k = *this;
    const std::string from = starter_path(starter);
    open(s, from);
    if (k.said_failed) return;
    // A copy: Save asks where, so the starter itself is never written over.
    k.path.clear();
    k.saved_text.clear();
    k.starter = &starter;
    k.from_disk = false;  // the starter is Scan Lab's own
    k.like = starter.like;
    s.status = "a copy of the starter " + std::string(starter.file) + ": write the part between TODO and END TODO, then Run";
}

bool YourKernelModel::try_exercise(Session& s, int exercise) {
    const KernelStarter* starter = starter_for_exercise(exercise);
    if (!starter) return false;
    pick_starter(s, *starter);
    return true;
}

void YourKernelModel::pick_starter(Session& s, const KernelStarter& starter_picked) {
    const KernelStarter* starter = &starter_picked;
    open_starter(s, *starter);
    const BackendChoice backend = s.form.backend;
    static_cast<RunSpec&>(s.form) = starter_run(*starter);
    s.form.backend = backend;
    s.text_draft.reset();
    s.random_n_draft.reset();
    s.seed_draft.reset();
    s.flags_draft.reset();
}

void YourKernelModel::edit(const std::string& text) {
    this->text = text;
    restored.clear();
}

void YourKernelModel::save(Session& s, const std::string& path) {
    YourKernel& k = *this;
    k.restored.clear();
    try {
        save_file_atomically(path, "the kernel", [&](std::ostream& out) { out << k.text; });
        k.path = path;
        k.name = std::filesystem::path(path).filename().string();
        k.saved_text = k.text;
        k.said.clear();
        k.said_failed = false;
        s.status = "saved the kernel to " + quoted_path(path);
        s.status_failed = false;
    } catch (const ScanError& e) {
        // The atomic save leaves an existing file as it was and no half-written one.
        k.said = as_sentence(e.what()) + " Nothing was written; the editor keeps the text.";
        k.said_failed = true;
    }
}

void YourKernelModel::run(Session& s) {
    YourKernel& k = *this;
    k.restored.clear();
    ++device_checks_;  // the last run's check, still under way, speaks of a report this run replaces
    if (k.cancel) *k.cancel = true;  // a run still under way is no longer wanted
    KernelOrder order;
    order.file_name = k.name;
    order.path = k.dirty() ? "" : k.path;
    order.text = k.text;
    order.spec = s.form;
    // The drafts being typed are the input the user sees.
    if (s.text_draft) order.spec.input.text = *s.text_draft;
    if (s.random_n_draft) order.spec.input.random_n = *s.random_n_draft;
    if (s.seed_draft) order.spec.input.seed = *s.seed_draft;
    order.like = k.like;
    order.block_dim = k.block_dim;
    order.grid_dim = k.grid_dim;
    order.block_schedule = k.block_schedule;
    order.cancel = k.cancel = std::make_shared<std::atomic<bool>>(false);
    order.trust = k.trusted_without_sandbox();
    order.gpu_trust = k.trusted_for_gpu();
    k.running = true;
    const Algorithm compare_algo = s.form.compare_algorithm;
    const BackendChoice choice = s.form.backend;
    const uint64_t g = run_request_ = s.new_request();
    s.start(std::make_unique<RunJob>(g, "compiling and running " + k.name, start_job([order, compare_algo, choice] {
                                         KernelOutcome o = run_kernel_order(order);
                                         RunResult r = guarded([&](RunResult& r) {
                                             if (!o.trace) return;
                                             const std::string origin = "your kernel " + order.file_name;
                                             // The comparison runs on the kernel's own input, type and operator, as beside a trace file.
                                             compare_beside(r, *o.trace, origin, compare_algo, choice);
                                             r.main =
                                                 make_shown(std::move(*o.trace), origin, kernel_tracer::step_findings(o.report.findings));
                                         });
                                         if (!r.error.empty() && o.report.stopped.empty()) o.report.stopped = as_sentence(r.error);
                                         r.error.clear();
                                         r.kernel = std::make_shared<const KernelReport>(std::move(o.report));
                                         return r;
                                     })));
}

bool YourKernelModel::grade(int exercise) {
    YourKernel& k = *this;
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

void YourKernelModel::open_grade_failure(Session& s, size_t check) {
    if (!grading.outcome || !grading.outcome->grade || check >= grading.outcome->grade->checks.size()) return;
    const kernel_tracer::Grade& g = *grading.outcome->grade;
    const std::vector<std::string>& words = g.checks[check].failing_words;
    if (words.empty()) return;
    YourKernel& k = *this;
    RunSpec spec;
    BlockSchedule blocks;
    try {
        spec = kernel_tracer::parse_kernel_words(words).spec;
        // The order is the panel's, for the kernel's blocks; the Controls keep their own.
        blocks = std::exchange(spec.request.block_schedule, BlockSchedule{});
    } catch (const ScanError& e) {
        s.error = as_sentence(e.what());
        return;
    }
    k.block_schedule = blocks;
    k.like = g.like;
    k.block_dim = 0;
    k.grid_dim = 0;
    const BackendChoice backend = s.form.backend;
    const Algorithm compare_algorithm = s.form.compare_algorithm;
    static_cast<RunSpec&>(s.form) = spec;
    s.form.request.algorithm = g.like;
    s.form.backend = backend;
    s.form.compare_algorithm = compare_algorithm;
    s.text_draft.reset();
    s.random_n_draft.reset();
    s.seed_draft.reset();
    s.flags_draft.reset();
    run(s);
}

void YourKernelModel::trust_and_run(Session& s) {
    trusted_files.insert(trust_key());
    run(s);
}

void YourKernelModel::trust_for_gpu(Session& s) {
    YourKernel& k = *this;
    k.gpu_trusted_files.insert(k.trust_key());
    // The run on screen is checked at once; later runs of the file are trusted as they start.
    if (!k.report || !k.report->device || !s.kernel_on_screen()) return;
    k.report->device->trusted = true;
    start_device_check(s);
}

void YourKernelModel::start_device_check(Session& s) {
    const TracePtr shown = s.trace;
    KernelReport& last = *report;
    if (!last.device || !shown) return;
    last.device_checking = true;
    const KernelDeviceOrder order = *last.device;
    s.start(std::make_unique<DeviceCheckJob>(++device_checks_, "checking " + name + " on the GPU", start_job([order, shown] {
        RunResult r;
        r.device_check = check_kernel_on_device(order, shown->trace);
        return r;
    })));
}

void YourKernelModel::cancel_run(Session& s) {
    YourKernel& k = *this;
    if (!k.running) return;
    if (k.cancel) *k.cancel = true;
    k.running = false;
    if (s.newest(run_request_)) s.new_request();  // its result, when it comes, is dropped
    run_request_ = 0;
    s.status = "The run of " + k.name + " was cancelled; the trace on screen is unchanged.";
    s.status_failed = false;
}

void YourKernelModel::show_finding(Session& s, int index) {
    YourKernel& k = *this;
    if (!k.report || index < 0 || index >= int(k.report->findings.size())) return;
    k.selected_finding = index;
    const kernel_tracer::Finding& f = k.report->findings[size_t(index)];
    if (f.step >= 0 && s.trace && s.trace->trace.kernel.size()) s.go_to(size_t(f.step));
    s.playing = false;
    if (f.line > 0) k.line_to_show = f.line, ++k.show_version;
}

void YourKernelModel::show_compiler_message(int index) {
    YourKernel& k = *this;
    if (!k.report || index < 0 || index >= int(k.report->compiler.size()) || k.report->compiler[size_t(index)].line <= 0) return;
    k.line_to_show = k.report->compiler[size_t(index)].line;
    ++k.show_version;
}

namespace {
const char* const kDraftText = "/your-kernel-draft.cu";
const char* const kDraftFile = "/your-kernel-draft.txt";  // two lines: the file's name, its path (or none)
}  // namespace

void YourKernelModel::keep_draft(const std::string& folder) const {
    const YourKernel& k = *this;
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

void YourKernelModel::restore_draft(Session& s, const std::string& folder) {
    if (folder.empty()) return;
    const SmallFile text = read_small_file(folder + kDraftText, 1 << 20), file = read_small_file(folder + kDraftFile, 4096);
    if (!text.exists || !text.problem.empty() || text.text.empty()) return;
    std::istringstream lines(file.text);
    std::string name, path;
    std::getline(lines, name);
    std::getline(lines, path);
    YourKernel& k = *this;
    k.name = name.empty() ? k.name : std::filesystem::path(name).filename().string();
    k.path = path;
    k.saved_text = path.empty() ? "" : read_small_file(path, 1 << 20).text;
    k.text = text.text;
    k.starter = nullptr;
    k.from_disk = !path.empty();
    ++k.text_version;
    k.restored = k.name + " is as you left it when the app last quit, not saved yet" +
                 (path.empty() ? std::string(": Save asks where to keep it.") : " (" + quoted_path(path) + " holds what was saved).");
    s.status = "Your kernel: " + k.name + " as you left it, not saved yet";
    s.status_failed = false;
}

}  // namespace scanlab::gui
