#include <cstdio>
#include <mutex>

#include "kernels/cuda_check.hpp"
#include "kernels/device_info.hpp"

namespace scanlab::gpu {
namespace {

__global__ void probe_kernel(int* out) { *out = 42; }

std::string version_text(int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); }

// Runs every check once; returns the reason the GPU cannot be used, or "".
std::string probe(DeviceInfo& info) {
    cudaDriverGetVersion(&info.driver_version);
    cudaRuntimeGetVersion(&info.runtime_version);
    if (info.driver_version == 0) return "no NVIDIA driver is installed on this machine (no CUDA GPU)";
    if (info.driver_version < info.runtime_version)
        return "the NVIDIA driver supports CUDA " + version_text(info.driver_version) + " but this Scan Lab was built with CUDA " +
               version_text(info.runtime_version) + "; update the driver";
    int count = 0;
    if (cudaError_t e = cudaGetDeviceCount(&count); e != cudaSuccess) return cuda_failure(e, "cudaGetDeviceCount");
    if (count == 0) return "no CUDA GPU is visible (check CUDA_VISIBLE_DEVICES)";
    int device = 0;
    if (cudaError_t e = cudaGetDevice(&device); e != cudaSuccess) return cuda_failure(e, "cudaGetDevice");
    cudaDeviceProp prop{};
    if (cudaError_t e = cudaGetDeviceProperties(&prop, device); e != cudaSuccess) return cuda_failure(e, "cudaGetDeviceProperties");
    info.name = prop.name;
    info.major = prop.major;
    info.minor = prop.minor;
    info.multiprocessors = prop.multiProcessorCount;
    info.max_threads_per_block = prop.maxThreadsPerBlock;
    info.max_grid_x = prop.maxGridSize[0];
    info.shared_memory_per_block = prop.sharedMemPerBlock;
    info.global_memory = prop.totalGlobalMem;
    info.l2_cache = size_t(prop.l2CacheSize);
    if (prop.major * 10 + prop.minor < 75)
        return info.name + " has compute capability " + std::to_string(prop.major) + "." + std::to_string(prop.minor) +
               "; CUDA 13 builds of Scan Lab run on 7.5 (Turing) and newer";
    // A launch proves the fat binary holds code this device can run.
    int* flag = nullptr;
    if (cudaError_t e = cudaMalloc(&flag, sizeof(int)); e != cudaSuccess) return cuda_failure(e, "cudaMalloc(probe)");
    probe_kernel<<<1, 1>>>(flag);
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    int value = 0;
    if (e == cudaSuccess) e = cudaMemcpy(&value, flag, sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(flag);
    if (e != cudaSuccess) return cuda_failure(e, "a probe kernel on " + info.name);
    if (value != 42) return "a probe kernel on " + info.name + " ran but wrote the wrong value";
    return "";
}

struct Probe {
    DeviceInfo info;
    std::string reason;
};

const Probe& probed() {
    static const Probe p = [] {
        Probe q;
        q.reason = probe(q.info);
        return q;
    }();
    return p;
}

}  // namespace

std::string DeviceInfo::summary() const {
    char memory[32];
    std::snprintf(memory, sizeof memory, "%.1f GiB", double(global_memory) / double(1u << 30));
    return name + " (sm_" + std::to_string(major) + std::to_string(minor) + ", " + std::to_string(multiprocessors) + " SMs, " + memory +
           ")";
}

const std::string& usable_gpu_reason() { return probed().reason; }

const DeviceInfo& device_info() {
    if (!usable_gpu_reason().empty()) throw GpuError("no usable CUDA GPU: " + usable_gpu_reason());
    return probed().info;
}

size_t free_device_memory() {
    size_t free = 0, total = 0;
    cuda_check(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
    return free;
}

}  // namespace scanlab::gpu
