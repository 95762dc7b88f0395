// printf from a kernel: each line is shown with its thread and step.
#include <cstdio>
__global__ void ks_print(int *X, int *Y, int n) {
    __shared__ int XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0;
        __syncthreads();
        XY[threadIdx.x] += temp;
        if (threadIdx.x == 3) printf("stride %u: XY[3] = %d\n", stride, XY[3]);
    }
    if (i < n) Y[i] = XY[threadIdx.x];
}
