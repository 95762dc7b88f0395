// Exclusive Kogge-Stone: the load shifts the input right by one and puts the identity first.
__global__ void ks_excl(int *X, int *Y, int n) {
    __shared__ int XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = (i < n && threadIdx.x != 0) ? X[i - 1] : 0;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0;
        __syncthreads();
        XY[threadIdx.x] += temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
}
