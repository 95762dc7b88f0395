// Planted fault: the last element of XY is never loaded, and every thread reads it.
__global__ void last_missing(int *X, int *Y, int InputSize) {
    __shared__ int XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    if (t + 1 < blockDim.x) XY[t] = X[t];
    __syncthreads();
    Y[t] = XY[t] + XY[blockDim.x - 1];
}
