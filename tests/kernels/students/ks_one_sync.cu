// Kogge-Stone with the temporary but only one barrier per stride: a write races with another thread's read.
__global__ void ks_one_sync(float *X, float *Y, int n) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0.0f;
        XY[threadIdx.x] += temp;
    }
    __syncthreads();
    if (i < n) Y[i] = XY[threadIdx.x];
}
