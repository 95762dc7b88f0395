#include "kernel_tracer/host/kernel_trace.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_link.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/trace_json.hpp"
#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/compile_cache.hpp"
#include "kernel_tracer/host/device_check.hpp"
#include "kernel_tracer/host/device_harness.hpp"
#include "kernel_tracer/host/finding_text.hpp"
#include "kernel_tracer/host/kernel_compile.hpp"
#include "kernel_tracer/host/launch_plan.hpp"
#include "kernel_tracer/host/output_check.hpp"
#include "kernel_tracer/host/sandbox.hpp"
#include "kernel_tracer/host/sanitizer_report.hpp"

namespace scanlab::kernel_tracer {
namespace {

namespace fs = std::filesystem;

// Host code's launches, `kernel<<<grid, block>>>(args)`, become `scanlab_launch(kernel, grid, block)(args)`
// on the same line (the shim's launch), so the compiler's lines and the debug information's stay the file's.
std::string with_launches_rewritten(const std::string& source, const std::string& path) {
    static const std::regex launch(R"(([A-Za-z_]\w*(?:\s*<[^<>;()]*>)?)\s*<<<([^;]*?)>>>)");
    std::string out = "#line 1 \"" + fs::absolute(path).string() + "\"\n";
    out += std::regex_replace(source, launch, "scanlab_launch($1, $2)");
    return out;
}

// `extern __shared__ T a[];` becomes a __shared__ array of the shim's capacity on the same line,
// which the runner sizes by the launch (scanlab_shim_abi.h).
std::string with_dynamic_shared(const std::string& source) {
    static const std::regex dynamic(R"(extern\s+__shared__\s+((?:__align__\s*\(\s*\d+\s*\)\s*)?)([A-Za-z_][\w\s:]*?)\s+(\w+)\s*\[\s*\])");
    return std::regex_replace(source, dynamic, "__shared__ $1$2 $3[SCANLAB_DYNAMIC_SHARED_CAPACITY / sizeof($2)]");
}

// A file written for every type and operator: its kernels (or its host function) take T*.
bool takes_any_type(const std::string& source) {
    static const std::regex generic(R"((__global__\s+void|void\s+scan)\s*\w*\s*\(\s*(?:const\s+)?T\s*\*)");
    return std::regex_search(source, generic);
}

// Each address's line in the student's file, from the library's debug information (addr2line).
std::map<uintptr_t, int> lines_of(const std::string& library, const std::string& file, const std::vector<uintptr_t>& pcs) {
    std::map<uintptr_t, int> lines;
    std::vector<uintptr_t> wanted;
    for (uintptr_t pc : pcs)
        if (pc) wanted.push_back(pc);
    if (wanted.empty()) return lines;
    const std::string tool = find_on_path({"addr2line", "llvm-addr2line", "llvm-addr2line-14"});
    if (tool.empty()) return lines;
    // -i: a call the shim inlines (a shuffle, a cooperative group's sync) lies in the shim's header,
    // inlined at the student's line, which the chain of inlined calls names; -a starts each address's chain.
    std::vector<std::string> argv{tool, "-a", "-i", "-e", library};
    for (uintptr_t pc : wanted) {
        std::ostringstream hex;
        // A return address is the instruction after the call: one byte back lies in the call itself.
        hex << "0x" << std::hex << (pc - 1);
        argv.push_back(hex.str());
    }
    int status = 0;
    std::istringstream out(run_tool(argv, status));
    const std::string base = fs::path(file).filename().string();
    std::string line;
    size_t k = 0;
    bool started = false;
    while (std::getline(out, line)) {
        if (line.rfind("0x", 0) == 0) {
            k += started;
            started = true;
            continue;
        }
        if (!started || k >= wanted.size() || lines.contains(wanted[k])) continue;
        // "path/file.cu:12" or "path/file.cu:12 (discriminator 3)"; a line of the shim header is not the student's.
        const size_t colon = line.rfind(':', line.find(" (") == std::string::npos ? std::string::npos : line.find(" ("));
        if (colon == std::string::npos || fs::path(line.substr(0, colon)).filename().string() != base) continue;
        lines[wanted[k]] = std::atoi(line.c_str() + colon + 1);
    }
    return lines;
}

// At most this many findings (of a kind, at a line) are read back; the rest are counted.
constexpr size_t kMostFindings = 1000;

// The runner's words as run in the sandbox: it sees the system, itself, the compiled library and
// the input file and the entry point's parameter names read-only, and can write only its output files (made here first, each
// under the file-size limit) and the box's own small /tmp.
std::vector<std::string> boxed_runner(const std::vector<std::string>& argv, const std::string& library, const InputSpec& input,
                                      const std::vector<std::string>& outputs, const std::string& names) {
    Box box;
    box.read_only = {SCANLAB_KERNEL_RUNNER, library, names};
    std::error_code ec;
    if (input.source == InputSpec::Source::file && input.file != "-" && fs::exists(input.file, ec))
        box.read_only.push_back(fs::absolute(input.file).lexically_normal().string());
    for (const std::string& o : outputs) {
        std::ofstream(o, std::ios::trunc);
        box.writable.push_back(o);
    }
    box.work_dir = fs::current_path(ec).string();
    return boxed(argv, box);
}

// Each function of the file's text with two pointer parameters first: "NAME FIRST SECOND" a line
// (my_scan input output), so the runner names X and Y as the entry point it calls names them.
std::string pointer_parameter_names(const std::string& source) {
    static const std::regex function(
        R"((\w+)\s*\(\s*(?:const\s+)?[\w:]+\s*\*\s*(?:const\s+)?(?:__restrict__\s+)?(\w+)\s*,\s*(?:const\s+)?[\w:]+\s*\*\s*(?:const\s+)?(?:__restrict__\s+)?(\w+)\s*,)");
    std::string out;
    for (auto it = std::sregex_iterator(source.begin(), source.end(), function); it != std::sregex_iterator(); ++it)
        out += (*it)[1].str() + " " + (*it)[2].str() + " " + (*it)[3].str() + "\n";
    return out;
}

// printf's lines as the runner wrote them (runner_main.cpp's write_printed).
void read_printed(const std::string& path, KernelTrace& result) {
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string step, block, thread;
        if (!std::getline(fields, step, '\t') || !std::getline(fields, block, '\t')) continue;
        if (step == "dropped") {
            result.printed_dropped = std::atoll(block.c_str());
            continue;
        }
        std::getline(fields, thread, '\t');
        std::string text;
        std::getline(fields, text);
        // The file's own words: shown, never obeyed by the terminal.
        result.printed.push_back({std::atoi(step.c_str()), std::atoll(block.c_str()), std::atoi(thread.c_str()), printable(text, 400)});
    }
}

}  // namespace

// Read from the file's text: the first __global__ kernel's first parameter. The runner checks it
// against the compiled signature.
std::optional<std::string> kernel_type_in(const std::string& source) {
    static const std::regex kernel(R"(__global__\s+void\s+\w+\s*\(\s*(?:const\s+)?(float|double|int|long long|long)\s*\*)");
    std::smatch m;
    if (!std::regex_search(source, m, kernel)) return std::nullopt;
    const std::string t = m[1];
    return t == "float" ? "float32" : t == "double" ? "float64" : t == "int" ? "int32" : "int64";
}

KernelTrace trace_kernel(const KernelRequest& request) {
    KernelTrace result;
    const std::string clang = find_on_path({"clang++", "clang++-19", "clang++-18", "clang++-17", "clang++-16", "clang++-15", "clang++-14"});
    if (clang.empty())
        throw ScanError(
            "tracing your kernel needs clang++, which is not installed; install Debian's package clang (apt-get install clang)");
    std::error_code ec;
    if (!fs::is_regular_file(request.file, ec)) throw ScanError("there is no kernel file " + quoted_path(request.file));
    const std::string source = read_file(request.file);

    // The run, in the kernel's own type unless the spec's was chosen; the kernel is the algorithm it is like.
    RunSpec spec = request.spec;
    spec.request.algorithm = request.like;
    if (!request.type_given)
        if (const std::optional<std::string> t = kernel_type_in(source)) spec.request.type = *parse_type(*t);
    const BlockSchedule block_schedule = spec.request.block_schedule;
    std::string origin;
    const ValueArray input = load_input(spec.input, spec.request.type, origin);

    // The launch: the file's own sizes, else as the named algorithm launches this input (launch_plan.hpp).
    const LaunchPlan plan = plan_launch(source, spec, request.like, input, request.block_dim, request.grid_dim);
    const int section = plan.section, block_dim = plan.block_dim;
    const int64_t grid_dim = plan.grid_dim;
    result.launch_note = source.find("<<<") == std::string::npos ? plan.note : "";

    // A file runs in the sandbox, or (--trust) with none where none can be made.
    const std::string no_box = box_unavailable();
    if (!no_box.empty() && !request.trust) throw ScanError(no_box_refusal(no_box));
    const bool boxed = no_box.empty();

    TempDir dir;
    // What the compiler reads: the file, or (with launches) the file with its launches rewritten.
    std::string compiled_text = source;
    if (source.find("<<<") != std::string::npos || std::regex_search(source, std::regex(R"(extern\s+__shared__)")))
        compiled_text = with_launches_rewritten(with_dynamic_shared(source), request.file);
    std::vector<std::string> flags{"-std=c++17",
                                   "-x",
                                   "c++",
                                   "-O0",
                                   "-g",
                                   "-gdwarf-4",
                                   "-fPIC",
                                   "-shared",
                                   "-fno-color-diagnostics",
                                   "-ferror-limit=20",
                                   "-Wno-macro-redefined",
                                   "-fsanitize-coverage=inline-8bit-counters,trace-loads,trace-stores",
                                   "-I",
                                   std::string(SCANLAB_KERNEL_SHIM_DIR) + "/include",
                                   "-I",
                                   SCANLAB_KERNEL_SHIM_DIR,
                                   "-include",
                                   "scanlab_cuda.hpp",
                                   "-DSCANLAB_SECTION_SIZE=" + std::to_string(section)};
    if (takes_any_type(source))
        flags.insert(flags.end(), {std::string("-DSCANLAB_ELEMENT=") + c_type(spec.request.type),
                                   "-DSCANLAB_OP=" + std::to_string(int(spec.request.op))});

    // The compile cache: one library per source, shim, compiler and flags (and the files it
    // #includes, kernel_compile.hpp), so a rerun starts at once.
    uint64_t key = fnv1a(clang + fs::absolute(request.file).string() + compiled_text);
    for (const std::string& f : flags) key = fnv1a(f + "\n", key);
    for (const char* shim : {"scanlab_cuda.hpp", "scanlab_any_type.h", "scanlab_shim_abi.h", "include/cooperative_groups.h"})
        key = fnv1a(read_file(std::string(SCANLAB_KERNEL_SHIM_DIR) + "/" + shim), key);
    const auto compile_start = std::chrono::steady_clock::now();
    KernelCompile job{
        clang, flags, request.file, compiled_text, key, dir.path, {SCANLAB_KERNEL_SHIM_DIR}, boxed, request.compile_limits, request.cancel};
    const CompiledKernel built = compile_kernel(job);
    result.no_cache = built.no_cache;
    if (built.compiled) result.compile_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - compile_start).count();
    if (built.failed) throw ScanError(std::string(kDoesNotCompile) + "\n" + built.diagnostics);
    if (request.cancel && *request.cancel) throw ScanError("the run was cancelled");
    const std::string& library = built.library;

    const std::string trace_path = (dir.path / "trace.json").string(), findings_path = (dir.path / "findings.txt").string();
    std::ofstream(trace_path + ".names") << pointer_parameter_names(source);
    std::vector<std::string> argv{SCANLAB_KERNEL_RUNNER,
                                  library,
                                  trace_path,
                                  findings_path,
                                  fs::path(request.file).filename().string(),
                                  std::to_string(block_dim),
                                  std::to_string(grid_dim),
                                  std::string(name(request.like)),
                                  block_schedule.text(),
                                  "--"};
    // The spec crosses into the runner as the core states a run in words, and is read back there.
    const std::vector<std::string> words = run_words(spec);
    argv.insert(argv.end(), words.begin(), words.end());
    // The limits a student's kernel runs under (docs/your-kernel.md).
    ChildLimits limits;
    limits.cpu_seconds = request.cpu_seconds;
    limits.cancel = request.cancel;
    // The kernel's own memory, and beside it the tracer's share for this run's trace: the tracer's
    // memory is not the kernel's (runner_memory.hpp).
    const RunnerMemory memory{request.kernel_memory, tracer_share(spec.request, request.like, section, grid_dim)};
    limits.memory_bytes = memory.limit();
    if (boxed)
        argv = boxed_runner(argv, library, spec.input, {trace_path, trace_path + ".entry", trace_path + ".printf", findings_path},
                            trace_path + ".names");
    ChildOutcome run = run_child(argv, limits, (dir.path / "stdout.txt").string(), (dir.path / "stderr.txt").string());
    // In the box, the first process of the PID namespace gives a runner's signal as status 128 + signal.
    if (boxed && run.signal == 0 && run.exit_status > 128 && run.exit_status < 128 + 65) run.signal = run.exit_status - 128;
    result.run_seconds = run.wall_seconds;
    if (!run.started) throw ScanError("the kernel runner could not be started");
    if (boxed) throw_if_box_failed(run.exit_status, (dir.path / "stderr.txt").string());
    if (run.cancelled) throw ScanError("the run was cancelled");

    // Read under a cap and summed by kind and lines: the file is the kernel's to write, too.
    const ReadFindings read = read_findings(findings_path, kMostFindings);
    const std::vector<RawFinding>& raw = read.findings;
    std::vector<uintptr_t> pcs;
    for (const RawFinding& f : raw) pcs.insert(pcs.end(), {f.pc, f.other_pc});
    const std::map<uintptr_t, int> lines = lines_of(library, request.file, pcs);
    auto line_of = [&](uintptr_t pc) { return lines.contains(pc) ? lines.at(pc) : 0; };
    for (RawFinding f : raw) {
        // The runner says whose allocation failed; the sentence names that part's limit.
        if (f.kind == FindingKind::out_of_memory) f.detail = memory_detail(f.detail, memory);
        result.findings.push_back({line_of(f.pc), finding_sentence(f, line_of(f.pc), line_of(f.other_pc)), f.step, f.block, f.thread,
                                   f.array, f.element,
                                   f.kind == FindingKind::race_raw || f.kind == FindingKind::race_war || f.kind == FindingKind::race_waw ||
                                       f.kind == FindingKind::out_of_bounds_shared || f.kind == FindingKind::uninitialized_shared});
    }
    std::stable_sort(result.findings.begin(), result.findings.end(), [](const Finding& a, const Finding& b) { return a.line < b.line; });
    // Its names (an array's, a signal's detail) are the file's own words: shown, never obeyed.
    for (Finding& f : result.findings) f.sentence = printable(f.sentence, 1000), f.array = printable(f.array, 64);
    if (read.left_out > 0) {
        Finding more;
        more.sentence = std::to_string(read.left_out) + " more findings, at other lines or of other kinds, are not shown (at most " +
                        std::to_string(kMostFindings) + " are)";
        result.findings.push_back(more);
    }

    const std::string limit_words = std::to_string(limits.cpu_seconds) + " s of CPU time";
    if (run.wall_timeout) {
        result.ended = "the kernel did not end within " + std::to_string(int(limits.wall_seconds)) + " s and was stopped";
        for (const RawFinding& f : raw)
            if (f.kind == FindingKind::never_ends) result.ended = finding_sentence(f, line_of(f.pc), line_of(f.other_pc));
    } else if (run.signal != 0) {
        result.ended = run.signal == SIGKILL || run.signal == SIGXCPU
                           ? "the kernel used up its " + limit_words + " and was stopped (an endless loop?)"
                           : signal_sentence(run.signal, limits.file_bytes);
    } else if (run.exit_status == 2) {
        const std::string why = last_line_of((dir.path / "stderr.txt").string(), 400);
        throw ScanError(why.empty() ? "the kernel runner stopped before the run" : why);
    } else if (run.exit_status == 3) {
        result.ended =
            result.findings.empty() ? "the kernel's run stopped" : "the kernel's run stopped: " + result.findings.back().sentence;
        for (RawFinding f : raw) {
            if (f.kind == FindingKind::out_of_memory) f.detail = memory_detail(f.detail, memory);
            if (f.kind == FindingKind::crash || f.kind == FindingKind::never_ends || f.kind == FindingKind::out_of_memory)
                result.ended = finding_sentence(f, line_of(f.pc), line_of(f.other_pc));
        }
    } else if (run.exit_status != 0) {
        result.ended = "the kernel runner ended with status " + std::to_string(run.exit_status);
    } else if (auto stop = std::find_if(raw.begin(), raw.end(), [](const RawFinding& f) { return f.kind == FindingKind::never_ends; });
               stop != raw.end()) {
        // A kernel stopped for passing too many barriers computed no result: there is no trace to show.
        result.ended = finding_sentence(*stop, line_of(stop->pc), line_of(stop->other_pc));
    } else {
        std::ifstream in(trace_path, std::ios::binary);
        result.trace = read_trace_json(in, "the trace of " + fs::path(request.file).filename().string());
        const std::string not_ours = trace_not_this_runs(
            result.trace, {fs::path(request.file).filename().string(), spec.request.type, spec.request.op, spec.request.exclusive,
                           spec.request.warp_width, spec.request.schedule.text(), &input, block_schedule.text()});
        if (!not_ours.empty()) {
            result.ended = not_ours;
            return result;
        }
        result.traced = true;
        read_printed(trace_path + ".printf", result);
        // The GPU runs the entry point the CPU run chose, launched as it was launched.
        std::istringstream entry(read_file(trace_path + ".entry"));
        HarnessShape shape;
        std::string kind;
        entry >> kind >> shape.entry.name;
        // The runner wrote it where the kernel could too: the device check's program calls it by name.
        static const std::regex identifier(R"([A-Za-z_]\w{0,200})");
        if (!std::regex_match(shape.entry.name, identifier)) {
            result.ended = "the run's entry point '" + printable(shape.entry.name, 80) + "' is not a name (the kernel wrote its own?)";
            result.traced = false;
            return result;
        }
        shape.entry.host = kind == "host";
        shape.file = fs::absolute(request.file).string();
        shape.type = result.trace.type;
        shape.op = spec.request.op;
        shape.any_type = takes_any_type(source);
        shape.section = section;
        shape.block_dim = block_dim;
        shape.grid_dim = grid_dim;
        result.device_shape = shape;
        if (request.device_check) {
            const std::string why = device_check_unavailable();
            result.device_check =
                !why.empty() ? "the device check was skipped: " + why
                : !request.trust
                    ? device_check_untrusted(fs::path(request.file).filename().string())
                    : check_on_device(shape, result.trace, request.cpu_seconds, sanitizer_comparable_lines(result.findings)).said();
        }
    }
    // A finding's detail read back from the runner is the kernel's to write, too.
    result.ended = printable(result.ended, 1000);
    return result;
}

}  // namespace scanlab::kernel_tracer
