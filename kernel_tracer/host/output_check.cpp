#include "kernel_tracer/host/output_check.hpp"

#include <signal.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <tuple>

#include "core/values.hpp"

namespace scanlab::kernel_tracer {
namespace {

// The length of the UTF-8 sequence at `i` when it is a well-formed one that is not a C1 control; else 0.
size_t utf8_length(const std::string& s, size_t i) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    const size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k)
        if ((b(i + k) & 0xC0) != 0x80) return 0;
    if (n == 2 && c == 0xC2 && b(i + 1) < 0xA0) return 0;  // U+0080..U+009F: C1 controls, as CSI (0x9B)
    return n;
}

void append_escaped(std::string& out, unsigned char c) {
    if (c == '\n')
        out += "\\n";
    else if (c == '\t')
        out += "\\t";
    else if (c == '\r')
        out += "\\r";
    else if (c == 0x1B)
        out += "\\e";
    else {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02X", c);
        out += hex;
    }
}

}  // namespace

std::string printable(const std::string& text, size_t cap) {
    std::string out;
    for (size_t i = 0; i < text.size() && out.size() < cap;) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7F) {
            out += char(c);
            ++i;
        } else if (const size_t n = c >= 0x80 ? utf8_length(text, i) : 0; n > 0) {
            out.append(text, i, n);
            i += n;
        } else {
            append_escaped(out, c);
            ++i;
        }
    }
    if (out.size() >= cap) {
        // Cut on a character's start, so the "..." does not follow half of one.
        size_t cut = cap;
        while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
        out.resize(cut);
        out += "...";
    }
    return out;
}

std::string printable_lines(const std::string& text, size_t max_lines, size_t line_cap) {
    std::string out;
    size_t lines = 0, left_out = 0;
    for (size_t at = 0; at < text.size();) {
        size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        if (lines < max_lines)
            out += printable(text.substr(at, std::min(end - at, line_cap + 1)), line_cap) + "\n", ++lines;
        else
            ++left_out;
        at = end + 1;
    }
    if (left_out > 0) out += "(" + std::to_string(left_out) + " more lines of messages left out)\n";
    return out;
}

std::string last_line_of(const std::string& path, size_t cap) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return "";
    const std::streamoff size = in.tellg();
    const std::streamoff from = size > 4096 ? size - 4096 : 0;
    in.seekg(from);
    std::string tail(size_t(size - from), '\0');
    in.read(tail.data(), std::streamsize(tail.size()));
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
    const size_t nl = tail.rfind('\n');
    return printable(nl == std::string::npos ? tail : tail.substr(nl + 1), cap);
}

std::string head_of(const std::string& path, size_t cap) {
    std::ifstream in(path, std::ios::binary);
    std::string head(cap, '\0');
    in.read(head.data(), std::streamsize(cap));
    head.resize(size_t(in.gcount()));
    return head;
}

ReadFindings read_findings(const std::string& path, size_t max_distinct) {
    ReadFindings read;
    std::map<std::tuple<FindingKind, uintptr_t, uintptr_t>, size_t> seen;
    std::ifstream in(path, std::ios::binary);
    std::string line;
    char buffer[1 << 16];
    bool too_long = false;
    auto take = [&] {
        RawFinding f;
        if (too_long || !parse_finding_line(line, f)) return;
        if (f.count < 1) f.count = 1;
        const auto key = std::make_tuple(f.kind, f.pc, f.other_pc);
        if (const auto it = seen.find(key); it != seen.end())
            read.findings[it->second].count += f.count;
        else if (read.findings.size() < max_distinct)
            seen.emplace(key, read.findings.size()), read.findings.push_back(std::move(f));
        else
            read.left_out += f.count;
    };
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        for (std::streamsize k = 0; k < in.gcount(); ++k) {
            if (buffer[k] != '\n') {
                if (line.size() < 4096)
                    line += buffer[k];
                else
                    too_long = true;
                continue;
            }
            take();
            line.clear();
            too_long = false;
        }
    }
    if (!line.empty()) take();
    return read;
}

std::string trace_not_this_runs(const Trace& t, const ExpectedHeader& want) {
    auto differs = [&](const std::string& what, const std::string& got, const std::string& asked) {
        return "the trace the run left is not this run's: it names " + what + " " + printable(got, 80) + ", the run asked for " + asked +
               " (the kernel wrote a trace of its own?)";
    };
    if (t.kernel != want.kernel) return differs("the kernel", "'" + t.kernel + "'", "'" + want.kernel + "'");
    if (t.backend != "cpu") return differs("the backend", t.backend, "cpu");
    if (t.type != want.type) return differs("the type", std::string(name(t.type)), std::string(name(want.type)));
    if (t.op != want.op) return differs("the operator", std::string(name(t.op)), std::string(name(want.op)));
    if (t.exclusive != want.exclusive)
        return differs("the direction", t.exclusive ? "exclusive" : "inclusive", want.exclusive ? "exclusive" : "inclusive");
    if (t.warp_width != want.warp_width) return differs("the warp width", std::to_string(t.warp_width), std::to_string(want.warp_width));
    if (t.schedule != want.schedule) return differs("the schedule", t.schedule, want.schedule);
    if (t.block_schedule != want.block_schedule) return differs("the block schedule", t.block_schedule, want.block_schedule);
    if (want.input && !bitwise_equal(t.input, *want.input))
        return differs("an input", "of " + std::to_string(size_of(t.input)) + " values",
                       "its own " + std::to_string(size_of(*want.input)) + " values");
    return "";
}

std::string signal_sentence(int signal, uint64_t file_bytes) {
    switch (signal) {
        case SIGSEGV: return "the kernel's process ended with a segmentation fault (its own handler could not say where)";
        case SIGBUS: return "the kernel's process ended with a bus error";
        case SIGFPE: return "the kernel's process ended with an arithmetic error (a division by zero?)";
        case SIGILL: return "the kernel's process ended with an illegal instruction";
        case SIGABRT: return "the kernel's process aborted";
        case SIGXFSZ: return "the kernel wrote more than " + std::to_string(file_bytes >> 20) + " MiB to one file and was stopped";
        case SIGSYS:
            return "the kernel made a system call the sandbox forbids (a new process or program, a socket, a signal to "
                   "another process, ptrace or another process's memory) and was stopped";
        default:
            return "the kernel's process ended with signal " + std::to_string(signal) + " (" + printable(strsignal(signal), 40) +
                   "), which the kernel raised itself";
    }
}

}  // namespace scanlab::kernel_tracer
