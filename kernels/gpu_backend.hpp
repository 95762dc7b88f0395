#pragma once
// The GPU backend: the chapter's algorithms as instrumented CUDA kernels, recording the same
// Trace the emulation records. Plain C++.
#include <memory>

#include "core/engine/backend.hpp"

namespace scanlab::gpu {

// Requires a usable GPU (device_info.hpp); its run() throws GpuError on any CUDA failure and
// ScanError when the trace would not fit the budget or the device memory.
std::unique_ptr<Backend> make_gpu_backend();

}  // namespace scanlab::gpu
