// A block of 64 threads: each warp scans with shuffles, warp 0 scans the warp sums, every warp adds its prefix.
#include <cuda_runtime.h>
__global__ void warp_block_scan(int *X, int *Y, int n) {
    __shared__ int sums[2];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int v = i < n ? X[i] : 0;
    for (int d = 1; d < 32; d *= 2) {
        int up = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) v += up;
    }
    if (lane == 31) sums[warp] = v;
    __syncthreads();
    if (warp == 1) v += sums[0];
    if (i < n) Y[i] = v;
}
void scan(int *X, int *Y, int n) { warp_block_scan<<<1, 64>>>(X, Y, n); }
