// Blocks take their order from an atomic ticket, but each scans the section of its blockIdx: the
// block that draws ticket t adds the running sum the block with ticket t-1 left, which is the sum
// of the sections before its own only while the blocks draw their tickets in blockIdx order.
#include <cuda_runtime.h>
#define SECTION_SIZE 8
__global__ void ticket_scan(float *X, float *Y, float *sums, int *ticket, int n) {
    __shared__ float XY[SECTION_SIZE];
    __shared__ int order;
    if (threadIdx.x == 0) order = atomicAdd(ticket, 1);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0.0f;
        __syncthreads();
        XY[threadIdx.x] += temp;
    }
    __syncthreads();
    float before = order > 0 ? sums[order - 1] : 0.0f;
    if (i < n) Y[i] = XY[threadIdx.x] + before;
    if (threadIdx.x == blockDim.x - 1) sums[order] = XY[threadIdx.x] + before;
}
void scan(float *X, float *Y, int n) {
    int blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    float *sums;
    int *ticket;
    cudaMalloc(&sums, blocks * sizeof(float));
    cudaMalloc(&ticket, sizeof(int));
    cudaMemset(sums, 0, blocks * sizeof(float));
    cudaMemset(ticket, 0, sizeof(int));
    ticket_scan<<<blocks, SECTION_SIZE>>>(X, Y, sums, ticket, n);
    cudaFree(sums);
    cudaFree(ticket);
}
