#pragma once
// What comes back from a student's code is checked before anything is shown: its words (standard
// error, the compiler's messages, names it chose) are capped and their control characters shown
// escaped, so no file can clear the terminal or print a verdict of its own; its findings are read
// under a cap and summed by kind and line; its trace must be this run's.
#include <cstdint>
#include <string>
#include <vector>

#include "core/trace.hpp"
#include "kernel_tracer/runtime/findings_log.hpp"

namespace scanlab::kernel_tracer {

// `text` with every control character (and every byte that is not UTF-8, and the C1 controls
// U+0080..U+009F) shown as \n, \t, \e or \xNN, cut to `cap` bytes with "..." after.
std::string printable(const std::string& text, size_t cap);

// The same for a text of lines (the compiler's messages): newlines kept, at most `max_lines`
// lines of at most `line_cap` bytes each, and a last line saying how many were left out.
std::string printable_lines(const std::string& text, size_t max_lines, size_t line_cap);

// The file's last non-empty line, read from at most its last 4 KiB, made printable and capped.
std::string last_line_of(const std::string& path, size_t cap);

// The first `cap` bytes of a file (the compiler's messages: it may write gigabytes).
std::string head_of(const std::string& path, size_t cap);

// The runner's findings file, read line by line under caps: lines longer than 4 KiB are skipped,
// findings of the same kind at the same instructions are summed into one (their counts added), and
// at most `max_distinct` are kept; `left_out` counts the findings past that.
struct ReadFindings {
    std::vector<RawFinding> findings;
    int64_t left_out = 0;
};
ReadFindings read_findings(const std::string& path, size_t max_distinct);

// What the run asked for, which its trace must carry.
struct ExpectedHeader {
    std::string kernel;  // the kernel file's name
    ElementType type = ElementType::int32;
    OpKind op = OpKind::sum;
    bool exclusive = false;
    int warp_width = kWarpSize;
    std::string schedule;
    const ValueArray* input = nullptr;
    std::string block_schedule = "in-order";  // the order its blocks ran in, one after another
};
// "" when the trace is this run's (it names the kernel file, the run's type, operator, direction,
// warp width, schedule, block schedule and input, and comes from the CPU run); else one sentence of what differs.
std::string trace_not_this_runs(const Trace& t, const ExpectedHeader& want);

// The sentence for a runner that a signal ended with no finding of its own: "a segmentation
// fault", "wrote more than 256 MiB to one file", "made a system call the sandbox forbids", ...
std::string signal_sentence(int signal, uint64_t file_bytes);

}  // namespace scanlab::kernel_tracer
