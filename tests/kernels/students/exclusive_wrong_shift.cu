// An exclusive scan whose load shifts the wrong way: X[i + 1] in place of X[i - 1].
__global__ void excl_bad(int *X, int *Y, int n) {
    __shared__ int XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = (i + 1 < n) ? X[i + 1] : 0;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0;
        __syncthreads();
        XY[threadIdx.x] += temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
}
