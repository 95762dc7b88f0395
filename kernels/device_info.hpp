#pragma once
// What the GPU is, and whether Scan Lab can use it. Plain C++: the CLI, the app and the tests ask
// through here without including CUDA.
#include <cstddef>
#include <cstdint>
#include <string>

namespace scanlab::gpu {

struct DeviceInfo {
    std::string name;  // "NVIDIA H100 80GB HBM3"
    int major = 0, minor = 0;  // compute capability
    int multiprocessors = 0;
    int max_threads_per_block = 0;
    int64_t max_grid_x = 0;
    size_t shared_memory_per_block = 0;  // bytes, without opting in to more
    size_t global_memory = 0;  // bytes
    size_t l2_cache = 0;  // bytes
    int driver_version = 0;  // e.g. 13000 for CUDA 13.0
    int runtime_version = 0;
    std::string summary() const;  // "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.1 GiB)"
};

// Empty when a usable CUDA GPU is present; otherwise why not, as a sentence: no driver, a
// driver too old for the toolkit, no device, a device this build has no kernels for.
// Checked once per process (a probe launch included) and remembered.
const std::string& usable_gpu_reason();

// The current device. Throws GpuError when there is none (usable_gpu_reason() says why).
const DeviceInfo& device_info();

// Free device memory now, in bytes.
size_t free_device_memory();

}  // namespace scanlab::gpu
