// Planted fault: 1.5 GiB, more than a kernel's 1 GiB, though a machine's memory would hold it.
__global__ void greedy(int *X, int *Y, int InputSize) {
    char *big = new char[(size_t(3) << 29)];
    big[threadIdx.x] = char(X[threadIdx.x]);
    Y[threadIdx.x] = big[threadIdx.x];
}
