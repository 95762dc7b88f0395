// Kogge-Stone with its section in dynamic shared memory, sized by the launch.
#include <cuda_runtime.h>

__global__ void ks_dynamic(float *X, float *Y, int n) {
    extern __shared__ float XY[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = 0.0f;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
}
