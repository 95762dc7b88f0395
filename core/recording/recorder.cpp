#include "recorder.hpp"

#include "../error.hpp"
#include "../trace_budget.hpp"

namespace scanlab {

void Recorder::add(Step step) {
    TraceCounts& c = trace_.counts;
    c.additions += step.counts.additions;
    c.barriers += step.counts.barriers;
    c.divergent_warps += step.counts.divergent_warps;
    c.hazards += step.counts.hazards;
    c.polls += step.counts.polls;
    c.waits += step.counts.waits;
    c.steps += 1;
    if (!full()) return;
    bytes_ += step_bytes(size_of(step.values), step.accesses.size(), step.hazards.size(), trace_.type) + step.flags.size() +
              snapshot_bytes(step.snapshot);
    if (bytes_ > max_bytes_)
        throw ScanError("the full trace would need more than " + std::to_string(max_bytes_ >> 20) + " MiB (passed at step " +
                        std::to_string(c.steps) + ", " + step_label(step) +
                        "); trace a smaller N, use `scanlab scan` for the result and counts only, or raise --max-trace-mb");
    trace_.steps.push_back(std::move(step));
}

void Recorder::add_repeated(const Step& step, int64_t times) {
    if (full()) {
        for (int64_t i = 0; i < times; ++i) add(step);
        return;
    }
    TraceCounts& c = trace_.counts;
    c.additions += step.counts.additions * times;
    c.barriers += step.counts.barriers * times;
    c.divergent_warps += step.counts.divergent_warps * times;
    c.hazards += step.counts.hazards * times;
    c.polls += step.counts.polls * times;
    c.waits += step.counts.waits * times;
    c.steps += times;
}

}  // namespace scanlab
