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

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/input/run_words.hpp"
#include "core/trace_io/trace_json.hpp"
#include "kernel_tracer/runtime/block_runner.hpp"
#include "kernel_tracer/runtime/kernel_image.hpp"
#include "kernel_tracer/runtime/trace_builder.hpp"

using namespace scanlab;
using namespace scanlab::kernel_tracer;

namespace {

int g_findings_fd = -1;

void write_finding_and_exit(const RawFinding& f, int status) {
    const std::string line = finding_line(f) + "\n";
    if (g_findings_fd >= 0 && ::write(g_findings_fd, line.data(), line.size()) < 0) _exit(status);
    _exit(status);
}

void on_signal(int sig, siginfo_t*, void* context) {
    const auto* uc = static_cast<const ucontext_t*>(context);
    const uintptr_t pc = uintptr_t(uc->uc_mcontext.gregs[REG_RIP]);
    RawFinding f = current_place(sig == SIGXCPU ? FindingKind::never_ends : FindingKind::crash, pc);
    f.detail = sig == SIGXCPU ? "cpu" : sig == SIGSEGV ? "segmentation fault" : sig == SIGBUS ? "bus error"
             : sig == SIGFPE ? "arithmetic error (a division by zero?)" : sig == SIGILL ? "illegal instruction" : "abort";
    write_finding_and_exit(f, 3);
}

void on_out_of_memory() {
    RawFinding f = current_place(FindingKind::out_of_memory, 0);
    write_finding_and_exit(f, 3);
}

void install_handlers() {
    static std::vector<char> alt(size_t(1) << 16);
    stack_t ss{};
    ss.ss_sp = alt.data();
    ss.ss_size = alt.size();
    sigaltstack(&ss, nullptr);
    struct sigaction sa{};
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

struct Chosen {
    const KernelSymbol* kernel = nullptr;
    ElementType type = ElementType::int32;
};

Chosen choose_kernel(const KernelImage& image, ElementType wanted) {
    if (image.kernels.empty()) throw ScanError("the file has no __global__ kernel");
    std::vector<Chosen> fitting;
    for (const KernelSymbol& k : image.kernels) {
        const std::vector<std::string> p = parameters(k.signature);
        if (p.size() != 3) continue;
        const auto x = element_type_of_pointer(p[0]), y = element_type_of_pointer(p[1]);
        if (!x || x != y || (p[2] != "int" && p[2] != "unsigned int" && p[2] != "long")) continue;
        fitting.push_back({&k, *x});
    }
    if (fitting.empty())
        throw ScanError("no kernel has the exercise's signature (T* X, T* Y, int InputSize) with T float, double, int or long; the file has " +
                        image.kernels.front().signature);
    if (fitting.size() > 1)
        throw ScanError("the file has " + std::to_string(fitting.size()) + " kernels of the signature (T* X, T* Y, int InputSize); keep one");
    if (fitting.front().type != wanted)
        throw ScanError("the kernel " + fitting.front().kernel->signature + " scans " + std::string(name(fitting.front().type)) +
                        " values, but the run asks for " + std::string(name(wanted)) + "; pass --type " + std::string(name(fitting.front().type)));
    return fitting.front();
}

struct Args {
    std::string library, trace_path, findings_path, label;
    int block_dim = 1;
    int64_t grid_dim = 1;
    Algorithm like = Algorithm::kogge_stone;
    std::vector<std::string> words;
};

Args parse_args(int argc, char** argv) {
    if (argc < 9 || std::string(argv[8]) != "--")
        throw ScanError("usage: scanlab-kernel-runner LIB TRACE FINDINGS LABEL BLOCK_DIM GRID_DIM LIKE -- RUN WORDS");
    Args a;
    a.library = argv[1];
    a.trace_path = argv[2];
    a.findings_path = argv[3];
    a.label = argv[4];
    a.block_dim = std::stoi(argv[5]);
    a.grid_dim = std::stoll(argv[6]);
    a.like = parse_algorithm(argv[7]).value_or(Algorithm::kogge_stone);
    a.words.assign(argv + 9, argv + argc);
    return a;
}

template <class T>
int run(const Args& args, const KernelImage& image, const KernelSymbol& kernel, const RunSpec& spec, ValueArray input_values) {
    const std::vector<T>& input = std::get<std::vector<T>>(input_values);
    const int64_t n = int64_t(input.size());
    // X and Y with a red zone on each side, so a read or write just past either is seen and harmless.
    const size_t redzone = size_t(64) << 10, bytes = size_t(n) * sizeof(T);
    const size_t span = (bytes + 4095) / 4096 * 4096;
    auto* region = static_cast<char*>(mmap(nullptr, 3 * redzone + 2 * span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    if (region == MAP_FAILED) throw std::bad_alloc();
    T* x = reinterpret_cast<T*>(region + redzone);
    T* y = reinterpret_cast<T*>(region + 2 * redzone + span);
    std::memcpy(x, input.data(), bytes);

    Launch launch;
    launch.block_dim = args.block_dim;
    launch.grid_dim = args.grid_dim;
    launch.warp_width = spec.request.warp_width;
    launch.schedule = spec.request.schedule;
    launch.x = x;
    launch.x_bytes = bytes;
    launch.y = y;
    launch.y_bytes = bytes;
    launch.redzone = redzone;
    auto* entry = reinterpret_cast<void (*)(T*, T*, int)>(kernel.address);
    launch.call_kernel = [entry, x, y, n] { entry(x, y, int(n)); };
    const KernelRun run = run_kernel(image, launch);

    const BuiltTrace built = build_steps<T>(run, image, {args.block_dim, args.grid_dim, launch.warp_width});
    Trace t;
    t.algorithm = args.like;
    t.op = spec.request.op;
    t.type = element_type_of<T>();
    t.exclusive = spec.request.exclusive;
    t.n = n;
    t.section = built.section;
    t.threads_per_block = args.block_dim;
    t.grid = args.grid_dim;
    t.warp_width = launch.warp_width;
    t.schedule = spec.request.schedule.text();
    t.kernel = args.label;
    t.backend = "cpu";
    t.input = input;
    t.steps = built.steps;
    t.result = std::vector<T>(y, y + n);
    t.counts = total_counts(t.steps);
    {
        std::ofstream out(args.trace_path, std::ios::binary);
        write_trace_json(out, t);
        if (!out) throw ScanError("the trace could not be written");
    }
    std::ofstream findings(args.findings_path);
    for (RawFinding f : run.findings) {
        f.step = f.interval < int(built.step_of_interval.size()) ? built.step_of_interval[size_t(f.interval)] : -1;
        findings << finding_line(f) << "\n";
    }
    return findings ? 0 : 2;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const Args args = parse_args(argc, argv);
        FILE* findings = std::fopen(args.findings_path.c_str(), "w");
        if (!findings) throw ScanError("the findings file could not be written");
        g_findings_fd = fileno(findings);
        RunSpec spec = parse_run_words(args.words, [](const std::string&, const auto&) { return false; });
        std::string origin;
        ValueArray input = load_input(spec.input, spec.request.type, origin);
        const KernelImage image = load_kernel_image(args.library);
        const Chosen chosen = choose_kernel(image, spec.request.type);
        install_handlers();
        return with_type(chosen.type, [&]<class T>(TypeTag<T>) { return run<T>(args, image, *chosen.kernel, spec, std::move(input)); });
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return 2;
    }
}
