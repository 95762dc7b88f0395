// `scanlab-kernel-runner`: the child process that runs a student's compiled kernel. The CLI
// (kernel_tracer/host/) starts it under CPU-time, memory and wall-clock limits, so whatever the
// kernel does ends here, never in the CLI. It loads the library, finds the kernel of the exercise
// template's signature (T* X, T* Y, int InputSize), runs its blocks as fibers, and writes the trace
// (the project's trace file) and its findings (findings_log.hpp). A problem before the run is one
// sentence on standard error and exit status 2; a signal or the memory limit is a finding and
// exit status 3.
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/input/run_header.hpp"
#include "core/input/run_words.hpp"
#include "core/trace_io/trace_json.hpp"
#include "kernel_tracer/runtime/block_runner.hpp"
#include "kernel_tracer/runtime/kernel_image.hpp"
#include "kernel_tracer/runtime/race_replay.hpp"
#include "kernel_tracer/runtime/syscall_filter.hpp"
#include "kernel_tracer/runtime/trace_builder.hpp"
#include "kernel_tracer/shim/scanlab_shim_abi.h"

using namespace scanlab;
using namespace scanlab::kernel_tracer;

namespace {

int g_findings_fd = -1;

[[noreturn]] void write_finding_and_exit(const RawFinding& f, int status) {
    const std::string line = finding_line(f) + "\n";
    if (g_findings_fd >= 0 && ::write(g_findings_fd, line.data(), line.size()) < 0) _exit(status);
    _exit(status);
}

void on_signal(int sig, siginfo_t*, void* context) {
    const auto* uc = static_cast<const ucontext_t*>(context);
    const uintptr_t pc = uintptr_t(uc->uc_mcontext.gregs[REG_RIP]);
    RawFinding f = current_place(sig == SIGXCPU ? FindingKind::never_ends : FindingKind::crash, pc);
    f.detail = sig == SIGXCPU   ? "cpu"
               : sig == SIGSEGV ? "segmentation fault"
               : sig == SIGBUS  ? "bus error"
               : sig == SIGFPE  ? "arithmetic error (a division by zero?)"
               : sig == SIGILL  ? "illegal instruction"
                                : "abort";
    write_finding_and_exit(f, 3);
}

[[noreturn]] void on_out_of_memory() {
    RawFinding f = current_place(FindingKind::out_of_memory, 0);
    // Whose allocation failed: the kernel's own part of the limit, or the tracer's share beside it.
    f.detail = g_tracer_at_work ? "tracer" : "kernel";
    write_finding_and_exit(f, 3);
}

void install_handlers() {
    static std::vector<char> alt(size_t(1) << 16);
    stack_t ss{};
    ss.ss_sp = alt.data();
    ss.ss_size = alt.size();
    sigaltstack(&ss, nullptr);
    struct sigaction sa {};
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGXCPU, SIGABRT}) sigaction(sig, &sa, nullptr);
    std::set_new_handler(on_out_of_memory);
}

// "float*" -> float32, ...; nullopt for a type no run takes.
std::optional<ElementType> element_type_of_pointer(std::string p) {
    if (p.starts_with("const ")) p = p.substr(6);
    if (const size_t c = p.find(" const*"); c != std::string::npos) p = p.substr(0, c) + "*";
    if (p == "float*") return ElementType::float32;
    if (p == "double*") return ElementType::float64;
    if (p == "int*") return ElementType::int32;
    if (p == "long*" || p == "long long*") return ElementType::int64;
    return std::nullopt;
}

std::vector<std::string> parameters(const std::string& signature) {
    std::vector<std::string> out;
    const size_t open = signature.find('('), close = signature.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close <= open + 1) return out;
    const std::string inside = signature.substr(open + 1, close - open - 1);
    for (size_t at = 0;;) {
        const size_t comma = inside.find(", ", at);
        out.push_back(inside.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        if (comma == std::string::npos) break;
        at = comma + 2;
    }
    return out;
}

// What the runner calls: the file's host entry point (host code that launches kernels), else its
// one kernel of the exercise template's signature.
struct Chosen {
    const KernelSymbol* kernel = nullptr;
    bool host = false;
    ElementType type = ElementType::int32;
};

std::vector<Chosen> fitting(const std::vector<KernelSymbol>& symbols, bool host) {
    std::vector<Chosen> out;
    for (const KernelSymbol& k : symbols) {
        const std::vector<std::string> p = parameters(k.signature);
        if (p.size() != 3) continue;
        const auto x = element_type_of_pointer(p[0]), y = element_type_of_pointer(p[1]);
        if (!x || x != y || (p[2] != "int" && p[2] != "unsigned int" && p[2] != "long")) continue;
        out.push_back({&k, host, *x});
    }
    return out;
}

Chosen choose_kernel(const KernelImage& image, ElementType wanted) {
    if (image.kernels.empty()) throw ScanError("the file has no __global__ kernel");
    // Host code: a function scan(T* X, T* Y, int n), or the one host function of that signature.
    std::vector<Chosen> hosts = fitting(image.functions, true);
    if (hosts.size() > 1) {
        std::erase_if(hosts, [](const Chosen& c) { return c.kernel->name != "scan"; });
        if (hosts.size() != 1)
            throw ScanError("the file has several host functions of the signature (T* X, T* Y, int n); name the one to call scan");
    }
    std::vector<Chosen> found = hosts.empty() ? fitting(image.kernels, false) : hosts;
    if (found.empty())
        throw ScanError(
            "no kernel has the exercise's signature (T* X, T* Y, int InputSize) with T float, double, int or long, and no host "
            "function scan(T* X, T* Y, int n) launches one; the file has " +
            image.kernels.front().signature);
    if (found.size() > 1)
        throw ScanError("the file has " + std::to_string(found.size()) +
                        " kernels of the signature (T* X, T* Y, int InputSize); keep one, "
                        "or write host code scan(T* X, T* Y, int n) that launches them");
    const Chosen& c = found.front();
    if (c.type != wanted)
        throw ScanError(std::string(c.host ? "the host function " : "the kernel ") + c.kernel->signature + " scans " +
                        std::string(name(c.type)) + " values, but the run asks for " + std::string(name(wanted)) + "; pass --type " +
                        std::string(name(c.type)));
    return c;
}

// Host code's launches and cudaMalloc reach the runner here (scanlab_shim_abi.h).
std::vector<GlobalArray> g_globals;  // X, Y, then each array cudaMalloc gave that is not freed
std::function<void(scanlab_uint3, scanlab_uint3, unsigned long, std::function<void()>)> g_on_launch;

// What the kernel's printf calls said, each with its thread and barrier interval (none while a
// replay runs: its lines would repeat the run's).
struct Printed {
    int launch = 0, interval = 0;
    int64_t block = -1;
    int32_t thread = -1;
    std::string text;
};
std::vector<Printed> g_printed;
int64_t g_printed_dropped = 0;
bool g_replaying = false;
int g_launch_index = 0;
constexpr size_t kMaxPrinted = 2000;

constexpr size_t kRedzone = size_t(64) << 10;

// An array with a red zone on each side, so a read or write just past either end is seen and harmless.
GlobalArray map_global(std::string name, size_t bytes) {
    const size_t span = (bytes + 4095) / 4096 * 4096;
    auto* region = static_cast<char*>(mmap(nullptr, 2 * kRedzone + span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    // X, Y and what cudaMalloc gives are the kernel's memory: past its limit, the run stops with that finding.
    if (region == MAP_FAILED) on_out_of_memory();
    return {std::move(name), uintptr_t(region + kRedzone), bytes, kRedzone, nullptr};
}

[[noreturn]] void stop_before_run(const std::string& sentence) {
    std::cerr << sentence << "\n";
    std::cerr.flush();
    _exit(2);
}

struct Args {
    std::string library, trace_path, findings_path, label;
    int block_dim = 1;
    int64_t grid_dim = 1;
    Algorithm like = Algorithm::kogge_stone;
    BlockSchedule block_schedule;  // the order every launch runs its blocks in, one after another
    std::vector<std::string> words;  // the run as the core's run_words() states it
};

Args parse_args(int argc, char** argv) {
    if (argc < 10 || std::string(argv[9]) != "--")
        throw ScanError("usage: scanlab-kernel-runner LIB TRACE FINDINGS LABEL BLOCK_DIM GRID_DIM LIKE BLOCK_SCHEDULE -- RUN WORDS");
    Args a;
    a.library = argv[1];
    a.trace_path = argv[2];
    a.findings_path = argv[3];
    a.label = argv[4];
    a.block_dim = std::stoi(argv[5]);
    a.grid_dim = std::stoll(argv[6]);
    a.like = parse_algorithm(argv[7]).value_or(Algorithm::kogge_stone);
    const std::optional<BlockSchedule> blocks = parse_block_schedule(argv[8]);
    if (!blocks) throw ScanError(std::string("unknown block schedule ") + argv[8]);
    a.block_schedule = *blocks;
    a.words.assign(argv + 10, argv + argc);
    return a;
}

// The image as one launch sees it: its `extern __shared__` array holds the launch's bytes.
KernelImage with_dynamic_shared(const KernelImage& image, size_t bytes) {
    KernelImage sized = image;
    for (SharedArray& a : sized.shared)
        if (a.dynamic) a.bytes = std::min<size_t>(bytes, SCANLAB_DYNAMIC_SHARED_CAPACITY);
    return sized;
}

std::pair<std::string, std::string> g_input_names{"X", "Y"};  // the entry point's own names for X and Y

// The entry point's names for its first two parameters, from the tracer's list ("NAME FIRST SECOND"
// a line); X and Y where the list does not name it once.
std::pair<std::string, std::string> parameter_names(const std::string& path, const std::string& entry) {
    std::ifstream in(path);
    std::pair<std::string, std::string> names{"X", "Y"};
    int found = 0;
    for (std::string name, first, second; in >> name >> first >> second;)
        if (name == entry) names = {first, second}, ++found;
    return found == 1 && names.first != names.second ? names : std::pair<std::string, std::string>{"X", "Y"};
}

Launch launch_of(const ScanRequest& request, int block_dim, int64_t grid_dim, std::function<void()> call) {
    Launch launch;
    launch.block_schedule = request.block_schedule;
    launch.block_dim = block_dim;
    launch.grid_dim = grid_dim;
    launch.warp_width = request.warp_width;
    launch.schedule = request.schedule;
    launch.globals = g_globals;
    launch.call_kernel = std::move(call);
    return launch;
}

// The library's own variables (__device__ ones among them), kept so a replay starts as the run did.
std::vector<std::vector<uint8_t>> save_data(const KernelImage& image) {
    std::vector<std::vector<uint8_t>> saved;
    for (const Range& r : image.data)
        saved.emplace_back(reinterpret_cast<const uint8_t*>(r.address), reinterpret_cast<const uint8_t*>(r.address) + r.bytes);
    return saved;
}

void restore_data(const KernelImage& image, const std::vector<std::vector<uint8_t>>& saved) {
    for (size_t k = 0; k < image.data.size() && k < saved.size(); ++k)
        std::memcpy(reinterpret_cast<void*>(image.data[k].address), saved[k].data(), saved[k].size());
}

// The run again under another schedule (race_replay.hpp), from the same input: only its result
// and findings are kept.
template <class T>
Replay replayed_result(const KernelImage& image, const Chosen& chosen, const ScanRequest& request, const TriedSchedule& how, int block_dim,
                       int64_t grid_dim, T* x, T* y, int64_t n) {
    Replay out;
    out.ran = true;
    g_replaying = true;
    ScanRequest changed = request;
    changed.warp_width = how.warp_width;
    changed.schedule = how.schedule;
    auto run_one = [&](int bd, int64_t gd, size_t shared_bytes, std::function<void()> call) {
        if (!out.ran) return;
        const KernelImage sized =
            with_dynamic_shared(image, shared_bytes ? shared_bytes : size_t(std::max(image.section_size, bd)) * sizeof(T));
        const KernelRun run = run_kernel(sized, launch_of(changed, bd, gd, std::move(call)));
        for (const RawFinding& f : run.findings) out.ran = out.ran && f.kind != FindingKind::never_ends;
        out.findings.insert(out.findings.end(), run.findings.begin(), run.findings.end());
    };
    auto* entry = reinterpret_cast<void (*)(T*, T*, int)>(chosen.kernel->address);
    if (chosen.host) {
        g_on_launch = [&](scanlab_uint3 grid, scanlab_uint3 block, unsigned long shared_bytes, std::function<void()> call) {
            run_one(int(block.x), int64_t(grid.x), shared_bytes, std::move(call));
        };
        const WhoseCode host_code(false);
        entry(x, y, int(n));
        g_on_launch = nullptr;
    } else {
        run_one(block_dim, grid_dim, 0, [entry, x, y, n] { entry(x, y, int(n)); });
    }
    g_replaying = false;
    out.result = std::vector<T>(y, y + n);
    return out;
}

// printf's lines for the host (kernel_trace.cpp): "STEP\tBLOCK\tTHREAD\tTEXT", the step as the
// trace numbers it (-1: host code), then "dropped\tK" where more were said than are kept.
void write_printed(const std::string& path, const std::vector<std::vector<int>>& step_of_interval, const std::vector<size_t>& first_step) {
    std::ofstream out(path);
    for (const Printed& p : g_printed) {
        int step = -1;
        if (p.block >= 0 && size_t(p.launch) < step_of_interval.size()) {
            const std::vector<int>& steps = step_of_interval[size_t(p.launch)];
            step = int(first_step[size_t(p.launch)]) + (p.interval < int(steps.size()) ? steps[size_t(p.interval)]
                                                        : steps.empty()                ? 0
                                                                                       : steps.back());
        }
        out << step << '\t' << p.block << '\t' << p.thread << '\t' << p.text << '\n';
    }
    if (g_printed_dropped > 0) out << "dropped\t" << g_printed_dropped << '\n';
}

// The run as a trace, all but its values: the header (as the core builds a kernel's), and each
// launch's steps labelled K1, K2 ... K3 (the first, those between, the last, as the hierarchical
// scan's) where there are several.
Trace trace_of(const Args& args, const RunSpec& spec, std::vector<std::vector<Step>> launches, LaunchShape first) {
    Trace t;
    t.run() = kernel_run_header(spec.request, args.like, first, args.label);
    t.backend = "cpu";
    for (size_t l = 0; l < launches.size(); ++l)
        for (Step& s : launches[l]) {
            s.kernel = launches.size() == 1 ? Kernel::single : l == 0 ? Kernel::k1 : l + 1 == launches.size() ? Kernel::k3 : Kernel::k2;
            t.steps.push_back(std::move(s));
        }
    t.counts = total_counts(t.steps);
    return t;
}

template <class T>
int run(const Args& args, const KernelImage& image, const Chosen& chosen, const RunSpec& spec, ValueArray input_values) {
    const std::vector<T>& input = std::get<std::vector<T>>(input_values);
    const int64_t n = int64_t(input.size());
    const size_t bytes = size_t(n) * sizeof(T);
    g_globals = {map_global(g_input_names.first, bytes), map_global(g_input_names.second, bytes)};
    T* x = reinterpret_cast<T*>(g_globals[0].address);
    T* y = reinterpret_cast<T*>(g_globals[1].address);
    std::memcpy(x, input.data(), bytes);

    // Each launch's steps and findings, in launch order.
    std::vector<std::vector<Step>> launches;
    std::vector<RawFinding> findings;
    int section = 0, first_block = args.block_dim;
    int64_t first_grid = args.grid_dim;
    bool stopped = false, used_warp_calls = false;
    std::vector<std::vector<int>> step_of_interval;  // per launch, for printf's lines
    std::vector<size_t> first_step;
    const std::vector<std::vector<uint8_t>> data_before = save_data(image);
    auto launch_blocks = [&](int block_dim, int64_t grid_dim, size_t shared_bytes, std::function<void()> call) {
        if (stopped) return;
        g_launch_index = int(launches.size());
        const KernelImage sized =
            with_dynamic_shared(image, shared_bytes ? shared_bytes : size_t(std::max(image.section_size, block_dim)) * sizeof(T));
        Launch launch = launch_of(spec.request, block_dim, grid_dim, std::move(call));
        const KernelRun run = run_kernel(sized, launch);
        const WhoseCode building(true);
        used_warp_calls = used_warp_calls || run.used_warp_calls;
        const BuiltTrace built = build_steps<T>(run, sized, {block_dim, grid_dim, launch.warp_width});
        if (launches.empty()) section = built.section, first_block = block_dim, first_grid = grid_dim;
        size_t before = 0;
        for (const auto& l : launches) before += l.size();
        step_of_interval.push_back(built.step_of_interval);
        first_step.push_back(before);
        for (RawFinding f : run.findings) {
            f.step = f.interval < int(built.step_of_interval.size()) ? int(before) + built.step_of_interval[size_t(f.interval)] : -1;
            stopped = stopped || f.kind == FindingKind::never_ends;
            findings.push_back(f);
        }
        launches.push_back(built.steps);
    };
    if (chosen.host) {
        g_on_launch = [&](scanlab_uint3 grid, scanlab_uint3 block, unsigned long shared_bytes, std::function<void()> call) {
            if (grid.y != 1 || grid.z != 1 || block.y != 1 || block.z != 1)
                stop_before_run("a launch of " + std::to_string(grid.x) + "x" + std::to_string(grid.y) + "x" + std::to_string(grid.z) +
                                " blocks of " + std::to_string(block.x) + "x" + std::to_string(block.y) + "x" + std::to_string(block.z) +
                                " threads: the runner traces one-dimensional launches only");
            if (block.x < 1 || block.x > 1024)
                stop_before_run("a launch of blocks of " + std::to_string(block.x) + " threads: give 1 to 1024");
            if (grid.x < 1 || grid.x > 65536) stop_before_run("a launch of " + std::to_string(grid.x) + " blocks: give 1 to 65536");
            if (shared_bytes > SCANLAB_DYNAMIC_SHARED_CAPACITY)
                stop_before_run("a launch with " + std::to_string(shared_bytes) +
                                " bytes of dynamic shared memory: the runner gives up to " +
                                std::to_string(SCANLAB_DYNAMIC_SHARED_CAPACITY) + " (48 KiB, as a GPU does without opting in to more)");
            launch_blocks(int(block.x), int64_t(grid.x), shared_bytes, std::move(call));
        };
        auto* entry = reinterpret_cast<void (*)(T*, T*, int)>(chosen.kernel->address);
        entry(x, y, int(n));
        g_on_launch = nullptr;
        if (launches.empty()) stop_before_run("the host function " + chosen.kernel->signature + " launched no kernel");
    } else {
        auto* entry = reinterpret_cast<void (*)(T*, T*, int)>(chosen.kernel->address);
        launch_blocks(args.block_dim, args.grid_dim, 0, [entry, x, y, n] { entry(x, y, int(n)); });
    }

    // From here the memory used is the trace's (a replay's kernel code says so of its own).
    const WhoseCode building(true);
    Trace t = trace_of(args, spec, std::move(launches), {section, first_block, first_grid});
    t.type = element_type_of<T>();
    t.n = n;
    t.input = input;
    t.result = std::vector<T>(y, y + n);
    // A race is shown wrong by a schedule that makes the result wrong, where one of those tried does.
    if (!stopped && std::any_of(findings.begin(), findings.end(), is_race)) {
        auto replay = [&](const TriedSchedule& how) {
            restore_data(image, data_before);
            g_globals.resize(2);
            std::memcpy(x, input.data(), bytes);
            std::memset(y, 0, bytes);
            return replayed_result<T>(image, chosen, spec.request, how, args.block_dim, args.grid_dim, x, y, n);
        };
        explain_races(findings, t, used_warp_calls, replay);
    }
    write_printed(args.trace_path + ".printf", step_of_interval, first_step);
    {
        std::ofstream out(args.trace_path, std::ios::binary);
        write_trace_json(out, t);
        if (!out) throw ScanError("the trace could not be written");
    }
    std::ofstream out(args.findings_path);
    for (const RawFinding& f : findings) out << finding_line(f) << "\n";
    return out ? 0 : 2;
}

}  // namespace

extern "C" {
__attribute__((visibility("default"))) void scanlab_cuda_launch(scanlab_uint3 grid, scanlab_uint3 block, unsigned long shared_bytes,
                                                                void (*run)(void*), void* closure) {
    if (!g_on_launch) stop_before_run("a kernel was launched from inside a kernel; the runner traces launches from host code only");
    auto on_launch = std::move(g_on_launch);  // a launch from inside this one's threads finds none
    on_launch(grid, block, shared_bytes, [run, closure] { run(closure); });
    g_on_launch = std::move(on_launch);
}

__attribute__((visibility("default"))) void* scanlab_cuda_malloc(unsigned long bytes, const char* pointer_text) {
    if (bytes == 0) return nullptr;
    // "&d_S" or "(void**)&d_S" -> "d_S"
    std::string text(pointer_text), name;
    for (size_t i = text.size(); i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_'); --i)
        name.insert(name.begin(), text[i - 1]);
    g_globals.push_back(map_global(name.empty() ? "global" : name, bytes));
    // cudaMalloc's memory holds no values until the host or a kernel writes them (initcheck).
    g_globals.back().written = std::make_shared<std::vector<uint8_t>>(bytes, 0);
    return reinterpret_cast<void*>(g_globals.back().address);
}

__attribute__((visibility("default"))) void scanlab_cuda_host_wrote(void* address, unsigned long bytes) {
    const uintptr_t a = uintptr_t(address);
    for (GlobalArray& g : g_globals)
        if (g.written && a >= g.address && a < g.address + g.bytes)
            std::fill_n(g.written->begin() + std::ptrdiff_t(a - g.address), std::min<size_t>(bytes, g.address + g.bytes - a), uint8_t(1));
}

__attribute__((visibility("default"))) int scanlab_cuda_printf(const char* format, ...) {
    char buffer[1024];
    va_list args;
    va_start(args, format);
    const int length = std::vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    if (g_replaying) return length;
    if (g_printed.size() >= kMaxPrinted) {
        ++g_printed_dropped;
        return length;
    }
    const RawFinding where = current_place(FindingKind::crash, 0);
    std::string text(buffer);
    for (char& c : text)
        if (c == '\t' || c == '\r') c = ' ';
    // One line per line said; a line's end is where printf put it.
    for (size_t at = 0; at < text.size();) {
        const size_t end = text.find('\n', at);
        const std::string line = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
        const bool in_kernel = where.thread >= 0;
        g_printed.push_back({g_launch_index, where.interval, in_kernel ? where.block : -1, where.thread, line});
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return length;
}

__attribute__((visibility("default"))) void scanlab_cuda_free(void* pointer) {
    for (size_t k = 2; k < g_globals.size(); ++k)
        if (g_globals[k].address == uintptr_t(pointer)) {
            const GlobalArray g = g_globals[k];
            g_globals.erase(g_globals.begin() + std::ptrdiff_t(k));
            munmap(reinterpret_cast<char*>(g.address - g.redzone), 2 * g.redzone + (g.bytes + 4095) / 4096 * 4096);
            return;
        }
}
}

int main(int argc, char** argv) {
    try {
        const Args args = parse_args(argc, argv);
        // Before the student's library is loaded: its constructors run as it loads.
        if (!enter_syscall_filter())
            throw ScanError(std::string("the runner could not restrict its system calls (seccomp): ") + std::strerror(errno));
        FILE* findings = std::fopen(args.findings_path.c_str(), "w");
        if (!findings) throw ScanError("the findings file could not be written");
        g_findings_fd = fileno(findings);
        // The run's words are the core's own statement of the tracer's RunSpec (run_words()).
        RunSpec spec = parse_run_words(args.words, [](const std::string&, const auto&) { return false; });
        spec.request.block_schedule = args.block_schedule;
        std::string origin;
        ValueArray input = load_input(spec.input, spec.request.type, origin);
        const KernelImage image = load_kernel_image(args.library);
        const Chosen chosen = choose_kernel(image, spec.request.type);
        // What the device check calls on the GPU: the same entry point, by name.
        std::ofstream(args.trace_path + ".entry") << (chosen.host ? "host " : "kernel ") << chosen.kernel->name << "\n";
        g_input_names = parameter_names(args.trace_path + ".names", chosen.kernel->name);
        install_handlers();
        return with_type(chosen.type, [&]<class T>(TypeTag<T>) { return run<T>(args, image, chosen, spec, std::move(input)); });
    } catch (const std::bad_alloc&) {
        // Before the kernel's code runs (its threads' stacks): the tracer's own share was too small.
        std::cerr << "the tracer could not set aside the memory for the kernel's threads and its trace\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return 2;
    }
}
