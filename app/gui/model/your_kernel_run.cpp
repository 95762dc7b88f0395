// The desktop's run of a student's kernel: the kernel tracer (kernel_tracer/host), as
// `scanlab trace --kernel` runs it, with the app's run and launch.
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "app/gui/model/kernel_grading.hpp"
#include "app/gui/model/your_kernel.hpp"
#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"
#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/compile_cache.hpp"
#include "kernel_tracer/host/kernel_verdict.hpp"
#include "kernel_tracer/host/sandbox.hpp"
#include "kernel_tracer/host/sanitizer_report.hpp"

namespace scanlab::gui {
namespace {

namespace fs = std::filesystem;

// Where an editor's text that is not saved is written to be compiled: one folder for the app's
// run (so the compile cache knows a text run before), removed when the app ends.
struct ScratchFolder {
    fs::path path;
    ScratchFolder() {
        std::error_code ec;
        path = fs::temp_directory_path(ec) / ("scanlab-your-kernel-" + std::to_string(::getpid()));
        fs::create_directories(path, ec);
    }
    ~ScratchFolder() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

const fs::path& scratch_folder() {
    static ScratchFolder scratch;
    return scratch.path;
}

// The file to compile: the saved one, or the text written to the scratch folder under its name.
std::string file_to_compile(const std::string& path, const std::string& scratch, const std::string& file_name, const std::string& text) {
    if (!path.empty()) return path;
    const fs::path folder = scratch.empty() ? scratch_folder() : fs::path(scratch);
    const std::string file = (folder / fs::path(file_name).filename()).string();
    std::ofstream f(file, std::ios::binary | std::ios::trunc);
    f << text;
    f.close();
    if (!f) throw ScanError("could not write the kernel's text to " + file + " to compile it");
    return file;
}

}  // namespace

kernel_tracer::KernelRequest kernel_request(const KernelOrder& o, const std::string& file) {
    kernel_tracer::KernelRequest r;
    r.file = file;
    // The Controls' run; the kernel is its algorithm, and its blocks take their order from the panel.
    r.spec = o.spec;
    r.spec.request.block_schedule = o.block_schedule;
    r.type_given = !kernel_tracer::kernel_type_in(o.text);
    r.block_dim = o.block_dim;
    r.grid_dim = o.grid_dim;
    r.like = o.like;
    r.cancel = o.cancel.get();
    r.trust = o.trust;
    return r;
}

KernelOutcome run_kernel_order(const KernelOrder& o) {
    KernelOutcome out;
    out.report.file_name = o.file_name;
    try {
        const std::string file = file_to_compile(o.path, o.scratch, o.file_name, o.text);
        const std::optional<std::string> own = kernel_tracer::kernel_type_in(o.text);
        if (own) out.report.own_type = parse_type(*own);
        const kernel_tracer::KernelRequest r = kernel_request(o, file);
        const kernel_tracer::KernelTrace k = kernel_tracer::trace_kernel(r);
        out.report.traced = k.traced;
        out.report.findings = k.findings;
        const kernel_tracer::KernelVerdict verdict = kernel_tracer::kernel_verdict(k);
        out.report.verdict = verdict.line + (verdict.want.empty() ? "" : "\nwant: " + verdict.want);
        out.report.verdict_clean = verdict.clean;
        out.report.printed = k.printed;
        out.report.stopped = k.traced ? "" : as_sentence(k.ended);
        out.report.compile_seconds = k.compile_seconds;
        out.report.run_seconds = k.run_seconds;
        if (k.traced) out.trace = k.trace;
        if (k.device_shape)
            out.report.device = KernelDeviceOrder{*k.device_shape, o.text,      o.path,
                                                  r.cpu_seconds,   o.gpu_trust, kernel_tracer::sanitizer_comparable_lines(k.findings)};
    } catch (const ScanError& e) {
        const std::string what = e.what();
        const size_t head = std::strlen(kernel_tracer::kDoesNotCompile);
        if (what.compare(0, head, kernel_tracer::kDoesNotCompile) == 0) {
            out.report.compiler = compiler_messages(what.substr(head), o.file_name);
            size_t errors = 0;
            for (const CompilerMessage& m : out.report.compiler) errors += m.error;
            out.report.stopped = o.file_name + " does not compile: " + std::to_string(errors) + (errors == 1 ? " error" : " errors") +
                                 ", at the lines below.";
        } else {
            out.report.stopped = as_sentence(what);
            out.report.needs_trust = what.starts_with(kernel_tracer::kNoSandbox);
            // The CLI's sentence names --trust; the panel's button below it is the app's --trust.
            if (out.report.needs_trust)
                out.report.stopped = "No sandbox can be made here: " + kernel_tracer::box_unavailable() + ". Without one, " + o.file_name +
                                     " runs with all your rights (your files, your network): only for a file you wrote or trust.";
        }
    } catch (const std::exception& e) {
        out.report.stopped = std::string("Unexpected failure: ") + e.what();
    }
    return out;
}

kernel_tracer::DeviceCheck check_kernel_on_device(const KernelDeviceOrder& order, const Trace& cpu) {
    kernel_tracer::DeviceCheck check;
    try {
        if (const std::string why = kernel_tracer::device_check_unavailable(); !why.empty()) {
            check.skipped = true;
            check.sentence = "the device check was skipped: " + why;
            return check;
        }
        if (!order.trusted) {
            check.skipped = true;
            check.untrusted = true;
            check.sentence = kernel_tracer::device_check_untrusted(fs::path(order.shape.file).filename().string());
            return check;
        }
        kernel_tracer::HarnessShape shape = order.shape;
        // Text not saved is compiled from a copy of its own, in a folder named by the text (so a
        // rerun of the same text finds nvcc's program in the compile cache): the next run may
        // rewrite the scratch copy the CPU run compiled while nvcc reads this one.
        if (order.path.empty()) {
            const fs::path folder = scratch_folder() / ("device-" + std::to_string(kernel_tracer::fnv1a(order.text)));
            std::error_code ec;
            fs::create_directories(folder, ec);
            shape.file = (folder / fs::path(shape.file).filename()).string();
            // There already, it holds this text (written all or nothing).
            if (!fs::exists(shape.file, ec))
                save_file_atomically(shape.file, "the kernel's text for nvcc", [&](std::ostream& out) { out << order.text; });
        }
        return kernel_tracer::check_on_device(shape, cpu, order.cpu_seconds, order.cpu_lines);
    } catch (const std::exception& e) {
        check.sentence = std::string("the device check could not run: ") + e.what();
    }
    return check;
}

std::string gpu_trust_sentence() {
    if (!kernel_tracer::box_unavailable().empty())
        return "Trusting it runs it on this machine's GPU with all your rights (your files, your network), since no sandbox can be made here.";
    return "Trusting it runs it on this machine's GPU in a sandbox that hides your files and the network but lets the GPU driver's calls "
           "through, a wider door than the CPU run's.";
}

bool kernel_grading_available() { return true; }

GradeOutcome grade_kernel_order(const GradeOrder& o, std::atomic<int>& done, std::atomic<int>& total, const std::atomic<bool>& cancel) {
    GradeOutcome out;
    try {
        if (const std::string why = kernel_tracing_unavailable(); !why.empty()) {
            out.stopped = why;
            return out;
        }
        // A folder of the grading's own: a run started meanwhile rewrites the run's scratch copy.
        std::string scratch;
        if (o.path.empty()) {
            scratch = (scratch_folder() / "grade").string();
            std::error_code ec;
            fs::create_directories(scratch, ec);
        }
        const std::string file = file_to_compile(o.path, scratch, o.file_name, o.text);
        kernel_tracer::GradeOptions options;
        options.every_type = o.every_type;
        options.cancel = &cancel;
        options.trust = o.trust;
        options.progress = [&](int d, int t) { done = d, total = t; };
        out.grade = kernel_tracer::grade_exercise(o.exercise, file, options);
    } catch (const ScanError& e) {
        const std::string what = e.what();
        const size_t head = std::strlen(kernel_tracer::kDoesNotCompile);
        out.stopped = what.compare(0, head, kernel_tracer::kDoesNotCompile) == 0
                          ? o.file_name + " does not compile, so it cannot be graded: Run it to see the compiler's messages at its lines."
                          : as_sentence(what);
    } catch (const std::exception& e) {
        out.stopped = std::string("Unexpected failure: ") + e.what();
    }
    return out;
}

std::string kernel_tracing_unavailable() {
    static const std::string why =
        kernel_tracer::find_on_path({"clang++", "clang++-19", "clang++-18", "clang++-17", "clang++-16", "clang++-15", "clang++-14"}).empty()
            ? "Tracing your kernel needs clang++, which is not installed: install Debian's package clang (apt-get install clang)."
            : "";
    return why;
}

}  // namespace scanlab::gui
