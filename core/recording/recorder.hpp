#pragma once
// Collects the steps of a run into a Trace: counters always, the step itself (snapshot and
// accesses) only at full detail, and never more than the trace's byte budget.
#include <cstddef>
#include <cstdint>

#include "core/request.hpp"
#include "core/trace.hpp"

namespace scanlab {

class Recorder {
public:
    Recorder(Trace& trace, size_t max_bytes, Voice voice = Voice::cli) : trace_(trace), max_bytes_(max_bytes), voice_(voice) {}
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
    size_t bytes_ = 0;
};

}  // namespace scanlab
