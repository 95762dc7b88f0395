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

namespace {

// One trace of a student's file as it goes: the file and its run as read, how it is launched, and
// the folder the compiled library and the runner's files live in.
struct Tracing {
    const KernelRequest& request;
    std::string source;
    std::string file_name;  // as the student knows it: the trace and the findings name it
    RunSpec spec;  // in the kernel's own type unless the spec's was chosen; the kernel is the algorithm it is like
    ValueArray input;
    LaunchPlan plan;
    bool boxed = false;
    TempDir dir;
    std::string trace_path, findings_path;

    // Reads the file and its input and plans the launch; throws ScanError where it cannot run.
    explicit Tracing(const KernelRequest& r) : request(r) {
        std::error_code ec;
        if (!fs::is_regular_file(r.file, ec)) throw ScanError("there is no kernel file " + quoted_path(r.file));
        source = read_file(r.file);
        file_name = fs::path(r.file).filename().string();
        spec = r.spec;
        spec.request.algorithm = r.like;
        if (!r.type_given)
            if (const std::optional<std::string> t = kernel_type_in(source)) spec.request.type = *parse_type(*t);
        std::string origin;
        input = load_input(spec.input, spec.request.type, origin);
        // The file's own sizes, else as the named algorithm launches this input (launch_plan.hpp).
        plan = plan_launch(source, spec, r.like, input, r.block_dim, r.grid_dim);
        // A file runs in the sandbox, or (--trust) with none where none can be made.
        const std::string no_box = box_unavailable();
        if (!no_box.empty() && !r.trust) throw ScanError(no_box_refusal(no_box));
        boxed = no_box.empty();
        trace_path = (dir.path / "trace.json").string();
        findings_path = (dir.path / "findings.txt").string();
    }
    std::string stderr_path() const { return (dir.path / "stderr.txt").string(); }
};

// clang++'s words for the file: the shim's headers, the section, and a file written for every
// type its element and operator.
std::vector<std::string> compile_flags(const Tracing& t) {
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
                                   "-DSCANLAB_SECTION_SIZE=" + std::to_string(t.plan.section)};
    if (takes_any_type(t.source))
        flags.insert(flags.end(), {std::string("-DSCANLAB_ELEMENT=") + c_type(t.spec.request.type),
                                   "-DSCANLAB_OP=" + std::to_string(int(t.spec.request.op))});
    return flags;
}

// The compiled library's path; throws ScanError with the compiler's messages where it does not compile.
std::string compiled_library(const Tracing& t, const std::string& clang, KernelTrace& result) {
    // What the compiler reads: the file, or (with launches) the file with its launches rewritten.
    std::string compiled_text = t.source;
    if (t.source.find("<<<") != std::string::npos || std::regex_search(t.source, std::regex(R"(extern\s+__shared__)")))
        compiled_text = with_launches_rewritten(with_dynamic_shared(t.source), t.request.file);
    const std::vector<std::string> flags = compile_flags(t);
    // The compile cache: one library per source, shim, compiler and flags (and the files it
    // #includes, kernel_compile.hpp), so a rerun starts at once.
    uint64_t key = fnv1a(clang + fs::absolute(t.request.file).string() + compiled_text);
    for (const std::string& f : flags) key = fnv1a(f + "\n", key);
    for (const char* shim : {"scanlab_cuda.hpp", "scanlab_any_type.h", "scanlab_shim_abi.h", "include/cooperative_groups.h"})
        key = fnv1a(read_file(std::string(SCANLAB_KERNEL_SHIM_DIR) + "/" + shim), key);
    const auto compile_start = std::chrono::steady_clock::now();
    KernelCompile job{clang,
                      flags,
                      t.request.file,
                      compiled_text,
                      key,
                      t.dir.path,
                      {SCANLAB_KERNEL_SHIM_DIR},
                      t.boxed,
                      t.request.compile_limits,
                      t.request.cancel};
    const CompiledKernel built = compile_kernel(job);
    result.no_cache = built.no_cache;
    if (built.compiled) result.compile_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - compile_start).count();
    if (built.failed) throw ScanError(std::string(kDoesNotCompile) + "\n" + built.diagnostics);
    if (t.request.cancel && *t.request.cancel) throw ScanError("the run was cancelled");
    return built.library;
}

// The runner's run of the library, in its box, under the kernel's limits (docs/your-kernel.md).
ChildOutcome run_runner(const Tracing& t, const std::string& library, const ChildLimits& limits, KernelTrace& result) {
    std::ofstream(t.trace_path + ".names") << pointer_parameter_names(t.source);
    std::vector<std::string> argv{SCANLAB_KERNEL_RUNNER,
                                  library,
                                  t.trace_path,
                                  t.findings_path,
                                  t.file_name,
                                  std::to_string(t.plan.block_dim),
                                  std::to_string(t.plan.grid_dim),
                                  std::string(name(t.request.like)),
                                  t.spec.request.block_schedule.text(),
                                  "--"};
    // The spec crosses into the runner as the core states a run in words, and is read back there.
    const std::vector<std::string> words = run_words(t.spec);
    argv.insert(argv.end(), words.begin(), words.end());
    if (t.boxed)
        argv = boxed_runner(argv, library, t.spec.input, {t.trace_path, t.trace_path + ".entry", t.trace_path + ".printf", t.findings_path},
                            t.trace_path + ".names");
    ChildOutcome run = run_child(argv, limits, (t.dir.path / "stdout.txt").string(), t.stderr_path());
    // In the box, the first process of the PID namespace gives a runner's signal as status 128 + signal.
    if (t.boxed && run.signal == 0 && run.exit_status > 128 && run.exit_status < 128 + 65) run.signal = run.exit_status - 128;
    result.run_seconds = run.wall_seconds;
    if (!run.started) throw ScanError("the kernel runner could not be started");
    if (t.boxed) throw_if_box_failed(run.exit_status, t.stderr_path());
    if (run.cancelled) throw ScanError("the run was cancelled");
    return run;
}

// The runner's findings, each at its line of the student's file.
struct FindingsAtLines {
    std::vector<RawFinding> raw;
    std::map<uintptr_t, int> lines;
    int line_of(uintptr_t pc) const { return lines.contains(pc) ? lines.at(pc) : 0; }
    std::string sentence(const RawFinding& f) const { return finding_sentence(f, line_of(f.pc), line_of(f.other_pc)); }
};

bool in_shared_memory(const RawFinding& f) {
    return f.kind == FindingKind::race_raw || f.kind == FindingKind::race_war || f.kind == FindingKind::race_waw ||
           f.kind == FindingKind::out_of_bounds_shared || f.kind == FindingKind::uninitialized_shared;
}

// Read under a cap and summed by kind and lines: the file is the kernel's to write, too.
FindingsAtLines read_findings_back(const Tracing& t, const std::string& library, const RunnerMemory& memory, KernelTrace& result) {
    const ReadFindings read = read_findings(t.findings_path, kMostFindings);
    FindingsAtLines at{read.findings, {}};
    std::vector<uintptr_t> pcs;
    for (const RawFinding& f : at.raw) pcs.insert(pcs.end(), {f.pc, f.other_pc});
    at.lines = lines_of(library, t.request.file, pcs);
    for (RawFinding f : at.raw) {
        // The runner says whose allocation failed; the sentence names that part's limit.
        if (f.kind == FindingKind::out_of_memory) f.detail = memory_detail(f.detail, memory);
        result.findings.push_back({at.line_of(f.pc), at.sentence(f), f.step, f.block, f.thread, f.array, f.element, in_shared_memory(f)});
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
    return at;
}

// Why a run gave no trace, one sentence; "" for a run that ended well. Throws ScanError where the
// runner refused the run before it started.
std::string how_it_ended(const Tracing& t, const ChildOutcome& run, const ChildLimits& limits, const RunnerMemory& memory,
                         const FindingsAtLines& at, const KernelTrace& result) {
    auto never_ends = [](const RawFinding& f) { return f.kind == FindingKind::never_ends; };
    if (run.wall_timeout) {
        std::string ended = "the kernel did not end within " + std::to_string(int(limits.wall_seconds)) + " s and was stopped";
        for (const RawFinding& f : at.raw)
            if (never_ends(f)) ended = at.sentence(f);
        return ended;
    }
    if (run.signal != 0)
        return run.signal == SIGKILL || run.signal == SIGXCPU
                   ? "the kernel used up its " + std::to_string(limits.cpu_seconds) + " s of CPU time and was stopped (an endless loop?)"
                   : signal_sentence(run.signal, limits.file_bytes);
    if (run.exit_status == 2) {
        const std::string why = last_line_of(t.stderr_path(), 400);
        throw ScanError(why.empty() ? "the kernel runner stopped before the run" : why);
    }
    if (run.exit_status == 3) {
        std::string ended =
            result.findings.empty() ? "the kernel's run stopped" : "the kernel's run stopped: " + result.findings.back().sentence;
        for (RawFinding f : at.raw) {
            if (f.kind == FindingKind::out_of_memory) f.detail = memory_detail(f.detail, memory);
            if (f.kind == FindingKind::crash || never_ends(f) || f.kind == FindingKind::out_of_memory) ended = at.sentence(f);
        }
        return ended;
    }
    if (run.exit_status != 0) return "the kernel runner ended with status " + std::to_string(run.exit_status);
    // A kernel stopped for passing too many barriers computed no result: there is no trace to show.
    if (auto stop = std::find_if(at.raw.begin(), at.raw.end(), never_ends); stop != at.raw.end()) return at.sentence(*stop);
    return "";
}

// The trace the runner wrote, checked to be this run's, its printf lines, and the entry point the
// device check runs; sets `ended` where the trace is not one to show.
void read_trace_back(const Tracing& t, KernelTrace& result) {
    std::ifstream in(t.trace_path, std::ios::binary);
    result.trace = read_trace_json(in, "the trace of " + t.file_name);
    const RunSpec& spec = t.spec;
    result.ended =
        trace_not_this_runs(result.trace, {t.file_name, spec.request.type, spec.request.op, spec.request.exclusive, spec.request.warp_width,
                                           spec.request.schedule.text(), &t.input, spec.request.block_schedule.text()});
    if (!result.ended.empty()) return;
    read_printed(t.trace_path + ".printf", result);
    // The GPU runs the entry point the CPU run chose, launched as it was launched.
    std::istringstream entry(read_file(t.trace_path + ".entry"));
    HarnessShape shape;
    std::string kind;
    entry >> kind >> shape.entry.name;
    // The runner wrote it where the kernel could too: the device check's program calls it by name.
    static const std::regex identifier(R"([A-Za-z_]\w{0,200})");
    if (!std::regex_match(shape.entry.name, identifier)) {
        result.ended = "the run's entry point '" + printable(shape.entry.name, 80) + "' is not a name (the kernel wrote its own?)";
        return;
    }
    shape.entry.host = kind == "host";
    shape.file = fs::absolute(t.request.file).string();
    shape.type = result.trace.type;
    shape.op = spec.request.op;
    shape.any_type = takes_any_type(t.source);
    shape.section = t.plan.section;
    shape.block_dim = t.plan.block_dim;
    shape.grid_dim = t.plan.grid_dim;
    result.device_shape = shape;
    result.traced = true;
}

// The device check's sentence: skipped and why, refused for a file not trusted, or what the GPU gave.
std::string device_check_said(const Tracing& t, const KernelTrace& result) {
    if (const std::string why = device_check_unavailable(); !why.empty()) return "the device check was skipped: " + why;
    if (!t.request.trust) return device_check_untrusted(t.file_name);
    return check_on_device(*result.device_shape, result.trace, t.request.cpu_seconds, sanitizer_comparable_lines(result.findings)).said();
}

}  // namespace

KernelTrace trace_kernel(const KernelRequest& request) {
    KernelTrace result;
    const std::string clang = find_on_path({"clang++", "clang++-19", "clang++-18", "clang++-17", "clang++-16", "clang++-15", "clang++-14"});
    if (clang.empty())
        throw ScanError(
            "tracing your kernel needs clang++, which is not installed; install Debian's package clang (apt-get install clang)");
    const Tracing t(request);
    result.launch_note = t.source.find("<<<") == std::string::npos ? t.plan.note : "";
    const std::string library = compiled_library(t, clang, result);
    ChildLimits limits;
    limits.cpu_seconds = request.cpu_seconds;
    limits.cancel = request.cancel;
    // The kernel's own memory, and beside it the tracer's share for this run's trace: the tracer's
    // memory is not the kernel's (runner_memory.hpp).
    const RunnerMemory memory{request.kernel_memory, tracer_share(t.spec.request, request.like, t.plan.section, t.plan.grid_dim)};
    limits.memory_bytes = memory.limit();
    const ChildOutcome run = run_runner(t, library, limits, result);
    const FindingsAtLines at = read_findings_back(t, library, memory, result);
    result.ended = how_it_ended(t, run, limits, memory, at, result);
    if (result.ended.empty()) {
        read_trace_back(t, result);
        if (result.traced && request.device_check) result.device_check = device_check_said(t, result);
    }
    // A finding's detail read back from the runner is the kernel's to write, too.
    result.ended = printable(result.ended, 1000);
    return result;
}

}  // namespace scanlab::kernel_tracer
