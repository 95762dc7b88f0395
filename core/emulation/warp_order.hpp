#pragma once
// The order in which the emulation runs the warps of one block within one step.
#include <cstdint>
#include <vector>

#include "core/request.hpp"

namespace scanlab {

// A permutation of 0..warps-1. `random` draws a fresh, reproducible permutation for every
// (seed, step, block), using its own generator so every platform gives the same order.
std::vector<int> warp_order(const Schedule& schedule, uint64_t step_key, int64_t block, int warps);

}  // namespace scanlab
