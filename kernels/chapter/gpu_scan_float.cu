// The GPU backend's kernels for float elements (one file per type: they compile in parallel).
#include "kernels/chapter/gpu_scan.cuh"

namespace scanlab::gpu {
SCANLAB_GPU_SCAN_INSTANTIATE(float)
}  // namespace scanlab::gpu
