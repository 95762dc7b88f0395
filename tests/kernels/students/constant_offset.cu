// A __constant__ offset set by the host with cudaMemcpyToSymbol, added to every value.
#include <cuda_runtime.h>
__constant__ int offset[1];
__global__ void ks_offset(int *X, int *Y, int n) {
    __shared__ int XY[32];
    int i = threadIdx.x;
    XY[i] = i < n ? X[i] : 0;
    for (int stride = 1; stride < 32; stride *= 2) {
        __syncthreads();
        int temp = i >= stride ? XY[i - stride] : 0;
        __syncthreads();
        XY[i] += temp;
    }
    if (i < n) Y[i] = XY[i] + offset[0];
}
void scan(int *X, int *Y, int n) {
    const int zero = 0;
    cudaMemcpyToSymbol(offset, &zero, sizeof(int));
    ks_offset<<<1, 32>>>(X, Y, n);
}
