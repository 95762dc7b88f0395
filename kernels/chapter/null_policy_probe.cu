// Not linked into anything: compiled to PTX twice by tests/CMakeLists.txt, once as written and
// once with SCANLAB_STRIP_RECORDING, to show that the null recording policy costs nothing (the two
// PTX files must be identical). The kernels are the untraced ones the benchmark times, with the
// section size read at run time and compiled in.
#include "core/algorithms/brent_kung.hpp"
#include "core/algorithms/kogge_stone.hpp"
#include "core/algorithms/three_phase.hpp"
#include "core/operators.hpp"
#include "kernels/chapter/add_block_sums_kernel.cuh"
#include "kernels/chapter/block_scan_kernel.cuh"

namespace scanlab::gpu {
template __global__ void block_scan_kernel<KoggeStone, int32_t, SumOp<int32_t>, NullRecorder>(BlockScanArgs<int32_t>, NullRecorder);
template __global__ void block_scan_kernel<BrentKung, int32_t, SumOp<int32_t>, NullRecorder>(BlockScanArgs<int32_t>, NullRecorder);
template __global__ void block_scan_kernel<KoggeStone, double, MaxOp<double>, NullRecorder>(BlockScanArgs<double>, NullRecorder);
template __global__ void block_scan_kernel<BrentKung, double, MinOp<double>, NullRecorder>(BlockScanArgs<double>, NullRecorder);
template __global__ void block_scan_kernel<KoggeStone, int32_t, SumOp<int32_t>, NullRecorder, 1024>(BlockScanArgs<int32_t>, NullRecorder);
template __global__ void block_scan_kernel<BrentKung, int64_t, SumOp<int64_t>, NullRecorder, 2048>(BlockScanArgs<int64_t>, NullRecorder);
template __global__ void block_scan_kernel<ThreePhase, float, SumOp<float>, NullRecorder>(BlockScanArgs<float>, NullRecorder);
template __global__ void block_scan_kernel<ThreePhase, int32_t, MaxOp<int32_t>, NullRecorder, 2048>(BlockScanArgs<int32_t>, NullRecorder);
template __global__ void add_block_sums_kernel<int32_t, SumOp<int32_t>, NullRecorder>(int32_t*, const int32_t*, AddBlockSums, NullRecorder);
template __global__ void add_block_sums_kernel<float, MinOp<float>, NullRecorder, 2048, 1024>(float*, const float*, AddBlockSums,
                                                                                              NullRecorder);
template __global__ void add_block_sums_kernel<double, MaxOp<double>, NullRecorder>(double*, const double*, AddBlockSums, NullRecorder);
}  // namespace scanlab::gpu
