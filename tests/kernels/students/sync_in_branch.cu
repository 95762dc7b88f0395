// __syncthreads() inside a branch only half the threads take.
__global__ void half_sync(float *X, float *Y, int n) {
    __shared__ float XY[SECTION_SIZE];
    int i = threadIdx.x;
    XY[i] = X[i];
    if (i < 8) {
        __syncthreads();
        XY[i] += 1.0f;
    }
    __syncthreads();
    Y[i] = XY[i];
}
