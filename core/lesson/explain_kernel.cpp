#include "core/lesson/explain_kernel.hpp"

#include <algorithm>

#include "core/number_text.hpp"

namespace scanlab {
namespace {

// Which launch of the student's host code the step is in (the tracer labels them as the built-in
// hierarchical scan's kernels are labelled).
std::string launch_words(Kernel k) {
    switch (k) {
        case Kernel::k1: return ", in your host code's first launch (K1)";
        case Kernel::k2: return ", in a launch of your host code between the first and the last (K2)";
        case Kernel::k3: return ", in your host code's last launch (K3)";
        default: return "";
    }
}

// The array the step shows, as the tracer chose it (kernel_tracer/runtime/trace_builder.cpp).
std::string array_line(const Step& s) {
    if (s.phase == Phase::load)
        return "The load: this step writes " + shown_array(s) +
               ", your shared array; each of its stores there follows a single load from global "
               "memory (as XY[t] = X[i] does) or none (a constant, such as the identity).";
    const std::string a = shown_array(s);
    switch (s.array) {
        case ArrayKind::xy:
            return s.blocks > 1 ? a + " is your shared array after the step (the one the step wrote last), each block's beside the next."
                                : a + " is your shared array after the step (the one the step wrote last).";
        case ArrayKind::y: return a + " is your kernel's output after the step.";
        case ArrayKind::s: return a + " is a global array shorter than Y that your code writes, as the launch left it.";
    }
    return "";
}

}  // namespace

std::vector<std::string> kernel_step_lines(const Trace& t, size_t k, int64_t so_far, const std::vector<StepFinding>* findings) {
    std::vector<std::string> lines;
    if (k >= t.steps.size()) return lines;
    const Step& s = t.steps[k];
    const StepCounts& c = s.counts;
    const std::string changed = s.array == ArrayKind::xy ? "shared memory" : shown_array(s);
    lines.push_back("A step of your kernel " + t.kernel + ": its code up to a barrier after which " + changed +
                    " holds something new, or to the kernel's end" + launch_words(s.kernel) + ".");
    lines.push_back(array_line(s));
    const int64_t warps = int64_t(s.blocks) * ((int64_t(s.threads_per_block) + std::max(1, t.warp_width) - 1) / std::max(1, t.warp_width));
    lines.push_back(grouped(c.active_threads) + " of " + grouped(c.active_threads + c.idle_threads) +
                    " threads worked (read or wrote an array element); " + grouped(c.divergent_warps) + " of " +
                    counted(warps, "warp", "warps") + " (" + std::to_string(t.warp_width) + " threads each) " +
                    (c.divergent_warps == 1 ? "was" : "were") + " divergent (some of a warp's threads worked, others did not).");
    lines.push_back(c.barriers == 0 ? std::string("No block passed a barrier in this step.")
                                    : "Each block passed at most " + counted(c.barriers, "barrier", "barriers") + " in this step.");
    lines.push_back("Additions (a thread's store after two or more loads since its last store): " + grouped(c.additions) +
                    " in this step, " + grouped(so_far) + " so far, " + grouped(t.counts.additions) + " in the run.");
    if (c.hazards > 0)
        lines.push_back(grouped(c.hazards) + (c.hazards == 1 ? " element of " : " elements of ") + shown_array(s) +
                        (c.hazards == 1 ? " was" : " were") + " read after another thread wrote " + (c.hazards == 1 ? "it" : "them") +
                        " in the same barrier interval: stale reads.");
    if (!findings) return lines;
    size_t here = 0;
    for (const StepFinding& f : *findings)
        if (f.step == int(k)) lines.push_back("Found in this step: " + f.sentence), ++here;
    if (here == 0) lines.push_back("Nothing was found wrong in this step.");
    return lines;
}

}  // namespace scanlab
