#pragma once
// Which CUDA kernel runs a single-pass definition on the GPU, logging its order of events. Each
// kernel's header specialises EventKernelOf for its definition, so the GPU backend finds it through
// the registry, as the emulation finds the block machine (core/emulation/block_machine.hpp).
#include <vector>

#include "core/events.hpp"
#include "core/request.hpp"
#include "core/values.hpp"

namespace scanlab::gpu {

// template <> struct EventKernelOf<Definition> {
//     static ValueArray run(const ResolvedRequest&, const ValueArray& input, std::vector<RecordedEvent>& order);
// };
template <class Definition>
struct EventKernelOf;

}  // namespace scanlab::gpu
