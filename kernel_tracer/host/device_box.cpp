#include "kernel_tracer/host/device_box.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "kernel_tracer/host/sandbox.hpp"

namespace scanlab::kernel_tracer {

namespace fs = std::filesystem;

std::vector<std::string> gpu_device_nodes(const fs::path& dev) {
    std::vector<std::string> nodes;
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(dev, ec)) {
        const std::string name = e.path().filename().string();
        // nvidiactl, nvidia0..N, nvidia-uvm(-tools), nvidia-modeset, nvidia-caps/; dri/ (render nodes).
        if (name.starts_with("nvidia") || name == "dri") nodes.push_back((dev / name).string());
    }
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

namespace {

// What a program on the GPU sees in its box: the program and its input read-only, its output and
// working folder writable, the GPU's nodes, a /proc and /sys, HOME in the box's /tmp.
Box gpu_box(const std::string& program, const std::string& input, const std::string& output, const std::string& work_dir,
            const fs::path& dev) {
    Box box;
    box.read_only = {program, input};
    box.writable = {output, work_dir};
    box.work_dir = work_dir;
    box.devices = gpu_device_nodes(dev);
    box.proc = true;  // the driver reads /proc/self/maps and /proc/driver/nvidia
    box.sys = true;  // and the GPU's PCI and NUMA nodes under /sys
    // HOME is the box's /tmp, so the driver's caches never reach the user's.
    box.env = {{"HOME", "/tmp"}};
    // A driver installed outside /usr (a container's /usr/local/nvidia is inside it) is found
    // where the machine's loader path says, read-only.
    if (const char* path = std::getenv("LD_LIBRARY_PATH"); path && *path) {
        std::istringstream folders(path);
        for (std::string f; std::getline(folders, f, ':');)
            if (f.starts_with("/") && !f.starts_with("/usr/") && fs::is_directory(f)) box.read_only.push_back(f);
        box.env.emplace_back("LD_LIBRARY_PATH", path);
    }
    return box;
}

// The CUDA toolkit's folder of a tool (/opt/cuda for /opt/cuda/bin/nvcc), where it lies outside
// /usr, which every box sees already; "" inside it.
std::string toolkit_outside_usr(const std::string& tool, int levels) {
    std::error_code ec;
    fs::path folder = fs::weakly_canonical(tool, ec);
    for (int i = 0; i < levels; ++i) folder = folder.parent_path();
    if (fs::weakly_canonical(tool, ec).string().starts_with("/usr/") || !folder.has_relative_path()) return "";
    return folder.string();
}

}  // namespace

std::vector<std::string> boxed_device_run(const DeviceRun& run, const fs::path& dev) {
    Box box = gpu_box(run.program, run.input, run.output, run.work_dir, dev);
    // The allow-list loads before the program's own constructors run.
    box.read_only.push_back(run.filter);
    box.env.emplace_back("LD_PRELOAD", run.filter);
    return boxed({run.program, run.input, run.output}, box);
}

std::vector<std::string> boxed_sanitizer_run(const SanitizerRun& run, const fs::path& dev) {
    Box box = gpu_box(run.program, run.input, run.output, run.work_dir, dev);
    // compute-sanitizer/compute-sanitizer in the toolkit's folder: its libraries lie beside it.
    if (const std::string toolkit = toolkit_outside_usr(run.sanitizer, 2); !toolkit.empty()) box.read_only.push_back(toolkit);
    box.env.emplace_back("TMPDIR", run.work_dir);
    return boxed({run.sanitizer, "--tool", run.tool, "--print-limit", "1000", run.program, run.input, run.output}, box);
}

std::vector<std::string> boxed_device_compile(const std::vector<std::string>& argv, const DeviceCompile& c, const fs::path& dev) {
    Box box;
    box.read_only_at = {{c.copy, c.folder}};
    // A toolkit outside /usr (/opt/cuda/bin/nvcc) brings its own folder.
    if (const std::string toolkit = toolkit_outside_usr(argv.front(), 2); !toolkit.empty()) box.read_only.push_back(toolkit);
    box.writable = {c.work};
    // Its folder inside the file's (a file in /tmp itself) needs its mount point in the copy, which is read-only in the box.
    std::error_code ec;
    if (const fs::path rel = fs::path(c.work).lexically_relative(c.folder); !rel.empty() && *rel.begin() != "..")
        fs::create_directories(fs::path(c.copy) / rel, ec);
    box.work_dir = c.work;
    box.devices = gpu_device_nodes(dev);
    box.proc = box.sys = true;
    box.env = {{"TMPDIR", c.work}, {"HOME", "/tmp"}};
    return boxed(argv, box);
}

std::string gpu_filter_library() {
    const std::string path = SCANLAB_GPU_FILTER;
    return ::access(path.c_str(), R_OK) == 0 ? path : "";
}

}  // namespace scanlab::kernel_tracer
