#pragma once
// The domino scan on the GPU (kernels/chapter/domino_kernel.cuh), for every type and operator.
// Plain C++: the GPU backend calls it and builds the trace by replaying the recorded order.
#include <vector>

#include "core/algorithms/domino.hpp"
#include "core/events.hpp"
#include "core/request.hpp"
#include "core/values.hpp"
#include "kernels/chapter/event_kernel.hpp"

namespace scanlab::gpu {

// Runs the kernel once over `input`; returns Y and fills `order` with the device's events in the
// order their numbers give, each with the value the device computed (valued).
ValueArray run_domino(const ResolvedRequest& r, const ValueArray& input, std::vector<RecordedEvent>& order);

template <>
struct EventKernelOf<Domino> {
    static ValueArray run(const ResolvedRequest& r, const ValueArray& input, std::vector<RecordedEvent>& order) {
        return run_domino(r, input, order);
    }
};

}  // namespace scanlab::gpu
