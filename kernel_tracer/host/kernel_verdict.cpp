#include "kernel_tracer/host/kernel_verdict.hpp"

#include "core/lesson/verdict.hpp"

namespace scanlab::kernel_tracer {

KernelVerdict kernel_verdict(const KernelTrace& k) {
    KernelVerdict out;
    if (!k.traced) {
        // The findings above hold the sentence that says why, where there is one.
        out.line = "NO RESULT: the kernel did not run to its end, so it computed nothing to check" +
                   (k.findings.empty() ? " (" + k.ended + ")" : "");
        return out;
    }
    const Verdict v = judge(k.trace);
    const std::string of = std::to_string(v.n - int64_t(v.wrong.size())) + " of " + std::to_string(v.n) + " values";
    const size_t found = k.findings.size();
    const std::string findings = std::to_string(found) + (found == 1 ? " finding" : " findings");
    const std::string shouted = std::to_string(found) + (found == 1 ? " FINDING" : " FINDINGS");
    out.correct = v.correct();
    out.clean = out.correct && found == 0;
    if (!v.correct()) {
        for (size_t i = 0; i < size_of(v.expected) && i < 64; ++i) out.want += (i ? " " : "") + format_value(v.expected, i);
        if (size_of(v.expected) > 64) out.want += " ...";
        out.line = "WRONG: " + std::to_string(v.wrong.size()) + " of " + std::to_string(v.n) +
                   " values differ from the correct scan, first at " + std::to_string(v.wrong.front()) +
                   (found ? "; " + findings + " above" : "");
    } else if (found) {
        out.line = "CORRECT VALUES, BUT " + shouted + ": " + of + " are the scan in this run, and the findings above can make them wrong";
    } else {
        out.line = "CORRECT: " + of + ", no findings";
    }
    return out;
}

}  // namespace scanlab::kernel_tracer
