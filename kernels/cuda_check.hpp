#pragma once
// Every CUDA call and every launch is checked; a failure becomes a GpuError whose message names
// the call and CUDA's own words for the error. Internal to kernels/: includes the CUDA runtime.
#include <cuda_runtime_api.h>

#include <string>

#include "kernels/gpu_error.hpp"

namespace scanlab::gpu {

// "cudaMalloc(trace buffer) failed: out of memory (cudaErrorMemoryAllocation)", with advice
// where there is some to give.
std::string cuda_failure(cudaError_t error, const std::string& what);

inline void cuda_check(cudaError_t error, const std::string& what) {
    if (error != cudaSuccess) throw GpuError(cuda_failure(error, what));
}

// After a launch: the launch itself (bad configuration, no kernel image) and, synchronously, the
// kernel's run (an illegal address), so the error names the kernel that caused it.
void check_launch(const std::string& kernel);

}  // namespace scanlab::gpu
