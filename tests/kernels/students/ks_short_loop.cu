// The loop stops one stride early: a logic bug, no race, the last stride's sums are missing.
__global__ void ks_short(float *X, float *Y, int n) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x / 2; stride *= 2) {
        __syncthreads();
        float temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0.0f;
        __syncthreads();
        XY[threadIdx.x] += temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
}
