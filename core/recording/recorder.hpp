#pragma once
// Collects the steps of a run into a Trace: counters always, the step itself (snapshot and
// accesses) only at full detail, and never more than the trace's byte budget.
#include <cstddef>
#include <cstdint>
#include <functional>

#include "core/request.hpp"
#include "core/trace.hpp"

namespace scanlab {

// Where a run's steps go instead of the trace, one at a time as they are recorded (a file's check
// compares each with the file's and keeps none).
using StepSink = std::function<void(Step&&)>;

class Recorder {
public:
    Recorder(Trace& trace, size_t max_bytes, Voice voice = Voice::cli, const StepSink* each = nullptr)
        : trace_(trace), max_bytes_(max_bytes), voice_(voice), each_(each) {}
    bool full() const { return trace_.detail == Detail::full; }
    // Throws ScanError once the kept steps pass the byte budget.
    void add(Step step);
    // The same step `times` times over (a long run of identical steps, counted without copies
    // when only counts are kept).
    void add_repeated(const Step& step, int64_t times);

private:
    Trace& trace_;
    size_t max_bytes_;
    Voice voice_;
    const StepSink* each_;
    uint64_t bytes_ = 0;  // as step_bytes counts them: in 64 bits on every platform
};

}  // namespace scanlab
