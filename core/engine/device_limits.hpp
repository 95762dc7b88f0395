#pragma once
// What a GPU offers a scan: the limits exercise 9 reasons with, and that the GPU backend reads
// off the device in hand.
#include <cstdint>
#include <string>

namespace scanlab {

struct DeviceLimits {
    std::string name;
    std::string compute_capability;
    int max_threads_per_block = 0;
    int64_t max_grid_x = 0;
    int64_t shared_memory_per_block = 0;  // bytes
    int64_t global_memory = 0;  // bytes, per GPU (a GeForce GTX 690 is two GPUs of 2 GiB each)
};

}  // namespace scanlab
