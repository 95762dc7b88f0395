// The slides' Kogge-Stone scan: each stride reads into a temporary, waits, then writes, so no
// thread reads an element another thread already overwrote in the same stride.
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
