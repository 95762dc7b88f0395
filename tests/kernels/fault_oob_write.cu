// Planted fault: each thread writes one place to the right, the last one past the shared array.
__global__ void shifted(int *X, int *Y, int InputSize) {
    __shared__ int XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    XY[t + 1] = X[t];
    __syncthreads();
    Y[t] = XY[t];
}
