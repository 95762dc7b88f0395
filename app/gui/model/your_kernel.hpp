#pragma once
// The Your kernel panel's model: the .cu file being edited (opened from disk, a starter's copy or
// a new file), how it is launched, and what its last run said: the findings at the student's lines,
// the compiler's messages at the file's lines, or the one sentence of a run that did not end. The
// Session runs it on a worker like any run (YourKernelModel::run), and its trace then shows in every
// tab. The web edition has no compiler: its run says the desktop app is needed.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/input/run_spec.hpp"
#include "core/trace.hpp"
#include "kernel_tracer/host/device_check.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"

namespace scanlab::gui {

// A starter of assets/your-kernel/: a kernel with the one part to write left as a TODO.
struct KernelStarter {
    const char* file;  // its file name in assets/your-kernel/
    const char* title;  // as the panel lists it
    int exercise;  // the chapter's exercise it is (0: none)
    const char* words;  // the run that shows it, as `scanlab trace --kernel FILE` takes it
    Algorithm like;  // the built-in algorithm it is meant to be (its launch and its counts' formula)
};
const std::vector<KernelStarter>& kernel_starters();
const KernelStarter* starter_for_exercise(int exercise);  // null: the exercise has none
std::string starter_path(const KernelStarter& s);
RunSpec starter_run(const KernelStarter& s);  // its words as the controls' run

// A compiler message at the student's line: "error: use of undeclared identifier 'x'".
struct CompilerMessage {
    int line = 0, column = 0;
    bool error = false;  // else a warning or a note
    std::string text;
};
// The messages of clang's output about `file_name` (the other files' lines, the shim's, are left out
// but for their text); the lines that follow a message (the source and its caret) are not messages.
std::vector<CompilerMessage> compiler_messages(const std::string& diagnostics, const std::string& file_name);

// The device check of a traced run (kernel_tracer/host/device_check.hpp), as the CLI runs it after
// the CPU run: the entry point and launch that run used, and the source it compiled.
struct KernelDeviceOrder {
    kernel_tracer::HarnessShape shape;
    std::string text;  // the editor's text the CPU run compiled
    std::string path;  // the saved file, when it held that text (its folder's #includes); else empty
    int cpu_seconds = 5;
    bool trusted = false;  // written in the editor, or trusted by the user: it may run on the GPU (trusted_for_gpu)
    std::set<int> cpu_lines;  // the CPU run's race and unwritten-read lines, set beside compute-sanitizer's
};
// Blocking (a worker's): where nvcc and a GPU are there, the file compiled by nvcc and run on the
// GPU, its Y held against the CPU run's `cpu` result; else skipped, saying why. Never throws.
kernel_tracer::DeviceCheck check_kernel_on_device(const KernelDeviceOrder& order, const Trace& cpu);

// What the last run of the kernel said.
struct KernelReport {
    std::string file_name;
    bool traced = false;
    std::vector<kernel_tracer::Finding> findings;  // by line
    std::string verdict;  // the verdict line (kernel_verdict.hpp); "" before a run ends
    bool verdict_clean = false;  // the correct scan and no finding
    std::vector<kernel_tracer::Printed> printed;  // printf's lines, by thread and step
    std::vector<CompilerMessage> compiler;  // a compile that failed: the file's messages
    std::string stopped;  // one sentence: why there is no trace (the compile, clang missing, a crash, a hang, a refusal)
    bool needs_trust = false;  // no sandbox can be made here: the panel asks whether to run the file without one
    std::optional<ElementType> own_type;  // the element type the kernel names itself (the type menu does not apply); none: T*
    // A traced run: its device check's order, which the Session runs on a worker once the trace is
    // on screen (the window never waits for nvcc), and then what the GPU gave (or why it was skipped).
    std::optional<KernelDeviceOrder> device;
    bool device_checking = false;
    std::optional<kernel_tracer::DeviceCheck> device_check;
    double compile_seconds = 0, run_seconds = 0;
};

// One run of the kernel, as Run states it: the editor's text, the controls' run and the launch.
struct KernelOrder {
    std::string file_name;  // as the student knows it: findings and messages name it
    std::string path;  // the saved file, when it holds the editor's text; else empty
    std::string text;  // the editor's text
    RunSpec spec;  // the controls' run: input, type, operator, direction, warps, schedule, section
    Algorithm like = Algorithm::kogge_stone;  // launched as this built-in algorithm launches the input ...
    int block_dim = 0;  // ... unless these say otherwise
    int64_t grid_dim = 0;  // 0: enough blocks for the input
    BlockSchedule block_schedule;  // the order its blocks run in, one after another (--block-schedule)
    std::string scratch;  // a folder where a text not saved is written to be compiled
    std::shared_ptr<std::atomic<bool>> cancel;
    bool trust = false;  // where no sandbox can be made, run it with none (trusted_without_sandbox)
    bool gpu_trust = false;  // the device check may run it on the GPU (trusted_for_gpu)
};
struct KernelOutcome {
    std::optional<Trace> trace;
    KernelReport report;
};
// Blocking: compile, run under limits, read the trace back (your_kernel_run.cpp). Never throws: a
// refusal is the report's `stopped`.
KernelOutcome run_kernel_order(const KernelOrder& order);
// What the tracer is asked for `order`, whose text is compiled from `file`: the Controls' run, with
// the panel's block order, in the kernel's own type where its text names one.
kernel_tracer::KernelRequest kernel_request(const KernelOrder& order, const std::string& file);
// What trusting a file for the GPU check means here, one sentence (a sandbox that lets the GPU
// driver's calls through, or none where none can be made).
std::string gpu_trust_sentence();
// Why no kernel can be traced here, one sentence (clang++ missing: the Debian package to install; the
// web edition: the desktop app is needed), or "".
std::string kernel_tracing_unavailable();


// The cell of step `k`'s array that a finding names (the shared array's element in its block, or
// Y's), or -1 where that step's row does not show it.
int64_t finding_cell(const Trace& t, size_t k, const kernel_tracer::Finding& f);

// The panel's document and its last run.
struct YourKernel {
    std::string path;  // where the text was opened from or last saved; empty: never saved
    std::string name = "my_scan.cu";
    std::string text;
    std::string saved_text;  // what `path` holds, as far as the panel knows
    std::string opened_text;  // the text as the last open or starter gave it
    const KernelStarter* starter = nullptr;  // the text began as this starter
    uint64_t text_version = 0;  // bumped whenever the model replaces the text: the editor takes it then
    Algorithm like = Algorithm::kogge_stone;  // the built-in algorithm it is meant to be: its launch, its counts' formula
    int block_dim = 0;  // the launch (0: as `like` launches the input)
    int64_t grid_dim = 0;
    // The order its blocks run in, one after another: a kernel that relies on blockIdx order (or on
    // an atomic ticket's order matching it) is right in one and WRONG in another, as on a GPU.
    BlockSchedule block_schedule;
    int grade_exercise = 4;  // the exercise Grade holds the text to (a starter's own, else the student's pick)

    std::optional<KernelReport> report;  // of the last run that ended
    bool running = false;
    std::shared_ptr<std::atomic<bool>> cancel;  // of the run under way
    int selected_finding = -1;  // into report->findings
    int line_to_show = 0;  // the editor scrolls to and marks this line (1-based; 0: none) ...
    uint64_t show_version = 0;  // ... once for each change of this
    std::string said;  // the last open or save that failed: why (one that worked says so in the status line)
    bool said_failed = false;
    // Text kept from the last session and put back at the start: said in the panel until the student
    // acts on it (edits, runs, opens, saves or takes a starter), so the first run does not wipe it.
    std::string restored;

    // Where no sandbox can be made, a text written in this editor (a new file, a starter's copy)
    // runs without one; a file opened from disk runs only once the student said they trust it,
    // asked once per file.
    bool from_disk = false;
    std::set<std::string> trusted_files;
    std::string trust_key() const { return path.empty() ? name : path; }
    bool trusted_without_sandbox() const { return !from_disk || trusted_files.contains(trust_key()); }
    // The device check runs the file on the GPU, in a sandbox that must let the GPU driver's calls
    // through (docs/your-kernel.md): a text written here runs there, and a file from disk once the
    // student trusted it for the GPU check (or to run without a sandbox), asked once per file.
    std::set<std::string> gpu_trusted_files;
    bool trusted_for_gpu() const { return trusted_without_sandbox() || gpu_trusted_files.contains(trust_key()); }
    // The last run's device check was skipped for want of that trust: the panel offers it.
    bool offers_gpu_trust() const {
        return report && report->device && report->device_check && report->device_check->untrusted && !trusted_for_gpu() && !running;
    }

    bool dirty() const { return path.empty() || text != saved_text; }
    // Edits that replacing the text would lose: changed since it was opened, and not saved.
    bool edited() const { return text != opened_text && text != saved_text; }
    // The selected finding, where it is on the step shown.
    const kernel_tracer::Finding* finding() const {
        return report && selected_finding >= 0 && selected_finding < int(report->findings.size())
                   ? &report->findings[size_t(selected_finding)]
                   : nullptr;
    }
};

}  // namespace scanlab::gui
