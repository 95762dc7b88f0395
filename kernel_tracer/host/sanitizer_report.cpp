#include "kernel_tracer/host/sanitizer_report.hpp"

#include <unistd.h>

#include <regex>
#include <sstream>

#include "kernel_tracer/host/child_process.hpp"

namespace scanlab::kernel_tracer {
namespace {

std::string base_name(const std::string& path) {
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// "10", "10 and 12", "10, 12 and 15".
std::string lines_text(const std::set<int>& lines) {
    std::string s;
    size_t k = 0;
    for (int l : lines) {
        s += (k == 0 ? "" : k + 1 == lines.size() ? " and " : ", ") + std::to_string(l);
        ++k;
    }
    return (lines.size() == 1 ? "line " : "lines ") + s;
}

}  // namespace

std::set<int> sanitizer_lines(const std::string& report, const std::string& file_name) {
    // Every report line of the tool starts with its banner; "in PATH:LINE" names a place in a file.
    static const std::regex place(R"(\bin (\S+?):(\d+)\b)");
    std::set<int> lines;
    std::istringstream in(report);
    for (std::string line; std::getline(in, line);) {
        // The program's own output is not the tool's; a backtrace's frames (the host's launch, a
        // device function's callers) are where the access was reached from, not where it is.
        if (line.rfind("=========", 0) != 0 || line.find(" Frame:") != std::string::npos) continue;
        for (auto m = std::sregex_iterator(line.begin(), line.end(), place); m != std::sregex_iterator(); ++m)
            if (base_name((*m)[1]) == file_name) lines.insert(std::stoi((*m)[2]));
    }
    return lines;
}

std::string sanitizer_failure(const std::string& report) {
    std::istringstream in(report);
    for (std::string line; std::getline(in, line);) {
        // "========= Error: Target application returned an error", "... no CUDA-capable device is detected",
        // "========= Error: No attachable process found", "... Internal Sanitizer Error ...".
        for (const char* failed : {"Target application returned an error", "no CUDA-capable device", "No attachable process",
                                   "Internal Sanitizer Error", "Unable to find injection library", "Error: Device not supported"})
            if (line.find(failed) != std::string::npos) return line.substr(line.find_first_not_of("= "));
    }
    return "";
}

std::string sanitizer_agreement(const std::set<int>& gpu, const std::set<int>& cpu) {
    const std::string tools = "compute-sanitizer's racecheck and initcheck";
    if (gpu == cpu)
        return gpu.empty() ? tools + " report nothing, as the CPU run finds no race and no unwritten read"
                           : tools + " report " + lines_text(gpu) + ", as the CPU run does";
    std::set<int> only_gpu, only_cpu;
    for (int l : gpu)
        if (!cpu.contains(l)) only_gpu.insert(l);
    for (int l : cpu)
        if (!gpu.contains(l)) only_cpu.insert(l);
    std::string s = tools + " and the CPU run differ: ";
    if (!only_gpu.empty()) s += "on the GPU, " + lines_text(only_gpu) + " (which the CPU run's schedules did not show)";
    if (!only_gpu.empty() && !only_cpu.empty()) s += "; ";
    if (!only_cpu.empty())
        s += "the CPU run finds " + lines_text(only_cpu) +
             ", which this GPU run did not (racecheck sees only the hazards of the "
             "order the GPU ran, initcheck only global memory)";
    return s;
}

std::set<int> sanitizer_comparable_lines(const std::vector<Finding>& findings) {
    static const std::regex other_line(R"(\bline (\d+)\b)");
    std::set<int> lines;
    for (const Finding& f : findings) {
        const bool race = f.sentence.find("a race (") != std::string::npos;
        if (!race && f.sentence.find("a read of global memory nothing wrote") == std::string::npos) continue;
        if (f.line > 0) lines.insert(f.line);
        // A race names its other access's line in its sentence ("... read it at line 12").
        if (race)
            for (auto m = std::sregex_iterator(f.sentence.begin(), f.sentence.end(), other_line); m != std::sregex_iterator(); ++m)
                lines.insert(std::stoi((*m)[1]));
    }
    return lines;
}

std::string find_compute_sanitizer() {
    if (::access("/usr/local/cuda/bin/compute-sanitizer", X_OK) == 0) return "/usr/local/cuda/bin/compute-sanitizer";
    return find_on_path({"compute-sanitizer"});
}

}  // namespace scanlab::kernel_tracer
