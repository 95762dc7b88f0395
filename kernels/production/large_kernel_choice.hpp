#pragma once
// Which kernel the production scan takes for a large input, from the device's properties. Plain
// C++ (no CUDA), so the dispatch, its policy sentence and the tests share one rule.
//
// The rule, from the measurements in docs/performance.md:
//  - before Hopper (no bulk copy engine): tiles in registers;
//  - Hopper and later: tiles staged in shared memory, 32 KB, 6 per SM (an H100);
//  - where the memory moves more bytes per SM than the 32 KB tiles keep in flight (an H200: about
//    1.43 times an H100's per SM), and the input is at least 1 GiB: 44 KB tiles, 5 per SM. On an
//    H200 they ran at 0.93-0.94 of the copy there against 0.92-0.93 for the 32 KB tiles; below 1 GiB
//    they lost (0.90 against 0.91 at 256 MiB, 0.78 against 0.88 at 64 MiB). Those figures are of the
//    staged kernel before its look-back warp; both shapes now have one (policy.cuh), and the rule
//    keeps the H200's measured order of the two until an H200 measures them again.
#include <cstdint>

namespace scanlab::production {

struct DeviceShape {
    int multiprocessors = 0;
    int major = 0;  // compute capability
    double memory_gb_per_s = 0;  // peak: 2 x memory clock x bus width; 0 where the device does not say
    double gb_per_s_per_sm() const { return multiprocessors > 0 ? memory_gb_per_s / multiprocessors : 0; }
};

enum class LargeKernel {
    registers,  // one tile per block in registers, ticket order
    staged,  // staged in shared memory, 32 KB tiles, 6 per SM
    staged_wide,  // staged in shared memory, 44 KB tiles, 5 per SM
};

// An H100 SXM's memory: 3.35 TB/s over 132 SMs, 25.4 GB/s per SM (as the device reports it); an
// H200's: 4.8 TB/s by its datasheet, 36.4 per SM.
inline constexpr double kWideTilesFromGBPerSM = 30.0;
inline constexpr int64_t kWideTilesFromBytes = int64_t(1) << 30;

inline LargeKernel large_kernel_for(const DeviceShape& device, int64_t input_bytes) {
    if (device.major < 9) return LargeKernel::registers;
    if (device.gb_per_s_per_sm() >= kWideTilesFromGBPerSM && input_bytes >= kWideTilesFromBytes) return LargeKernel::staged_wide;
    return LargeKernel::staged;
}

}  // namespace scanlab::production
