// The book's Figure 9.2 as printed (PMPP 3rd ed.): the in-place Kogge-Stone scan whose loop races
// between warps within a stride, and whose barrier the threads that left the loop never reach.
__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, int InputSize) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < InputSize) {
        XY[threadIdx.x] = X[i];
    }
    // the code below performs iterative scan on XY
    for (unsigned int stride = 1; stride <= threadIdx.x; stride *= 2) {
        __syncthreads();
        XY[threadIdx.x] += XY[threadIdx.x - stride];
    }
    Y[i] = XY[threadIdx.x];
}
