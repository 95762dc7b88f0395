// Hostile on the GPU only: nvcc's build (the device check's program) starts a process before main,
// which its box's allow-list stops. The CPU run (clang++, no __CUDACC__) is the slides' Kogge-Stone.
#ifdef __CUDACC__
#include <unistd.h>

static const int scanlab_fork_attempt = [] {
    if (fork() == 0) _exit(0);
    return 0;
}();
#endif

__global__ void kogge_stone_scan(float *X, float *Y, int InputSize) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < InputSize ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = 0.0f;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x - stride] + XY[threadIdx.x];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    if (i < InputSize) Y[i] = XY[threadIdx.x];
}
