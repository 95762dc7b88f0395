// A kernel template launched from host code, with the block size as its parameter.
#include <cuda_runtime.h>
template <int BLOCK>
__global__ void ks_t(float *X, float *Y, int n) {
    __shared__ float XY[BLOCK];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    for (int stride = 1; stride < BLOCK; stride *= 2) {
        __syncthreads();
        float temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0.0f;
        __syncthreads();
        XY[threadIdx.x] += temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
}
void scan(float *X, float *Y, int n) {
    ks_t<32><<<1, 32>>>(X, Y, n);
    cudaDeviceSynchronize();
}
