#pragma once
// The sequential scan of 9.3 on one GPU thread: `for (i = 1; i < n; i++) XY[i] = XY[i-1] + XY[i]`,
// the baseline every parallel scan is measured against. It records the value each step wrote
// (and, at full detail, its access); the host rebuilds the array after each step from those.
#include <cstdint>

#include "core/algorithms/load.hpp"
#include "kernels/chapter/recording.cuh"

namespace scanlab::gpu {

// At full detail: loaded[] = XY after the load, written[i] = XY[i] after step i, accesses[i]
// the load of element i and accesses[n + i] step i's, counters[i] step i's counts. At counts
// detail counters[0] is the load's and counters[1] the sum over every later step.
template <class T, class Op>
__global__ void sequential_kernel(const T* X, T* XY, int64_t n, bool exclusive, bool full, T* loaded, T* written, DeviceAccess* accesses,
                                  unsigned long long* counters) {
    const Op op;
    for (int64_t i = 0; i < n; ++i) {
        const long long src = load_source(i, n, exclusive);
        XY[i] = src >= 0 ? X[src] : Op::identity();
        if (full) {
            loaded[i] = XY[i];
            accesses[i] = {0, int32_t(src), int32_t(i), 1};
        }
    }
    counters[kActive] = 1;
    unsigned long long additions = 0;
    T running = n > 0 ? XY[0] : Op::identity();
    if (full && n > 0) {
        written[0] = running;  // step 0 is the load; kept so every slot is written
        accesses[n] = {0, 0, 0, 0};
    }
    for (int64_t i = 1; i < n; ++i) {
        running = op(running, XY[i]);  // XY[i-1] op XY[i], with XY[i-1] kept in a register
        XY[i] = running;
        ++additions;
        if (full) {
            written[i] = running;
            accesses[n + i] = {0, int32_t(i - 1), int32_t(i), 2};
            counters[i * kCounters + kAdditions] = 1;
            counters[i * kCounters + kActive] = 1;
        }
    }
    if (!full && n > 1) {
        counters[kCounters + kAdditions] = additions;
        counters[kCounters + kActive] = 1;
    }
}

}  // namespace scanlab::gpu
