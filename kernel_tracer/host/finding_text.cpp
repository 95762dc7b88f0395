#include "kernel_tracer/host/finding_text.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace scanlab::kernel_tracer {
namespace {

std::string at_line(int line) { return line > 0 ? "line " + std::to_string(line) : "an unknown line"; }

std::string when(const RawFinding& f) {
    return f.step >= 0       ? "in step " + std::to_string(f.step)
           : f.interval == 0 ? "before the first barrier"
                             : "after barrier " + std::to_string(f.interval);
}

std::string thread(int32_t t, int64_t block) { return "thread " + std::to_string(t) + " of block " + std::to_string(block); }

std::string element(const RawFinding& f) { return f.array + "[" + std::to_string(f.element) + "]"; }

std::string times(const RawFinding& f) {
    return f.count > 1 ? " (and " + std::to_string(f.count - 1) + " more time" + (f.count > 2 ? "s" : "") + " at these lines)" : "";
}

// What replaying a race under other schedules showed (race_replay.hpp's detail).
std::string replayed(const RawFinding& f) {
    std::vector<std::string> parts;
    for (size_t at = 0;;) {
        const size_t bar = f.detail.find('|', at);
        parts.push_back(f.detail.substr(at, bar == std::string::npos ? std::string::npos : bar - at));
        if (bar == std::string::npos) break;
        at = bar + 1;
    }
    if (parts.size() == 7 && parts[0] == "wrong") {
        // How far the schedule is from every step in index order: the pairs of threads (or warps) it runs the other way round.
        const std::string reordered = parts[5] == "0" ? "every step in " + parts[6] + " order"
                                                      : parts[5] + (parts[5] == "1" ? " reordering" : " reorderings") + " of the " +
                                                            parts[6] + "s' order, the fewest the search found";
        return " Under " + parts[1] + " the result is WRONG at " + parts[2] + " of " + parts[3] + " values" +
               (parts[4].empty() ? "" : ": " + parts[4]) + " (" + reordered + "; run it with those options to see it step by step).";
    }
    if (parts.size() == 2 && parts[0] == "right")
        return " The result was right under every schedule tried (" + (parts[1].empty() ? std::string("none ran to its end") : parts[1]) +
               "), but a GPU may order these accesses either way.";
    return "";
}

}  // namespace

std::string finding_sentence(const RawFinding& f, int line, int other_line) {
    const std::string here = at_line(line) + ": ";
    const std::string no_barrier =
        " in the same barrier interval, with no barrier between (__syncthreads(), or __syncwarp() for lanes of one warp)";
    switch (f.kind) {
        case FindingKind::race_raw:
            return here + "a race (read after write) " + when(f) + ": " + thread(f.thread, f.block) + " reads " + element(f) + " after " +
                   thread(f.other_thread, f.block) + " wrote it at " + at_line(other_line) + no_barrier +
                   "; it reads the new value where it may have wanted the old one" + times(f) + "." + replayed(f);
        case FindingKind::race_war:
            return here + "a race (write after read) " + when(f) + ": " + thread(f.thread, f.block) + " writes " + element(f) + " after " +
                   thread(f.other_thread, f.block) + " read it at " + at_line(other_line) + no_barrier +
                   "; in another order the read would see the new value" + times(f) + "." + replayed(f);
        case FindingKind::race_waw:
            return here + "a race (write after write) " + when(f) + ": " + thread(f.thread, f.block) + " writes " + element(f) + " after " +
                   thread(f.other_thread, f.block) + " wrote it at " + at_line(other_line) + no_barrier + times(f) + "." + replayed(f);
        case FindingKind::out_of_bounds_shared:
        case FindingKind::out_of_bounds_global:
            return here + "out of bounds " + when(f) + ": " + thread(f.thread, f.block) + " " +
                   (f.detail == "write" ? "writes " : "reads ") + element(f) + ", outside the " +
                   (f.kind == FindingKind::out_of_bounds_shared ? "shared array " : "array ") + f.array + times(f) + ".";
        case FindingKind::uninitialized_shared:
            return here + "a read of shared memory nothing wrote " + when(f) + ": " + thread(f.thread, f.block) + " reads " + element(f) +
                   " before any thread of its block wrote it (shared memory starts with no values)" + times(f) + ".";
        case FindingKind::divergent_barrier:
            return here + "a barrier not every thread reaches " + when(f) + ": the threads of block " + std::to_string(f.block) +
                   " wait at different __syncthreads(), " + f.detail.substr(0, f.detail.find(" | ")) + " at " + at_line(line) + " and " +
                   f.detail.substr(f.detail.find(" | ") + 3) + " at " + at_line(other_line) +
                   "; every thread of a block must reach the same barrier" + times(f) + ".";
        case FindingKind::barrier_after_exit:
            return here + "a barrier not every thread reaches " + when(f) + ": in block " + std::to_string(f.block) + ", " + f.detail +
                   " had already left the kernel. CUDA leaves this undefined; since Volta the barrier waits only for the threads still "
                   "running, and so does this runner" +
                   times(f) + ".";
        case FindingKind::never_ends:
            if (f.detail == "cpu")
                return here + "the kernel never ends: " + thread(f.thread, f.block) + " was still running " + at_line(line) + " " +
                       when(f) + " when its time ran out (an endless loop?).";
            return here + "the kernel never ends: block " + std::to_string(f.block) + " passed " + f.detail +
                   " (a barrier inside an endless loop?); the run stopped there.";
        case FindingKind::crash:
            return here + "the kernel crashed with a " + f.detail + " in " + thread(f.thread, f.block) + " " + when(f) +
                   " (an access through a bad pointer, or far outside an array?).";
        case FindingKind::warp_mask: {
            const bool left_out = f.detail.rfind("leaves out", 0) == 0, exited = f.detail.rfind("names exited", 0) == 0;
            char mask[16];
            std::snprintf(mask, sizeof mask, "0x%08x",
                          unsigned(std::strtoul(f.detail.substr(f.detail.rfind(' ') + 1).c_str(), nullptr, 10)));
            return here + "a warp-wide call's mask " +
                   (left_out ? "leaves out the lane that makes the call " : "names a lane that does not make it ") + when(f) + ": " +
                   thread(f.thread, f.block) + " passes the mask " + mask +
                   (left_out ? ", which leaves out its own lane"
                             : ", but thread " + std::to_string(f.other_thread) +
                                   (exited ? " has left the kernel"
                                           : " does not make this call (it skipped it, or is at another turn of a loop)")) +
                   "; every lane that makes the call must be in its mask, and every lane in the mask must make the same call" + times(f) +
                   ".";
        }
        case FindingKind::uninitialized_global:
            return here + "a read of global memory nothing wrote " + when(f) + ": " + thread(f.thread, f.block) + " reads " + element(f) +
                   ", which neither the host (cudaMemcpy, cudaMemset) nor an earlier kernel wrote" + times(f) + ".";
        case FindingKind::out_of_memory: {
            // "kernel|1 GiB|180 MiB" (runner_memory.hpp): whose allocation failed, the kernel's limit, the tracer's share.
            const size_t a = f.detail.find('|'), b = a == std::string::npos ? a : f.detail.find('|', a + 1);
            const std::string kernel_limit = b == std::string::npos ? "" : f.detail.substr(a + 1, b - a - 1);
            const std::string share = b == std::string::npos ? "" : f.detail.substr(b + 1);
            const std::string where = f.thread >= 0 ? " in " + thread(f.thread, f.block) + " " + when(f) : std::string();
            if (f.detail.starts_with("tracer"))
                return "the tracer ran out of the memory it sets aside for this run's trace" + (share.empty() ? "" : " (" + share + ")") +
                       where +
                       ": the kernel made more accesses or passed more barriers than the algorithm it is launched as does on this input; "
                       "run it on a smaller input.";
            return "the kernel ran out of its memory" + where + ": it asked for more than its " +
                   (kernel_limit.empty() ? "" : kernel_limit + " ") +
                   "limit (the tracer's own memory is not counted in it); the run stopped there.";
        }
    }
    return here + "something went wrong.";
}

}  // namespace scanlab::kernel_tracer
