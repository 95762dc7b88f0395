#pragma once
// A program run in a child process under limits: CPU seconds, address space, file size, and a
// wall clock the parent keeps (the child is killed when it runs past it). Whatever the child does,
// the caller gets an outcome, never a signal of its own.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace scanlab::kernel_tracer {

struct ChildLimits {
    int cpu_seconds = 10;
    double wall_seconds = 30;
    uint64_t memory_bytes = uint64_t(1) << 30;
    uint64_t file_bytes = uint64_t(256) << 20;
    const std::atomic<bool>* cancel = nullptr;  // set: the child is ended at once (its outcome says cancelled)
};

struct ChildOutcome {
    bool started = false;
    int exit_status = -1;  // when it exited
    int signal = 0;  // when a signal ended it
    bool wall_timeout = false;
    bool cancelled = false;
    double wall_seconds = 0;
};

// Runs argv[0] with `argv`, its standard output and error into the two files.
ChildOutcome run_child(const std::vector<std::string>& argv, const ChildLimits& limits, const std::string& stdout_path,
                       const std::string& stderr_path);

// Runs a program without limits (the compiler, addr2line), its output (standard output and error
// together) returned; exit status in `status` (-1 when it could not start).
std::string run_tool(const std::vector<std::string>& argv, int& status);

// The first program of `names` found on PATH, or "".
std::string find_on_path(const std::vector<std::string>& names);

}  // namespace scanlab::kernel_tracer
