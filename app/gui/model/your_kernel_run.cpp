// The desktop's run of a student's kernel: the kernel tracer (kernel_tracer/host), as
// `scanlab trace --kernel` runs it, with the app's run and launch.
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "app/gui/model/your_kernel.hpp"
#include "kernel_tracer/host/child_process.hpp"

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

}  // namespace

KernelOutcome run_kernel_order(const KernelOrder& o) {
    KernelOutcome out;
    out.report.file_name = o.file_name;
    try {
        std::string file = o.path;
        if (file.empty()) {
            static ScratchFolder scratch;
            const fs::path folder = o.scratch.empty() ? scratch.path : fs::path(o.scratch);
            file = (folder / fs::path(o.file_name).filename()).string();
            std::ofstream f(file, std::ios::binary | std::ios::trunc);
            f << o.text;
            f.close();
            if (!f) throw ScanError("could not write the kernel's text to " + file + " to compile it");
        }
        kernel_tracer::KernelRequest r;
        r.file = file;
        const std::optional<std::string> own = kernel_tracer::kernel_type_in(o.text);
        if (own) out.report.own_type = parse_type(*own);
        const bool own_type = own.has_value();
        r.words = kernel_words(o.spec, own_type);
        r.type_given = !own_type;
        r.block_dim = o.block_dim;
        r.grid_dim = o.grid_dim;
        r.like = o.like;
        r.cancel = o.cancel.get();
        const kernel_tracer::KernelTrace k = kernel_tracer::trace_kernel(r);
        out.report.traced = k.traced;
        out.report.findings = k.findings;
        out.report.stopped = k.traced ? "" : as_sentence(k.ended);
        out.report.compile_seconds = k.compile_seconds;
        out.report.run_seconds = k.run_seconds;
        if (k.traced) out.trace = k.trace;
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
        }
    } catch (const std::exception& e) {
        out.report.stopped = std::string("Unexpected failure: ") + e.what();
    }
    return out;
}

std::string kernel_tracing_unavailable() {
    static const std::string why = kernel_tracer::find_on_path({"clang++", "clang++-19", "clang++-18", "clang++-17", "clang++-16", "clang++-15", "clang++-14"})
                                           .empty()
                                       ? "Tracing your kernel needs clang++, which is not installed: install Debian's package clang (apt-get install clang)."
                                       : "";
    return why;
}

}  // namespace scanlab::gui
