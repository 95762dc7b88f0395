#pragma once
// What the runner records of one block: for every barrier interval (the code between two
// __syncthreads(), or the kernel's start or end), the accesses each thread made, the stale reads,
// and shared memory and the output as the interval left them.
#include <cstdint>
#include <vector>

namespace scanlab::kernel_tracer {

inline constexpr int16_t kInputArray = -1;  // X, the kernel's first argument
inline constexpr int16_t kOutputArray = -2;  // Y, its second
// Shared arrays are 0, 1, ... in KernelImage::shared's order.

struct AccessRecord {
    int32_t thread = 0;  // threadIdx.x
    int16_t array = 0;
    bool store = false;
    bool atomic = false;
    uint8_t size = 0;  // bytes
    int64_t element = 0;  // in units of the access's own size
};

struct StaleRead {  // a read of an element another thread wrote earlier in the same interval
    int16_t array = 0;
    int64_t element = 0;
};

struct IntervalRecord {
    std::vector<AccessRecord> accesses;  // in the order the threads made them
    std::vector<StaleRead> stale;
    std::vector<uint8_t> shared;  // the whole shared section after the interval
    std::vector<uint8_t> output;  // Y after the interval
    bool ends_at_barrier = false;
};

struct BlockRecord {
    std::vector<IntervalRecord> intervals;
};

}  // namespace scanlab::kernel_tracer
