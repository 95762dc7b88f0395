// The GPU backend's kernels for double elements (one file per type: they compile in parallel).
#include "kernels/chapter/gpu_scan.cuh"

namespace scanlab::gpu {
SCANLAB_GPU_SCAN_INSTANTIATE(double)
}  // namespace scanlab::gpu
