#include "app/cli/kernel_command.hpp"

#include <iostream>

#include "core/trace_io/trace_json.hpp"
#include "core/trace_io/trace_table.hpp"
#include "app/cli/progress_line.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"

namespace scanlab::cli {

int run_kernel_command(const Options& o) {
    const kernel_tracer::KernelTrace k = [&] {
        ProgressLine progress("compiling and running " + o.kernel.file);
        return kernel_tracer::trace_kernel(o.kernel);
    }();
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
    std::ostream& said = (k.traced && (o.command == Command::scan || o.format == Format::json)) ? std::cerr : std::cout;
    if (!k.findings.empty()) {
        said << "\nfindings in " << o.kernel.file << ":\n";
        for (const kernel_tracer::Finding& f : k.findings) said << "  " << f.sentence << "\n";
    } else if (k.traced && o.command == Command::trace && o.format == Format::table) {
        said << "\nfindings in " << o.kernel.file << ": none (no race, out-of-bounds access, read of unwritten shared memory or "
                "barrier some thread misses)\n";
    }
    if (!k.device_check.empty()) said << (o.command == Command::trace && o.format == Format::table ? "\n" : "") << k.device_check << "\n";
    std::cout.flush();
    if (!k.traced) {
        std::cerr << "scanlab: " << k.ended << "\n";
        return 3;
    }
    return 0;
}

}  // namespace scanlab::cli
