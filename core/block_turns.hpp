#pragma once
// The order a student's kernel runs its blocks in (kernel_tracer/): one after another, each to its
// end before the next. The runner runs this order and the views name it from the trace's block
// schedule, so what is shown is what ran.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/schedules.hpp"

namespace scanlab {

// The blocks of a grid in order, reversed, or shuffled by the seed (the same order for the same
// seed on every machine).
std::vector<int64_t> one_after_another(const BlockSchedule& schedule, int64_t grid);
// That order in words, for the CLI's table and the app: "3, 2, 1, 0 (reverse)", at most `most`
// blocks named ("0, 1, 2 ... 63: 64 blocks (in-order)").
std::string one_after_another_words(const BlockSchedule& schedule, int64_t grid, size_t most = 16);

}  // namespace scanlab
