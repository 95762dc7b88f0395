#include "app/cli/kernel_command.hpp"

#include <iostream>

#include "core/lesson/verdict.hpp"
#include "core/trace_io/trace_json.hpp"
#include "core/trace_io/trace_table.hpp"
#include "app/cli/progress_line.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"

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
            out << "  step " << p.step << ", thread " << p.thread << (blocks ? " of block " + std::to_string(p.block) : std::string()) << ": ";
        out << p.text << "\n";
    }
    if (k.printed_dropped > 0) out << "  ... and " << k.printed_dropped << " more lines, not kept\n";
}

// The verdict a student reads first: CORRECT with no findings, else what is wrong.
std::string verdict_line(const kernel_tracer::KernelTrace& k, std::string& want_row) {
    if (!k.traced) return "NO RESULT: the kernel did not run to its end, so it computed nothing to check (" + k.ended + ")";
    const Verdict v = judge(k.trace);
    const std::string of = std::to_string(v.n - int64_t(v.wrong.size())) + " of " + std::to_string(v.n) + " values";
    const size_t found = k.findings.size();
    const std::string findings = std::to_string(found) + (found == 1 ? " finding" : " findings");
    if (!v.correct()) {
        for (size_t i = 0; i < size_of(v.expected) && i < 64; ++i) want_row += (i ? " " : "") + format_value(v.expected, i);
        if (size_of(v.expected) > 64) want_row += " ...";
        return "WRONG: " + std::to_string(v.wrong.size()) + " of " + std::to_string(v.n) + " values differ from the correct scan, first at " +
               std::to_string(v.wrong.front()) + (found ? "; " + findings + " above" : "");
    }
    if (found) return "CORRECT VALUES, BUT " + findings + ": " + of + " are the scan in this run, and the findings above can make them wrong";
    return "CORRECT: " + of + ", no findings";
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
        said << "\nfindings in " << o.kernel.file << ": none (no race, out-of-bounds access, read of unwritten shared memory or "
                "barrier some thread misses)\n";
    }
    if (k.traced) print_printed(said, k, k.trace.grid > 1);
    if (!k.device_check.empty()) said << (o.command == Command::trace && o.format == Format::table ? "\n" : "") << k.device_check << "\n";
    std::cout.flush();
    if (!k.traced) std::cerr << "scanlab: " << k.ended << "\n";
    // The verdict closes the output: on standard output after the table, on standard error after values or JSON.
    std::string want_row;
    const std::string verdict = verdict_line(k, want_row);
    std::ostream& verdict_out = k.traced && o.command == Command::trace && o.format == Format::table ? std::cout : std::cerr;
    verdict_out << "\n" << verdict << "\n";
    if (!want_row.empty()) verdict_out << "want: " << want_row << "\n";
    verdict_out.flush();
    const bool clean = k.traced && k.findings.empty() && judge(k.trace).correct();
    return clean ? 0 : 1;
}

}  // namespace scanlab::cli
