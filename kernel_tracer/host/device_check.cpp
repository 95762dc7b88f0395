#include "kernel_tracer/host/device_check.hpp"
#include "kernel_tracer/host/sanitizer_report.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/values.hpp"
#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/compile_cache.hpp"
#include "kernel_tracer/host/device_box.hpp"
#include "kernel_tracer/host/kernel_compile.hpp"
#include "kernel_tracer/host/output_check.hpp"
#include "kernel_tracer/host/sandbox.hpp"

namespace scanlab::kernel_tracer {

namespace {

namespace fs = std::filesystem;

const std::string kSkipped = "the device check was skipped: ";

// The GPUs nvidia-smi lists ("GPU 0: NVIDIA H100 ..."), the first line of each; "" when none.
std::string listed_gpus(std::string& why_none) {
    const std::string smi = find_on_path({"nvidia-smi"});
    if (smi.empty()) {
        // Without nvidia-smi, the driver's device node is enough to try; the harness asks the runtime.
        if (fs::exists("/dev/nvidiactl")) return "a GPU";
        why_none = "this machine has no NVIDIA GPU driver (no nvidia-smi, no /dev/nvidiactl)";
        return "";
    }
    int status = 0;
    std::istringstream out(run_tool({smi, "-L"}, status));
    std::string line, gpus;
    while (std::getline(out, line))
        if (line.starts_with("GPU ")) gpus += (gpus.empty() ? "" : "; ") + line.substr(0, line.find(" (UUID"));
    if (status != 0 || gpus.empty()) {
        std::istringstream again(run_tool({smi, "-L"}, status));
        std::getline(again, line);
        why_none = "nvidia-smi lists no GPU" + (line.empty() ? std::string() : " (" + line + ")");
    }
    return gpus;
}

std::string gpu_name(const std::string& listed) {
    const size_t colon = listed.find(": ");
    const std::string first = listed.substr(0, listed.find("; "));
    return colon == std::string::npos ? first : first.substr(colon + 2);
}

bool write_values(const std::string& path, const ValueArray& values) {
    std::ofstream out(path, std::ios::binary);
    std::visit(
        [&](const auto& v) {
            const long long n = static_cast<long long>(v.size());
            out.write(reinterpret_cast<const char*>(&n), sizeof n);
            out.write(reinterpret_cast<const char*>(v.data()), std::streamsize(v.size() * sizeof(v[0])));
        },
        values);
    return bool(out);
}

// The harness's output in the type of `like`; false when it is not N values of that type.
bool read_values(const std::string& path, ValueArray& values) {
    const std::string bytes = read_file(path);
    return std::visit(
        [&](auto& v) {
            long long n = 0;
            if (bytes.size() < sizeof n) return false;
            std::memcpy(&n, bytes.data(), sizeof n);
            if (n < 0 || bytes.size() != sizeof n + size_t(n) * sizeof(v[0]) || size_t(n) != v.size()) return false;
            std::memcpy(v.data(), bytes.data() + sizeof n, bytes.size() - sizeof n);
            return true;
        },
        values);
}

template <class T>
bool same_value(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return a == b || (std::isnan(a) && std::isnan(b));
    return a == b;
}

// The first GPU's compute capability as nvidia-smi gives it ("9.0" -> 90), or 0 (then nvcc asks the
// driver itself, -arch=native): asked here, so nvcc's compile needs no GPU in its box.
int first_gpu_arch() {
    const std::string smi = find_on_path({"nvidia-smi"});
    if (smi.empty()) return 0;
    int status = 0;
    const std::string said = run_tool({smi, "--query-gpu=compute_cap", "--format=csv,noheader"}, status);
    const size_t dot = said.find('.');
    if (status != 0 || dot == std::string::npos || dot == 0) return 0;
    return std::atoi(said.substr(0, dot).c_str()) * 10 + std::atoi(said.substr(dot + 1, 1).c_str());
}

// nvcc's compile in its box (device_box.hpp) where one can be made: from a copy of the file's folder
// that holds its sources only, writing only to `work`. Where bwrap cannot make it (a container that
// refuses a /proc of the box's own) the file, trusted, is compiled as it was before there was a box.
CachedBuild compile_on_host_or_in_box(uint64_t key, CompileCommand c, const std::string& file, const fs::path& dir, const fs::path& work) {
    const fs::path folder = fs::path(file).parent_path();
    if (box_unavailable().empty() && folder != folder.root_path()) {
        const std::string copy = (dir / "source").string();
        copy_sources(folder, copy, fs::path(file).filename().string(), read_file(file));
        c.box = [&](const std::vector<std::string>& argv) { return boxed_device_compile(argv, {folder.string(), copy, work.string()}); };
        c.box_output = (work / "program").string();
        CachedBuild built = compile_cached(key, ".gpu", dir, c);
        if (built.status == 0 || !built.diagnostics.starts_with("bwrap: ")) return built;
        c.box = {};
    }
    return compile_cached(key, ".gpu", dir, c);
}

// nvcc's program on the GPU: in its box (device_box.hpp) where `boxed`, else as it is (a trusted
// file). Where bwrap made the runner's box but cannot make this one (a container that forbids a
// /proc of its own), the file, trusted, runs as it did before there was a box: `boxed` is then
// false, and `note` says why for the device check's line.
ChildOutcome run_on_gpu(DeviceRun run, const fs::path& dir, const ChildLimits& limits, bool& boxed, std::string& note) {
    const std::string out = (dir / "stdout.txt").string(), err = (dir / "stderr.txt").string();
    if (boxed) {
        fs::create_directories(run.work_dir);
        std::ofstream(run.output, std::ios::trunc);
        run.filter = gpu_filter_library();
        const ChildOutcome outcome = run_child(boxed_device_run(run), limits, out, err);
        const std::string head = head_of(err, 400);
        if (outcome.exit_status != 1 || !head.starts_with("bwrap: ")) return outcome;
        note = " (run without its sandbox, which could not be made here: " + printable(head.substr(0, head.find('\n')), 200) + ")";
        boxed = false;
    }
    return run_child({run.program, run.input, run.output}, limits, out, err);
}

}  // namespace

std::string device_check_unavailable() {
    if (find_nvcc().empty()) return "the CUDA toolkit's nvcc is not installed";
    std::string why;
    listed_gpus(why);
    return why;
}

std::string device_check_untrusted(const std::string& file_name) {
    return "the device check was skipped: it would run " + file_name +
           " on the GPU, where the sandbox must let the GPU driver's calls through; it runs for a file you wrote or trust (--trust, or in "
           "the app, a text written in its editor or a file you trusted for the GPU check)";
}

std::string comparison_sentence(const ValueArray& gpu, const ValueArray& cpu, const std::string& name) {
    return std::visit(
        [&](const auto& g) -> std::string {
            using V = std::decay_t<decltype(g)>;
            const V& c = std::get<V>(cpu);
            size_t differ = 0, first = 0;
            for (size_t i = 0; i < c.size(); ++i)
                if (!same_value(g[i], c[i]) && differ++ == 0) first = i;
            const std::string n = std::to_string(c.size());
            if (differ == 0) return "the GPU (" + name + ") gave the same " + n + " values as the CPU run";
            return "the GPU's result (" + name + ") differs from the CPU run's at " + std::to_string(differ) + " of " + n +
                   " elements, first at " + std::to_string(first) + ": got " + format_value(gpu, first) + ", CPU " +
                   format_value(cpu, first) +
                   " — a race the CPU's schedule did not show, or a read the CPU run found out of bounds or of unwritten shared memory "
                   "(the GPU's memory holds other values there than the CPU run's zeros)";
        },
        gpu);
}

// The program again under each of compute-sanitizer's tools (racecheck, initcheck), its reports
// read for the file's lines and set beside the CPU run's; "" where compute-sanitizer is absent.
// In a box of the GPU run's kind where that run was `boxed` (device_box.hpp: without the allow-list,
// since compute-sanitizer starts the program as its child); as it is where that run was not.
std::string sanitizer_sentence(const std::string& program, const std::string& input, const HarnessShape& shape, const ChildLimits& limits,
                               const std::set<int>& cpu_lines, const fs::path& dir, bool boxed) {
    const std::string sanitizer = find_compute_sanitizer();
    if (sanitizer.empty()) return "";
    std::set<int> gpu_lines;
    for (const std::string& tool : sanitizer_tools()) {
        const std::string out = (dir / (tool + ".txt")).string(), err = (dir / (tool + ".err.txt")).string();
        const std::string unused = (dir / "unused.bin").string(), work = (dir / ("work-" + tool)).string();
        ChildLimits slower = limits;
        slower.cpu_seconds = limits.cpu_seconds * 20;  // the tools instrument every access: many times slower
        slower.wall_seconds = limits.wall_seconds * 20;
        std::vector<std::string> argv{sanitizer, "--tool", tool, "--print-limit", "1000", program, input, unused};
        if (boxed) {
            fs::create_directories(work);
            std::ofstream(unused, std::ios::trunc);  // bound writable: it must be there
            argv = boxed_sanitizer_run({sanitizer, tool, program, input, unused, work});
        }
        const ChildOutcome run = run_child(argv, slower, out, err);
        const std::string report = read_file(out) + read_file(err);
        if (boxed && run.exit_status == 1 && report.starts_with("bwrap: "))
            return "compute-sanitizer's " + tool +
                   " could not run in the device check's sandbox: " + printable(report.substr(0, report.find('\n')), 200);
        if (!run.started) return "compute-sanitizer could not be started";
        if (run.wall_timeout)
            return "compute-sanitizer's " + tool + " did not end within " + std::to_string(int(slower.wall_seconds)) + " s";
        if (const std::string failed = sanitizer_failure(report); !failed.empty())
            return "compute-sanitizer's " + tool + " could not run: " + failed;
        const std::set<int> lines = sanitizer_lines(report, fs::path(shape.file).filename().string());
        gpu_lines.insert(lines.begin(), lines.end());
    }
    return sanitizer_agreement(gpu_lines, cpu_lines);
}

DeviceCheck check_on_device(const HarnessShape& shape, const Trace& cpu, int cpu_seconds, const std::set<int>& cpu_lines) {
    DeviceCheck check;
    // Nothing was compared here: no nvcc, no usable GPU, or nothing to give them.
    const auto skipped = [&check](const std::string& why) {
        check.skipped = true;
        check.sentence = kSkipped + why;
        return check;
    };
    const std::string nvcc = find_nvcc();
    if (nvcc.empty()) return skipped("the CUDA toolkit's nvcc is not installed");
    std::string why;
    const std::string gpus = listed_gpus(why);
    if (gpus.empty()) return skipped(why);

    TempDir dir;
    const std::string harness = device_harness(shape);
    const fs::path nvcc_work = dir.path / "nvcc";
    fs::create_directories(nvcc_work);
    const std::string source = (nvcc_work / "device_check.cu").string();
    std::ofstream(source, std::ios::binary) << harness;

    // The compile cache, as for the CPU run's library: the file, the harness, nvcc, its flags and
    // the GPUs (the harness is compiled for the GPU present).
    const std::vector<std::string> flags = nvcc_flags(first_gpu_arch());
    uint64_t key = fnv1a(nvcc + "\n" + gpus + "\n" + harness + read_file(shape.file));
    for (const std::string& f : flags) key = fnv1a(f + "\n", key);
    const CachedBuild built = compile_on_host_or_in_box(key, {nvcc, flags, source}, shape.file, dir.path, nvcc_work);
    if (built.status != 0) return check.sentence = "the device check could not compile your file with nvcc:\n" + built.diagnostics, check;
    if (!built.not_kept.empty()) return check.sentence = "the device check could not keep nvcc's program in " + built.not_kept, check;
    const std::string& program = built.path;

    const std::string input = (dir.path / "input.bin").string(), output = (dir.path / "output.bin").string();
    if (!write_values(input, cpu.input)) return skipped("the input could not be written for it");
    ChildLimits limits;
    limits.cpu_seconds = cpu_seconds;
    // The CUDA driver reserves address space beyond the GPU's memory at its start, so the CPU run's
    // 1 GiB would stop every program; the GPU's own memory bounds what the kernel can allocate.
    limits.memory_bytes = ~uint64_t(0);
    bool boxed = box_unavailable().empty() && !gpu_filter_library().empty();
    std::string unboxed_note;
    ChildOutcome run = run_on_gpu({program, input, output, "", (dir.path / "work").string()}, dir.path, limits, boxed, unboxed_note);
    // The box's first process gives a signal as status 128 + signal.
    if (boxed && run.signal == 0 && run.exit_status > 128 && run.exit_status < 128 + 65) run.signal = run.exit_status - 128;
    // The program's last words are the student's code's too: capped, control characters escaped.
    const std::string said = last_line_of((dir.path / "stderr.txt").string(), 400);
    if (!run.started) return skipped("nvcc's program could not be started");
    if (boxed && run.exit_status == kForbiddenCallStatus && said.starts_with(kForbiddenCallWords))
        return check.sentence = "on the GPU, the program was stopped by the device check's sandbox: " +
                                said.substr(std::strlen("scanlab-gpu-filter: ")) +
                                " (the CUDA driver's own calls are allowed; a file that makes others does not run on the GPU)",
               check;
    if (run.wall_timeout)
        return check.sentence =
                   "on the GPU, the kernel did not end within " + std::to_string(int(limits.wall_seconds)) + " s and was stopped",
               check;
    if (run.signal != 0)
        return check.sentence =
                   "on the GPU, the program ended with signal " + std::to_string(run.signal) + " (" + strsignal(run.signal) + ")",
               check;
    if (run.exit_status == 5) return skipped("the CUDA runtime found no usable GPU (" + said + ")");
    if (run.exit_status == 4) return check.sentence = "on the GPU, " + said, check;
    ValueArray gpu = cpu.result;
    if (run.exit_status != 0 || !read_values(output, gpu))
        return check.sentence =
                   "on the GPU, the program ended with status " + std::to_string(run.exit_status) + (said.empty() ? "" : ": " + said),
               check;
    check.ran = true;
    check.sentence = comparison_sentence(gpu, cpu.result, gpu_name(gpus)) + unboxed_note;
    check.same = check.sentence.find(" differs ") == std::string::npos;
    check.sanitizer = sanitizer_sentence(program, input, shape, limits, cpu_lines, dir.path, boxed);
    return check;
}

}  // namespace scanlab::kernel_tracer
