#include "app/cli/bench_command.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "app/cli/error_sentences.hpp"
#include "app/cli/progress_line.hpp"
#include "core/error.hpp"
#include "core/input/run_words.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"
#include "kernels/bench/bench.hpp"

namespace scanlab::cli {
namespace {

struct BenchOptions {
    bench::BenchConfig config;
    // One run per type, operator and direction, in this order (config's fields are the first's).
    std::vector<ElementType> types{ElementType::int32};
    std::vector<OpKind> ops{OpKind::sum};
    std::vector<bool> exclusive{false};
    std::optional<std::string> json_path, csv_path;
    bool help = false;
    bool quiet = false;
};

BenchOptions parse(const std::vector<std::string>& args) {
    BenchOptions o;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& flag = args[i];
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size()) throw UsageError(flag + " needs a value");
            return args[++i];
        };
        try {
            if (flag == "--help" || flag == "-h")
                o.help = true;
            else if (flag == "--sizes")
                o.config.sizes = bench::parse_sizes(value());
            else if (flag == "--algos")
                o.config.algos = bench::parse_algos(value());
            else if (flag == "--type") {
                const std::string& v = value();
                const auto t = parse_type(v);
                if (v == "all")
                    o.types = {ElementType::int32, ElementType::int64, ElementType::float32, ElementType::float64};
                else if (!t)
                    throw UsageError("unknown type " + quoted_word(v) + "; choose int32, int64, float, double or all");
                else
                    o.types = {*t};
            } else if (flag == "--op") {
                const std::string& v = value();
                const auto op = parse_op(v);
                if (v == "all")
                    o.ops = {OpKind::sum, OpKind::max, OpKind::min};
                else if (!op)
                    throw UsageError("unknown operator " + quoted_word(v) + "; choose sum, max, min or all");
                else
                    o.ops = {*op};
            } else if (flag == "--exclusive")
                o.exclusive = {true};
            else if (flag == "--inclusive")
                o.exclusive = {false};
            else if (flag == "--both-directions")
                o.exclusive = {false, true};
            else if (flag == "--reps") {
                o.config.reps = whole_number<int>(flag, value());
                if (o.config.reps < 1 || o.config.reps > 100000) throw UsageError("--reps must be from 1 to 100000");
            } else if (flag == "--warmups") {
                o.config.warmups = whole_number<int>(flag, value());
                if (o.config.warmups < 0 || o.config.warmups > 1000) throw UsageError("--warmups must be from 0 to 1000");
            } else if (flag == "--seed")
                o.config.seed = whole_number<uint64_t>(flag, value());
            else if (flag == "--variants")
                o.config.variants = true;
            else if (flag == "--json")
                o.json_path = value();
            else if (flag == "--csv")
                o.csv_path = value();
            else if (flag == "--quiet")
                o.quiet = true;
            else
                throw UsageError("unknown option " + quoted_word(flag) + " for scanlab bench (see scanlab bench --help)");
        } catch (const UsageError&) {
            throw;
        } catch (const ScanError& e) {  // the library's parsers word their refusals as sentences
            throw UsageError(e.what());
        }
    }
    o.config.type = o.types.front();
    o.config.op = o.ops.front();
    o.config.exclusive = o.exclusive.front();
    return o;
}

// Checked before the sweep, so a path that cannot be written is refused before minutes of work
// (the file itself is written whole at the end, or not at all).
void check_output(const std::string& flag, const std::string& path) {
    std::error_code ec;
    const std::filesystem::path dir = std::filesystem::path(path).parent_path().empty() ? "." : std::filesystem::path(path).parent_path();
    if (std::filesystem::is_directory(path, ec) || !std::filesystem::is_directory(dir, ec) || ::access(dir.c_str(), W_OK) != 0)
        throw ScanError("cannot write " + flag + " " + quoted_path(path) + " (does its directory exist, and may it be written?)");
}

std::string command_line(const std::vector<std::string>& args) {
    std::string s = "scanlab bench";
    for (const std::string& a : args) s += " " + a;
    return s;
}

}  // namespace

std::string bench_usage_text() {
    std::string algos;
    for (bench::Algo a : bench::all_algos())
        algos +=
            "    " + std::string(bench::name(a)) + std::string(14 - bench::name(a).size(), ' ') + std::string(bench::describe(a)) + "\n";
    return "usage: scanlab bench [OPTIONS]   time GPU scans against a device-to-device copy, CUB and Thrust\n"
           "\n"
           "  --sizes LIST        N to sweep: pow2:10..28 (default), pow2:20, 1000,4096,... or a mix; at most 2^28\n"
           "  --type T            int32 (default), int64, float, double, or all (one sweep each)\n"
           "  --op OP             sum (default), max, min, or all (one sweep each)\n"
           "  --exclusive         exclusive scans (default inclusive); --both-directions: one sweep each\n"
           "  --algos LIST        comma-separated, default all:\n" +
           algos +
           "  --variants          also time every compiled tuning of the single-pass scan (int32 sum has several)\n"
           "  --reps N            timed runs per size and algorithm, the median is reported (default 20)\n"
           "  --warmups N         untimed runs first (default 3)\n"
           "  --seed S            of the input values (default 1)\n"
           "  --json PATH         write every row as JSON\n"
           "  --csv PATH          write every row as CSV\n"
           "  --quiet             no progress on stderr\n"
           "\n"
           "Each run is timed with CUDA events on a poisoned output after L2 is flushed; every output is checked against the\n"
           "CPU reference. GB/s counts 2 * n * sizeof(T) bytes (every element read once and written once).\n"
           "Exit status: 0 all outputs right, 1 a check failed or no usable GPU, 2 bad options.\n";
}

int run_bench_command(const std::vector<std::string>& args) {
    return with_error_sentences(
        [&] {
            const BenchOptions o = parse(args);
            if (o.help) {
                std::cout << bench_usage_text();
                return 0;
            }
            try {
                bench::check_config(o.config);
            } catch (const ScanError& e) {
                throw UsageError(e.what());
            }
            if (const std::string why = bench::bench_unavailable_reason(); !why.empty()) {
                std::cerr << "scanlab: error: scanlab bench needs a CUDA GPU: " << why << "\n";
                return 1;
            }
            if (o.json_path) check_output("--json", *o.json_path);
            if (o.csv_path) check_output("--csv", *o.csv_path);

            const bool show_progress = !o.quiet && ::isatty(STDERR_FILENO);
            std::vector<bench::BenchResult> results;
            for (ElementType type : o.types)
                for (OpKind op : o.ops)
                    for (bool exclusive : o.exclusive) {
                        bench::BenchConfig config = o.config;
                        config.type = type;
                        config.op = op;
                        config.exclusive = exclusive;
                        results.push_back(bench::run_benchmark(config, [&](double fraction, const std::string& what) {
                            if (!show_progress) return;
                            std::fprintf(stderr, "\r[%3.0f%%] %-60.60s", fraction * 100, what.c_str());
                            if (fraction >= 1.0) std::fprintf(stderr, "\n");
                            std::fflush(stderr);
                        }));
                        output_begins();
                        bench::write_table(std::cout, results.back());
                        std::cout << "\n";
                        bench::write_summary(std::cout, results.back());
                        std::cout << "\n";
                        std::cout.flush();
                    }
            if (results.size() > 1) bench::write_goal_table(std::cout, results);
            std::cout.flush();
            if (!std::cout) throw ScanError("could not write the table to standard output");
            if (o.json_path)
                save_file_atomically(*o.json_path, "--json",
                                     [&](std::ostream& out) { bench::write_json(out, results, command_line(args)); });
            if (o.csv_path) save_file_atomically(*o.csv_path, "--csv", [&](std::ostream& out) { bench::write_csv(out, results); });
            bool all_verified = true;
            for (const bench::BenchResult& r : results) all_verified = all_verified && r.all_verified();
            if (!all_verified) {
                std::cerr << "scanlab: error: some outputs differ from the CPU reference (rows marked FAILED)\n";
                return 1;
            }
            return 0;
        },
        "out of host memory; try smaller --sizes");
}

}  // namespace scanlab::cli
