#include "kernel_tracer/host/finding_text.hpp"

namespace scanlab::kernel_tracer {
namespace {

std::string at_line(int line) { return line > 0 ? "line " + std::to_string(line) : "an unknown line"; }

std::string when(const RawFinding& f) {
    return f.step >= 0 ? "in step " + std::to_string(f.step) : f.interval == 0 ? "before the first barrier" : "after barrier " + std::to_string(f.interval);
}

std::string thread(int32_t t, int64_t block) { return "thread " + std::to_string(t) + " of block " + std::to_string(block); }

std::string element(const RawFinding& f) { return f.array + "[" + std::to_string(f.element) + "]"; }

std::string times(const RawFinding& f) {
    return f.count > 1 ? " (and " + std::to_string(f.count - 1) + " more time" + (f.count > 2 ? "s" : "") + " at these lines)" : "";
}

}  // namespace

std::string finding_sentence(const RawFinding& f, int line, int other_line) {
    const std::string here = at_line(line) + ": ";
    const std::string no_barrier = " in the same barrier interval, with no __syncthreads() between";
    switch (f.kind) {
        case FindingKind::race_raw:
            return here + "a race (read after write) " + when(f) + ": " + thread(f.thread, f.block) + " reads " + element(f) + " after " +
                   thread(f.other_thread, f.block) + " wrote it at " + at_line(other_line) + no_barrier +
                   "; it reads the new value where it may have wanted the old one" + times(f) + ".";
        case FindingKind::race_war:
            return here + "a race (write after read) " + when(f) + ": " + thread(f.thread, f.block) + " writes " + element(f) + " after " +
                   thread(f.other_thread, f.block) + " read it at " + at_line(other_line) + no_barrier +
                   "; in another warp order the read would see the new value" + times(f) + ".";
        case FindingKind::race_waw:
            return here + "a race (write after write) " + when(f) + ": " + thread(f.thread, f.block) + " writes " + element(f) + " after " +
                   thread(f.other_thread, f.block) + " wrote it at " + at_line(other_line) + no_barrier + times(f) + ".";
        case FindingKind::out_of_bounds_shared:
        case FindingKind::out_of_bounds_global:
            return here + "out of bounds " + when(f) + ": " + thread(f.thread, f.block) + " " + (f.detail == "write" ? "writes " : "reads ") +
                   element(f) + ", outside the " + (f.kind == FindingKind::out_of_bounds_shared ? "shared array " : "array ") + f.array + times(f) +
                   ".";
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
                   "running, and so does this runner" + times(f) + ".";
        case FindingKind::never_ends:
            if (f.detail == "cpu")
                return here + "the kernel never ends: " + thread(f.thread, f.block) + " was still running " + at_line(line) + " " + when(f) +
                       " when its time ran out (an endless loop?).";
            return here + "the kernel never ends: block " + std::to_string(f.block) + " passed " + f.detail +
                   " (a barrier inside an endless loop?); the run stopped there.";
        case FindingKind::crash:
            return here + "the kernel crashed with a " + f.detail + " in " + thread(f.thread, f.block) + " " + when(f) +
                   " (an access through a bad pointer, or far outside an array?).";
        case FindingKind::out_of_memory:
            return "the kernel asked for more memory than its limit" +
                   (f.thread >= 0 ? " (in " + thread(f.thread, f.block) + " " + when(f) + ")" : std::string()) + "; the run stopped there.";
    }
    return here + "something went wrong.";
}

}  // namespace scanlab::kernel_tracer
