#pragma once
// What the runner found wrong in a kernel, as the runner's child process hands it to the CLI: one
// tab-separated line each, the instruction addresses relative to the kernel's library, so the
// parent maps them to the student's lines (kernel_tracer/host/findings.hpp says each field).
#include <cstdint>
#include <string>
#include <vector>

namespace scanlab::kernel_tracer {

enum class FindingKind : uint8_t {
    race_raw,
    race_war,
    race_waw,  // racecheck
    out_of_bounds_shared,
    out_of_bounds_global,  // memcheck
    uninitialized_shared,  // initcheck
    divergent_barrier,  // synccheck: threads wait at different barriers
    barrier_after_exit,  // synccheck: a barrier that threads which left the kernel never reach
    never_ends,  // too many barrier intervals, or the CPU limit
    crash,  // a signal: segmentation fault, bus error, ...
    out_of_memory,
    warp_mask,  // synccheck: a warp-wide call's mask leaves out a lane that makes it, or names one that does not
    uninitialized_global,  // initcheck: a read of global memory neither the host nor a kernel wrote
};
const char* finding_word(FindingKind k);  // "race-raw", ...

struct RawFinding {
    FindingKind kind = FindingKind::crash;
    uintptr_t pc = 0, other_pc = 0;  // relative to the library's load address; 0: none
    int interval = 0;  // 0-based barrier interval of the block
    int step = -1;  // the trace's step, numbered from 0 as the table does (-1: no trace)
    int64_t block = 0;
    int32_t thread = -1, other_thread = -1;
    std::string array;  // "XY", "X", "Y"
    int64_t element = -1;
    int64_t count = 1;  // how many times this finding (same kind and lines) happened
    std::string detail;  // a signal's name, the threads that missed a barrier, ...
};

std::string finding_line(const RawFinding& f);
bool parse_finding_line(const std::string& line, RawFinding& f);

}  // namespace scanlab::kernel_tracer
