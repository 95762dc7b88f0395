// long data through a __shared__ int array: the values are cut to int on the way (a bug, not a tool failure).
__global__ void scan_long(long *X, long *Y, int n) {
    __shared__ int XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0;
        __syncthreads();
        XY[threadIdx.x] += temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
}
