#pragma once
// The slides' host loop over the block sums, `for (i = 1; i < num_blocks; i++) s[i] += s[i-1];`.
// It runs on the CPU in both backends (the GPU backend copies s to the host and back, as the
// slides do), so both record it through this one function.
#include <cstdint>
#include <vector>

#include "core/recording/recorder.hpp"
#include "core/recording/step_records.hpp"

namespace scanlab {

template <class T, class Op>
void slides_host_loop(std::vector<T>& s, int64_t count) {
    const Op op;
    for (int64_t i = 1; i < count; ++i) s[i] = op(s[i - 1], s[i]);
}

template <class T, class Op>
void slides_host_scan(std::vector<T>& s, int64_t count, Recorder& rec) {
    Step h = make_step({Kernel::host, 0, ArrayKind::s, 1, 1}, Phase::host_scan, 0);
    slides_host_loop<T, Op>(s, count);
    h.counts.additions = count > 0 ? count - 1 : 0;
    h.counts.active_threads = 1;
    if (rec.full()) {
        h.accesses = host_scan_accesses(count);
        h.values = s;
    }
    rec.add(std::move(h));
}

}  // namespace scanlab
