#pragma once
// The device check's box: nvcc's program (the student's file and the generated main) runs on the
// GPU under bubblewrap as the runner does (sandbox.hpp: its own user, mount, network, PID, IPC and
// UTS namespaces, no $HOME, the system read-only, no network), with what the CUDA driver needs
// besides: the GPU's device nodes, a /proc of its own PID namespace and /sys read-only. Its system
// calls are held by a looser allow-list than the runner's (runtime/gpu_filter.cpp, loaded before the
// program's own code runs): threads, ioctl and memory for the driver; no socket, no new process, no
// ptrace, no other process's memory, no signal to another process. docs/your-kernel.md says what
// it holds and what it cannot.
#include <filesystem>
#include <string>
#include <vector>

namespace scanlab::kernel_tracer {

// The GPU's device nodes under `dev` that are there: nvidiactl, nvidia0, nvidia1, ...,
// nvidia-uvm, nvidia-uvm-tools, nvidia-modeset, the folders nvidia-caps and dri; as paths under `dev`.
std::vector<std::string> gpu_device_nodes(const std::filesystem::path& dev = "/dev");

struct DeviceRun {
    std::string program, input, output;  // the program, its input (read-only) and its output (writable)
    std::string filter;  // the allow-list's library, loaded first (LD_PRELOAD)
    std::string work_dir;  // its working folder, writable (its scratch)
};

// `program input output` as run in the device check's box, with the device nodes of `dev`.
std::vector<std::string> boxed_device_run(const DeviceRun& run, const std::filesystem::path& dev = "/dev");

// The program under compute-sanitizer's `tool` (racecheck, initcheck), in a box of the same kind as
// boxed_device_run's (namespaces, no network, no $HOME, the system read-only, the GPU's nodes, its
// input read-only and its output and working folder writable) but WITHOUT the allow-list:
// compute-sanitizer starts the program as its own child (fork and execve) and injects its own
// library into it, calls the allow-list forbids. A toolkit outside /usr brings its folder, read-only.
struct SanitizerRun {
    std::string sanitizer, tool;  // compute-sanitizer's path, and the tool it runs
    std::string program, input, output;  // as DeviceRun's
    std::string work_dir;  // its working folder and TMPDIR, writable (the tool's scratch)
};
std::vector<std::string> boxed_sanitizer_run(const SanitizerRun& run, const std::filesystem::path& dev = "/dev");

// nvcc's compile of the program, in a box of the same kind without the allow-list (nvcc starts the
// host compiler and its own tools): it reads a copy of the file's folder (kernel_compile.hpp's
// copy_sources: its regular source and header files only) seen where the folder is, and writes only
// to its own folder (the generated main, its output, its temporary files). The GPU's nodes are
// there for `-arch=native`, which asks the driver which GPU it compiles for.
struct DeviceCompile {
    std::string folder;  // the student's file's folder, as the generated main #includes it
    std::string copy;  // its copy, seen at `folder` in the box
    std::string work;  // nvcc's own folder, writable
};
std::vector<std::string> boxed_device_compile(const std::vector<std::string>& argv, const DeviceCompile& c,
                                              const std::filesystem::path& dev = "/dev");

// The allow-list's library built beside the runner (scanlab-gpu-filter), or "" where it is missing.
std::string gpu_filter_library();

// The exit status and the line the allow-list's library gives for a call it forbids
// ("scanlab-gpu-filter: system call 41 is forbidden in the device check's sandbox").
inline constexpr int kForbiddenCallStatus = 109;
inline constexpr const char* kForbiddenCallWords = "scanlab-gpu-filter: system call ";

}  // namespace scanlab::kernel_tracer
