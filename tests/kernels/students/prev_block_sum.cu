// Each block adds the last sum of the block before it, which that block wrote to Y, with nothing
// that waits for it: right when the blocks run in order, wrong when a later block runs first.
#define SECTION_SIZE 8
__global__ void chained(float *X, float *Y, int n) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0.0f;
        __syncthreads();
        XY[threadIdx.x] += temp;
    }
    float before = blockIdx.x > 0 ? Y[blockIdx.x * blockDim.x - 1] : 0.0f;
    if (i < n) Y[i] = XY[threadIdx.x] + before;
}
