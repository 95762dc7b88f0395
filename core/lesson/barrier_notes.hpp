#pragma once
// Where a kernel's __syncthreads() is not reached by every thread of the block, said beside the
// step, since CUDA leaves such a barrier undefined and a student should not take it for a rule.
#include <string>

#include "core/trace.hpp"

namespace scanlab {

// For a stride of a loop whose trip count depends on the thread (the book's 9.2 loop): which
// threads have left it, and that the barrier opening the stride is therefore not reached by every
// thread of the block. Empty for every other step.
std::string unreached_barrier_note(const Trace& trace, const Step& step);

}  // namespace scanlab
