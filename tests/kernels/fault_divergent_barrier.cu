// Planted fault: the even threads wait at one barrier, the odd ones at another.
__global__ void halves(int *X, int *Y, int InputSize) {
    __shared__ int XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    XY[t] = X[t];
    if (t % 2 == 0) {
        __syncthreads();
    }
    __syncthreads();
    Y[t] = XY[t];
}
