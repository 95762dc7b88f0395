// Planted fault: a write through a null pointer.
__global__ void null_write(int *X, int *Y, int InputSize) {
    int *p = nullptr;
    p[threadIdx.x] = X[threadIdx.x];
    Y[threadIdx.x] = X[threadIdx.x];
}
