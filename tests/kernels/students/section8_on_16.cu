// A one-section Kogge-Stone with its own SECTION_SIZE of 8, run on 16 values: two sections, each scanned alone.
#define SECTION_SIZE 8
__global__ void ks8(float *X, float *Y, int n) {
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
}
