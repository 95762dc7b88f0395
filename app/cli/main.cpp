// `scanlab`: the command line front end. It reads the words, asks the core for a trace through a
// backend, and prints it; it never computes a scan itself.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "app/cli/bench_command.hpp"
#include "app/cli/error_sentences.hpp"
#include "app/cli/exercise_command.hpp"
#include "app/cli/grade_command.hpp"
#include "app/cli/kernel_command.hpp"
#include "app/cli/launch_app.hpp"
#include "app/cli/lesson_command.hpp"
#include "app/cli/link_command.hpp"
#include "app/cli/listing_command.hpp"
#include "app/cli/options.hpp"
#include "app/cli/progress_line.hpp"
#include "core/error.hpp"
#include "core/input/overflow.hpp"
#include "core/input/run_spec.hpp"
#include "core/trace_io/trace_json.hpp"
#include "core/trace_io/trace_table.hpp"
#include "kernels/select_backend.hpp"

using namespace scanlab;
using scanlab::cli::ProgressLine;

namespace {

int run(const cli::Options& o) {
    // The backend is chosen first (its note is said after the input's refusals), so a request the
    // emulation would take hours over is refused before its input is made.
    BackendSelection selection = select_backend(o.run.backend);
    const PreparedRun run = [&] {
        ProgressLine progress("preparing the input");
        return prepare(o.run, Voice::cli, selection.backend->name() == "cpu");
    }();
    if (!selection.note.empty()) std::cerr << "scanlab: " << selection.note << "\n";
    const Trace trace = [&] {
        ProgressLine progress("running " + std::string(name(run.resolved.request.algorithm)) + " on N = " + std::to_string(run.resolved.n));
        return selection.backend->run(run.resolved, run.input);
    }();
    if (!trace.note.empty()) std::cerr << "scanlab: " << trace.note << "\n";
    if (const std::string w = float_range_warning(trace.result, trace.type); !w.empty()) std::cerr << "scanlab: " << w << "\n";

    // Every refusal comes before this point; the output goes out as it is formatted (a trace of
    // any size costs no second copy), and a failed write is an error, never output silently cut short.
    ProgressLine progress("writing the output");
    cli::output_begins();
    // A single-pass run that deadlocked has no scan to give: `scan` prints nothing but the sentence,
    // `trace` shows how the blocks got stuck; both exit 3.
    const bool deadlocked = !trace.deadlock.empty();
    if (o.command == cli::Command::scan && deadlocked) {
    } else if (o.command == cli::Command::scan) {
        for (size_t i = 0; i < size_of(trace.result) && std::cout; ++i) std::cout << format_value(trace.result, i) << '\n';
    } else if (o.format == cli::Format::json) {
        write_trace_json(std::cout, trace);
    } else {
        write_trace_table(std::cout, trace, 64, o.explain);
    }
    if (cli::with_output_written(0) != 0) return 1;
    if (deadlocked) {
        std::cerr << "scanlab: " << trace.deadlock << "\n";
        return 3;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    cli::end_cleanly_on_interrupt();
    std::vector<std::string> args(argv + 1, argv + argc);
    // `scanlab bench` parses its own options (app/cli/bench_command.cpp).
    if (!args.empty() && args[0] == "bench") return cli::run_bench_command({args.begin() + 1, args.end()});
    // `scanlab exercise` too (app/cli/exercise_command.cpp).
    if (!args.empty() && args[0] == "exercise") return cli::run_exercise_command({args.begin() + 1, args.end()});
    // `scanlab listing` too (app/cli/listing_command.cpp).
    if (!args.empty() && args[0] == "listing") return cli::run_listing_command({args.begin() + 1, args.end()});
    // `scanlab grade` too (app/cli/grade_command.cpp).
    if (!args.empty() && args[0] == "grade") return cli::run_grade_command({args.begin() + 1, args.end()});
    // `scanlab link` too (app/cli/link_command.cpp).
    if (!args.empty() && args[0] == "link") return cli::run_link_command({args.begin() + 1, args.end()});
    // `scanlab lesson` too (app/cli/lesson_command.cpp).
    if (!args.empty() && args[0] == "lesson") return cli::run_lesson_command({args.begin() + 1, args.end()});
    return cli::with_error_sentences(
        [&] {
            const cli::Options o = cli::parse_options(args);
            switch (o.command) {
                case cli::Command::help: std::cout << cli::usage_text(); return cli::with_output_written(0);
                case cli::Command::version: std::cout << "scanlab 0.1\n"; return cli::with_output_written(0);
                case cli::Command::app: return cli::exec_app({});
                case cli::Command::shot: return cli::exec_app(o.app_args, "--shot");
                case cli::Command::export_: return cli::exec_app(o.app_args, "--export");
                case cli::Command::trace:
                case cli::Command::scan: return o.kernel.file.empty() ? run(o) : cli::run_kernel_command(o);
            }
            return 0;
        },
        "out of memory; try a smaller N");
}
