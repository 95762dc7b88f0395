#pragma once
// compute-sanitizer's word on the device check's run: where the machine has the CUDA toolkit's
// compute-sanitizer and a GPU, the device check runs nvcc's program (compiled with -lineinfo) again
// under its racecheck and initcheck tools, reads the lines of the student's file they report, and
// says where they and the CPU run's findings agree and where they differ. Reading the report is
// plain text work, tested on saved reports without a GPU.
#include <set>
#include <string>
#include <vector>

#include "kernel_tracer/host/kernel_trace.hpp"

namespace scanlab::kernel_tracer {

// The two tools of the device check: racecheck (shared-memory hazards) and initcheck (reads of
// global memory nothing wrote), as the CPU run's races and unwritten reads.
inline const std::vector<std::string>& sanitizer_tools() {
    static const std::vector<std::string> tools{"racecheck", "initcheck"};
    return tools;
}

// The lines of `file_name` (matched by its last path component) that one tool's report names in
// its hazards and errors: "... access at kernel(float *)+0x1b0 in /path/my.cu:12", the older
// "... at 0x1b0 in /path/my.cu:12:kernel(float *)", and initcheck's "at ... in /path/my.cu:8".
// Lines of other files (CUDA's headers, the generated main) are left out.
std::set<int> sanitizer_lines(const std::string& report, const std::string& file_name);

// Whether a report says the tool could not run (no GPU, a driver too old, a program that failed).
// Empty: it ran; else its own words, one line.
std::string sanitizer_failure(const std::string& report);

// One sentence: the lines compute-sanitizer reported beside the lines of the CPU run's findings:
// "compute-sanitizer's racecheck and initcheck report lines 10, 12, as the CPU run does" or where
// they differ, which lines only one of them names.
std::string sanitizer_agreement(const std::set<int>& gpu_lines, const std::set<int>& cpu_lines);

// The lines of the CPU run's findings that racecheck and initcheck would name: a race's two lines,
// a read of global memory nothing wrote.
std::set<int> sanitizer_comparable_lines(const std::vector<Finding>& findings);

// compute-sanitizer's path: the toolkit's (/usr/local/cuda/bin), else on PATH; "" where absent.
std::string find_compute_sanitizer();

}  // namespace scanlab::kernel_tracer
