// Planted fault: an allocation far larger than any memory.
__global__ void greedy(int *X, int *Y, int InputSize) {
    float *huge = new float[size_t(1) << 36];
    huge[0] = X[0];
    Y[threadIdx.x] = X[threadIdx.x];
}
