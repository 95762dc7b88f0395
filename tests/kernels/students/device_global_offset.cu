// A __device__ global and a __constant__ array beside a shared array: neither is shared memory.
__device__ int offset[4];
__constant__ float scale[4] = {1.0f, 1.0f, 1.0f, 1.0f};

__global__ void scaled_scan(float *X, float *Y, int n) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 4) offset[threadIdx.x] = 0;
    XY[threadIdx.x] = i < n ? X[i] * scale[threadIdx.x % 4] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0.0f;
        __syncthreads();
        XY[threadIdx.x] += temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x] + offset[0];
}
