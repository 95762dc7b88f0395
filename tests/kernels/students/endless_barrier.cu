// A loop whose condition never changes, with a barrier in it: the kernel never ends.
__global__ void forever(float *X, float *Y, int n) {
    __shared__ float XY[SECTION_SIZE];
    XY[threadIdx.x] = X[threadIdx.x];
    for (unsigned int stride = 1; stride < blockDim.x; stride * 2) {
        __syncthreads();
        XY[threadIdx.x] += 0.0f;
    }
    Y[threadIdx.x] = XY[threadIdx.x];
}
