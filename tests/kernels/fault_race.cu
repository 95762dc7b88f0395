// Planted fault: a read of a neighbour's element with no barrier after the writes.
__global__ void neighbour(int *X, int *Y, int InputSize) {
    __shared__ int XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    XY[t] = X[t];
    Y[t] = XY[(t + 1) % blockDim.x];
}
