#include "recorder.hpp"

#include "../error.hpp"

namespace scanlab {

void Recorder::add(Step step) {
    TraceCounts& c = trace_.counts;
    c.additions += step.counts.additions;
    c.barriers += step.counts.barriers;
    c.divergent_warps += step.counts.divergent_warps;
    c.hazards += step.counts.hazards;
    c.steps += 1;
    if (!full()) return;
    bytes_ += sizeof(Step) + size_of(step.values) * element_bytes(trace_.type) + step.accesses.size() * sizeof(Access) +
              step.hazards.size() * sizeof(int32_t);
    if (bytes_ > max_bytes_)
        throw ScanError("the full trace would need more than " + std::to_string(max_bytes_ >> 20) + " MiB (passed at step " +
                        std::to_string(c.steps) + ", " + step_label(step) +
                        "); trace a smaller N, use `scanlab scan` for the result and counts only, or raise --max-trace-mb");
    trace_.steps.push_back(std::move(step));
}

}  // namespace scanlab
