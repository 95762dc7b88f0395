#pragma once
// The launch a student's kernel-only file runs with: the file's own definitions first
// (BLOCK_DIM or BLOCK_SIZE for the threads per block, SECTION_SIZE for the elements a block scans),
// else as the built-in algorithm `--like` launches the input, else blocks of up to 1024 threads;
// --block-dim and --grid-dim choose it outright. Host code that launches its kernels needs none of
// this: its launches are its own. A launch that does not cover the input, or a --block-dim that
// disagrees with the file, is said in a note before the run.
#include <cstdint>
#include <string>

#include "core/input/run_spec.hpp"

namespace scanlab::kernel_tracer {

struct LaunchPlan {
    int section = 0, block_dim = 0;
    int64_t grid_dim = 0;
    std::string note;  // "" or one sentence
};

// A whole-number constant the file defines (#define NAME 8, const int NAME = 8, constexpr ...), or 0.
int64_t defined_in(const std::string& source, const std::string& name);

// Throws UsageError for a --block-dim or --grid-dim out of range.
LaunchPlan plan_launch(const std::string& source, const RunSpec& spec, Algorithm like, const ValueArray& input, int block_dim,
                       int64_t grid_dim);

}  // namespace scanlab::kernel_tracer
