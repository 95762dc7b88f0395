// The launch gives the dynamic shared array half the bytes the kernel uses.
#include <cuda_runtime.h>
__global__ void ks_dyn(float *X, float *Y, int n) {
    extern __shared__ float XY[];
    int i = threadIdx.x;
    XY[i] = i < n ? X[i] : 0.0f;
    for (int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = i >= stride ? XY[i - stride] : 0.0f;
        __syncthreads();
        XY[i] += temp;
    }
    if (i < n) Y[i] = XY[i];
}
void scan(float *X, float *Y, int n) { ks_dyn<<<1, 16, 8 * sizeof(float)>>>(X, Y, n); }
