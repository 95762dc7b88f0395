// A Kogge-Stone scan to finish (PMPP 9.2). Trace it with
//   scanlab trace --kernel kogge-stone.cu --preset fig9.10 --like kogge-stone
// One block scans a section of SECTION_SIZE elements, one thread per element. T, op(a, b) and
// IDENTITY are the run's --type and --op. As it is, the loop does nothing, so the verdict is WRONG.
__global__ void kogge_stone_scan(T *X, T *Y, int InputSize) {
    __shared__ T XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + t;
    XY[t] = i < InputSize ? X[i] : IDENTITY;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        // TODO: thread t (t >= stride) combines XY[t - stride] into XY[t] with op. Read both before
        // any thread writes: read into a temporary, wait at a barrier, then write.
        // END TODO
    }
    if (i < InputSize) Y[i] = XY[t];
}
