#include "core/recording/recorder.hpp"

#include "core/error.hpp"
#include "core/input/trace_budget.hpp"

namespace scanlab {

void Recorder::add(Step step) {
    TraceCounts& c = trace_.counts;
    c.add(step.counts);
    if (!full()) return;
    if (each_) return (*each_)(std::move(step));
    bytes_ += step_bytes(size_of(step.values), step.accesses.size(), step.hazards.size(), trace_.type) + step.flags.size() +
              snapshot_bytes(step.snapshot);
    if (bytes_ > max_bytes_)
        throw ScanError("the full trace would need more than " + std::to_string(max_bytes_ >> 20) + " MiB (passed at step " +
                        std::to_string(c.steps) + ", " + step_label(step) + "); " + trace_too_large_advice(voice_));
    trace_.steps.push_back(std::move(step));
}

void Recorder::add_repeated(const Step& step, int64_t times) {
    if (full()) {
        for (int64_t i = 0; i < times; ++i) add(step);
        return;
    }
    trace_.counts.add(step.counts, times);
}

}  // namespace scanlab
