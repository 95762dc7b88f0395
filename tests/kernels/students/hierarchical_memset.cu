// The hierarchical scan in three launches, with S cleared by cudaMemset first.
#include <cuda_runtime.h>
#define SECTION_SIZE 8
__global__ void k1(float *X, float *Y, float *S, int n) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0.0f;
        __syncthreads();
        XY[threadIdx.x] += temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
    if (threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[threadIdx.x];
}
__global__ void k2(float *S, int blocks) {
    if (threadIdx.x == 0)
        for (int b = 1; b < blocks; ++b) S[b] += S[b - 1];
}
__global__ void k3(float *Y, float *S, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < n) Y[i] += S[blockIdx.x - 1];
}
void scan(float *X, float *Y, int n) {
    int blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    float *S;
    cudaMalloc(&S, blocks * sizeof(float));
    cudaMemset(S, 0, blocks * sizeof(float));
    k1<<<blocks, SECTION_SIZE>>>(X, Y, S, n);
    k2<<<1, 1>>>(S, blocks);
    k3<<<blocks, SECTION_SIZE>>>(Y, S, n);
    cudaFree(S);
}
