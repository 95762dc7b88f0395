#pragma once
// The device check: on a machine with nvcc and a usable GPU, the student's file is also compiled
// by nvcc (device_harness.hpp) and run on the GPU, in a child process under the CPU run's time
// limits, and its Y is held against the CPU run's result. The trace is always the CPU run's.
#include <set>
#include <string>

#include "core/trace.hpp"
#include "kernel_tracer/host/device_harness.hpp"

namespace scanlab::kernel_tracer {

struct DeviceCheck {
    bool ran = false;  // false: skipped (no nvcc, no GPU) or could not compile or run; `sentence` says which
    bool skipped = false;  // no nvcc or no usable GPU here: nothing was compared
    bool same = false;  // the GPU gave the CPU run's values
    bool untrusted = false;  // skipped: the file is not trusted to run on the GPU (the app offers to trust it)
    std::string sentence;  // one sentence either way
    // Where compute-sanitizer is there too: what its racecheck and initcheck reported beside the CPU
    // run's findings (sanitizer_report.hpp), one sentence; else empty.
    std::string sanitizer;
    std::string said() const { return sanitizer.empty() ? sentence : sentence + "\n" + sanitizer; }
};

// Why the device check cannot run on this machine ("the CUDA toolkit's nvcc is not installed",
// "no NVIDIA GPU driver ..."), or "" when nvcc and a GPU are there to try.
std::string device_check_unavailable();

// The device check runs the file's own code on the GPU, in a box that must let the GPU driver's
// calls through (device_box.hpp), so it runs only for a file the user trusts: one written in the
// app's editor, trusted there, or given --trust. Why it did not run for an untrusted `file_name`.
std::string device_check_untrusted(const std::string& file_name);

// Compiles (or takes from the compile cache) and runs the harness for `shape` on the GPU with the
// CPU run's input, and compares its output with the CPU run's result, value by value; then, where
// compute-sanitizer is installed, runs it again under racecheck and initcheck and sets the lines
// they report beside `cpu_lines` (sanitizer_comparable_lines of the CPU run's findings).
DeviceCheck check_on_device(const HarnessShape& shape, const Trace& cpu, int cpu_seconds, const std::set<int>& cpu_lines = {});

// The sentence for two results of the same length: equal, or where they first differ.
std::string comparison_sentence(const ValueArray& gpu, const ValueArray& cpu, const std::string& gpu_name);

}  // namespace scanlab::kernel_tracer
