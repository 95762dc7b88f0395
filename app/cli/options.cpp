#include "app/cli/options.hpp"

#include <algorithm>

#include "core/number_text.hpp"
#include "kernel_tracer/host/kernel_words.hpp"

namespace scanlab::cli {

std::string usage_text() {
    return "Scan Lab: watch the GPU parallel scan (prefix sum) work, step by step.\n"
           "\n"
           "usage:\n"
           "  scanlab trace --algo ALGO INPUT [OPTIONS] [--format table|json]   every step of the run\n"
           "  scanlab scan  --algo ALGO INPUT [OPTIONS]                         the result, one value per line\n"
           "  scanlab                                                           the desktop app (needs a display)\n"
           "  scanlab shot  --algo ALGO INPUT --step K --out FILE.png [--size WxH] [--view VIEW]   one view as a PNG\n"
           "  scanlab export --format gif|mp4|svg --algo ALGO INPUT --out FILE [--steps A..B] [--frame-ms MS]   an animation or a figure\n"
           "  scanlab export --format html --trace F.json|--lesson F.md --out F.html   the offline page carrying a run or a lesson\n"
           "  scanlab bench [--sizes pow2:10..28] [--type T] [--op OP] [--algos LIST] [--json PATH] [--csv PATH]   GPU timings (scanlab bench --help)\n"
           "  scanlab exercise [N] [--backend B] [--device NAME]                 PMPP 3rd ed. ch. 9's exercises, answered from real runs\n"
           "  scanlab listing [--algo ALGO] [--block-algo A] [--exclusive]        the kernel listing a run shows (the app's source pane)\n"
           "  scanlab link  --algo ALGO INPUT [--step K] [--view V] [--present]   the web edition's link to a run at a step\n"
           "  scanlab lesson check FILE... | show FILE [--slide K]               a lesson's slides held against their runs (docs/lessons.md)\n"
           "\n" +
           run_words_usage() +
           "  --format table|json      trace output (default table)\n"
           "  --explain                trace: each step's explanation under its row (JSON carries it always)\n"
           "\n"
           "your own kernel (docs/your-kernel.md): scanlab trace|scan --kernel FILE.cu INPUT [OPTIONS]\n"
           "  --kernel FILE.cu         trace a kernel of the signature (T* X, T* Y, int InputSize), or host code\n"
           "                           scan(T* X, T* Y, int n) that launches kernels, run on the CPU; starters to\n"
           "                           copy and finish: assets/your-kernel/ (ex4-exclusive-kogge-stone.cu,\n"
           "                           ex5-hierarchical.cu, kogge-stone.cu, brent-kung.cu)\n"
           "  --block-dim B            threads per block (default: the file's BLOCK_DIM or SECTION_SIZE, else the section\n"
           "                           --like's algorithm takes, at most 1024)\n"
           "  --grid-dim G             blocks (default: enough for the input)\n"
           "  --like ALGO              the algorithm the kernel is meant to be, for its counts' formula (default kogge-stone)\n"
           "  --no-device-check        do not also compile it with nvcc and hold the GPU's result against the CPU run's\n"
           "  --trust                  where no sandbox can be made here, run the file without one, with all your rights;\n"
           "                           and let the device check run it on the GPU (in a box that lets the GPU driver's\n"
           "                           calls through, where one can be made): only for a file you wrote yourself or trust\n"
           "  --block-schedule in-order|reverse|random:SEED   the order your kernel's blocks run in, one after another\n"
           "  the output ends with the verdict (CORRECT / WRONG / NO RESULT); exit status 0 correct with no finding,\n"
           "  1 wrong, a finding or no result, 2 a usage error\n"
           "  scanlab grade --exercise 4|5 FILE.cu   your answer on hidden inputs, every type and operator, several schedules\n";
}

Options parse_options(const std::vector<std::string>& args) {
    Options o;
    if (args.empty()) {
        o.command = Command::app;
        return o;
    }
    const std::string& cmd = args[0];
    if (cmd == "help" || cmd == "--help" || cmd == "-h") return o;
    if (cmd == "--version" || cmd == "version") {
        o.command = Command::version;
        return o;
    }
    if (cmd == "shot" || cmd == "export") {  // scanlab-app parses the rest, with the same run words
        o.command = cmd == "shot" ? Command::shot : Command::export_;
        o.app_args.assign(args.begin() + 1, args.end());
        return o;
    }
    if (cmd != "trace" && cmd != "scan")
        throw UsageError("unknown command " + quoted_word(cmd) +
                         "; the commands are trace, scan, shot, export, bench, exercise, listing and link (see scanlab --help)");
    // `scanlab trace --help` asks for the help that names trace's options, not for a run.
    for (size_t i = 1; i < args.size(); ++i)
        if (args[i] == "--help" || args[i] == "-h") return o;
    o.command = cmd == "trace" ? Command::trace : Command::scan;
    const std::vector<std::string> run_words(args.begin() + 1, args.end());
    const OwnWord own = [&](const std::string& flag, const std::function<const std::string&()>& value) {
        if (flag == "--kernel") return o.kernel.file = value(), true;
        if (flag == "--block-dim") return o.kernel.block_dim = whole_number<int>(flag, value()), true;
        if (flag == "--grid-dim") return o.kernel.grid_dim = whole_number<int64_t>(flag, value()), true;
        if (flag == "--like") {
            const std::optional<Algorithm> a = parse_algorithm(value());
            if (!a) throw UsageError("unknown algorithm " + quoted_word(value()) + " after --like; scanlab --help lists them");
            o.kernel.like = *a;
            return true;
        }
        if (flag == "--explain") {
            o.explain = true;
            return true;
        }
        if (flag == "--no-device-check") {
            o.kernel.device_check = false;
            return true;
        }
        if (flag == "--trust") {
            o.kernel.trust = true;
            return true;
        }
        if (flag != "--format") return false;
        const std::string& v = value();
        if (v == "table")
            o.format = Format::table;
        else if (v == "json")
            o.format = Format::json;
        else
            throw UsageError("unknown format " + quoted_word(v) + "; choose table or json");
        return true;
    };
    // A student's kernel reads the same words once into the run it is traced with (kernel_words.hpp),
    // its --block-schedule ordering its blocks; for a built-in run that word is the single-pass scans'.
    if (std::find(args.begin(), args.end(), "--kernel") != args.end()) {
        const kernel_tracer::KernelRunWords k = kernel_tracer::parse_kernel_words(run_words, own);
        o.run = o.kernel.spec = k.spec;
        o.kernel.type_given = k.type_given;
    } else {
        o.run = parse_run_words(run_words, own);
    }
    o.run.request.detail = o.command == Command::trace ? Detail::full : Detail::counts;
    const bool algo_given = std::find(args.begin(), args.end(), "--algo") != args.end();
    if (o.kernel.file.empty() && (o.kernel.block_dim || o.kernel.grid_dim))
        throw UsageError("--block-dim and --grid-dim launch your own kernel; give it with --kernel FILE.cu");
    if (o.kernel.file.empty() && o.kernel.trust) throw UsageError("--trust is for your own kernel; give it with --kernel FILE.cu");
    if (o.kernel.file.empty() && !o.kernel.device_check)
        throw UsageError("--no-device-check is for your own kernel; give it with --kernel FILE.cu");
    if (!o.kernel.file.empty() && algo_given)
        throw UsageError("--kernel traces your kernel, so --algo does not apply; say --like ALGO for the algorithm it is meant to be");
    return o;
}

}  // namespace scanlab::cli
