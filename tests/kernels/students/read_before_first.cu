// Thread 0 reads the element before its own: XY[-1], outside the shared array.
__global__ void ks_unguarded(float *X, float *Y, int n) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    __syncthreads();
    float left = XY[threadIdx.x - 1];
    __syncthreads();
    XY[threadIdx.x] += left;
    if (i < n) Y[i] = XY[threadIdx.x];
}
