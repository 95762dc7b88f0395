#include "core/trace.hpp"

namespace scanlab {

std::string shown_array(const Step& s) { return s.array_name.empty() ? std::string(name(s.array)) : s.array_name; }

std::string step_label(const Step& s) {
    std::string label;
    if (s.kernel != Kernel::single) label += std::string(name(s.kernel)) + " · ";
    if (s.depth > 0) label += "S^" + std::to_string(s.depth) + " · ";
    const std::string of_c = " of " + std::to_string(s.coarsening);
    if (s.coarsening > 0 && (s.phase == Phase::stride || s.phase == Phase::reduction || s.phase == Phase::distribution))
        label += "phase 2 · ";
    switch (s.phase) {
        case Phase::load: label += "load"; break;
        case Phase::thread_scan: label += "phase 1 · element " + std::to_string(s.level + 1) + of_c; break;
        case Phase::add_predecessor: label += "phase 3 · add predecessor's total · element " + std::to_string(s.level + 1) + of_c; break;
        case Phase::stride: label += "stride " + std::to_string(s.level); break;
        case Phase::reduction: label += "reduction level " + std::to_string(s.level); break;
        case Phase::distribution: label += "distribution level " + std::to_string(s.level); break;
        case Phase::sequential: label += "i = " + std::to_string(s.level); break;
        case Phase::block_sum_write: label += "write S"; break;
        case Phase::host_scan: label += "scan s on host"; break;
        case Phase::add_block_sums: label += "add S"; break;
        case Phase::event: label += s.event ? event_label(*s.event) : "event"; break;
        case Phase::interval: label += "interval " + std::to_string(s.level); break;
    }
    return label;
}

void TraceCounts::add(const StepCounts& s, int64_t times) {
    additions += s.additions * times;
    barriers += s.barriers * times;
    divergent_warps += s.divergent_warps * times;
    hazards += s.hazards * times;
    polls += s.polls * times;
    waits += s.waits * times;
    steps += times;
}

TraceCounts total_counts(const std::vector<Step>& steps) {
    TraceCounts c;
    for (const Step& s : steps) c.add(s.counts);
    return c;
}

}  // namespace scanlab
