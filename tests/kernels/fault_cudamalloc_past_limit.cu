// Planted fault: host code that asks cudaMalloc for 1.5 GiB, more than a kernel's 1 GiB.
__global__ void copy(float *X, float *Y, int n) {
    int i = threadIdx.x;
    if (i < n) Y[i] = X[i];
}

void scan(float *X, float *Y, int n) {
    float *big;
    cudaMalloc((void **)&big, size_t(3) << 29);
    copy<<<1, 16>>>(X, Y, n);
}
