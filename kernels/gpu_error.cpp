#include "kernels/cuda_check.hpp"

namespace scanlab::gpu {

std::string cuda_failure(cudaError_t error, const std::string& what) {
    std::string message = what + " failed: " + cudaGetErrorString(error) + " (" + cudaGetErrorName(error) + ")";
    switch (error) {
        case cudaErrorMemoryAllocation: message += "; the GPU is out of memory, try a smaller N"; break;
        case cudaErrorNoKernelImageForDevice:
        case cudaErrorInvalidDeviceFunction:
            message += "; this Scan Lab has no kernels for this GPU's architecture (rebuild with -DSCANLAB_CUDA_ARCHITECTURES=<its sm>)";
            break;
        case cudaErrorInsufficientDriver: message += "; the NVIDIA driver is older than this build's CUDA toolkit, update it"; break;
        case cudaErrorNoDevice: message += "; no CUDA GPU is visible (check CUDA_VISIBLE_DEVICES)"; break;
        default: break;
    }
    return message;
}

void check_launch(const std::string& kernel) {
    cuda_check(cudaGetLastError(), "launching " + kernel);
    cuda_check(cudaDeviceSynchronize(), "running " + kernel);
}

}  // namespace scanlab::gpu
