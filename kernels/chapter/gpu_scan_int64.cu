// The GPU backend's kernels for int64_t elements (one file per type: they compile in parallel).
#include "kernels/chapter/gpu_scan.cuh"

namespace scanlab::gpu {
SCANLAB_GPU_SCAN_INSTANTIATE(int64_t)
}  // namespace scanlab::gpu
