#pragma once
// The decoupled look-back on the GPU (kernels/chapter/decoupled_lookback_kernel.cuh), for every
// type and operator. Plain C++: the GPU backend calls it and builds the trace by replaying the
// recorded order.
#include <vector>

#include "core/algorithms/decoupled_lookback.hpp"
#include "core/events.hpp"
#include "core/request.hpp"
#include "core/values.hpp"
#include "kernels/chapter/event_kernel.hpp"

namespace scanlab::gpu {

// Runs the kernel once over `input` (n >= 1); returns Y and fills `order` with the device's events
// in the order their numbers give, each with the value the device computed.
ValueArray run_lookback(const ResolvedRequest& r, const ValueArray& input, std::vector<RecordedEvent>& order);

template <>
struct EventKernelOf<DecoupledLookback> {
    static ValueArray run(const ResolvedRequest& r, const ValueArray& input, std::vector<RecordedEvent>& order) {
        return run_lookback(r, input, order);
    }
};

}  // namespace scanlab::gpu
