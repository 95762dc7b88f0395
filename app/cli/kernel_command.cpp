#include "app/cli/kernel_command.hpp"

#include <iostream>

#include "app/cli/progress_line.hpp"
#include "core/trace_io/trace_json.hpp"
#include "core/trace_io/trace_table.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"
#include "kernel_tracer/host/kernel_verdict.hpp"

namespace scanlab::cli {
namespace {

// printf's lines, by step and thread ("step 2, thread 5 of block 0: ...").
void print_printed(std::ostream& out, const kernel_tracer::KernelTrace& k, bool blocks) {
    if (k.printed.empty()) return;
    out << "\nprintf said (" << k.printed.size() << (k.printed.size() == 1 ? " line" : " lines") << "):\n";
    for (const kernel_tracer::Printed& p : k.printed) {
        if (p.thread < 0)
            out << "  host code: ";
        else
            out << "  step " << p.step << ", thread " << p.thread << (blocks ? " of block " + std::to_string(p.block) : std::string())
                << ": ";
        out << p.text << "\n";
    }
    if (k.printed_dropped > 0) out << "  ... and " << k.printed_dropped << " more lines, not kept\n";
}

}  // namespace

int run_kernel_command(const Options& o) {
    const kernel_tracer::KernelTrace k = [&] {
        ProgressLine progress("compiling and running " + o.kernel.file);
        return kernel_tracer::trace_kernel(o.kernel);
    }();
    if (!k.launch_note.empty()) std::cerr << "scanlab: " << k.launch_note << "\n";
    output_begins();
    if (!k.no_cache.empty()) std::cerr << "scanlab: note: the compile cache was not used: " << k.no_cache << "\n";
    if (k.traced) {
        // Each step's explanation names the findings made in it (core/lesson/explain_kernel.hpp).
        const std::vector<StepFinding> findings = kernel_tracer::step_findings(k.findings);
        if (o.command == Command::scan)
            for (size_t i = 0; i < size_of(k.trace.result); ++i) std::cout << format_value(k.trace.result, i) << '\n';
        else if (o.format == Format::json)
            write_trace_json(std::cout, k.trace, &findings);
        else
            write_trace_table(std::cout, k.trace, 64, o.explain, &findings);
    }
    // Findings go with the table; with the values or the JSON on standard output, to standard error.
    // A kernel that did not run to its end has no output but its sentences, on standard error.
    std::ostream& said = (!k.traced || o.command == Command::scan || o.format == Format::json) ? std::cerr : std::cout;
    if (!k.findings.empty()) {
        said << "\nfindings in " << o.kernel.file << ":\n";
        for (const kernel_tracer::Finding& f : k.findings) said << "  " << f.sentence << "\n";
    } else if (k.traced && o.command == Command::trace && o.format == Format::table) {
        said << "\nfindings in " << o.kernel.file
             << ": none (no race, out-of-bounds access, read of unwritten shared memory or "
                "barrier some thread misses)\n";
    }
    if (k.traced) print_printed(said, k, k.trace.grid > 1);
    if (!k.device_check.empty()) said << (o.command == Command::trace && o.format == Format::table ? "\n" : "") << k.device_check << "\n";
    std::cout.flush();
    // The verdict closes the output: on standard output after the table, on standard error after values or JSON.
    const kernel_tracer::KernelVerdict verdict = kernel_tracer::kernel_verdict(k);
    std::ostream& verdict_out = k.traced && o.command == Command::trace && o.format == Format::table ? std::cout : std::cerr;
    verdict_out << "\n" << verdict.line << "\n";
    if (!verdict.want.empty()) verdict_out << "want: " << verdict.want << "\n";
    verdict_out.flush();
    return verdict.clean ? 0 : 1;
}

}  // namespace scanlab::cli
