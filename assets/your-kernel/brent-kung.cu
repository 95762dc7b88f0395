// A Brent-Kung scan to finish (PMPP 9.4). Trace it with
//   scanlab trace --kernel brent-kung.cu --preset fig9.10 --like brent-kung
// One block of SECTION_SIZE / 2 threads scans a section of SECTION_SIZE elements, two per thread.
// T, op(a, b) and IDENTITY are the run's --type and --op. As it is, the trees are missing, so the
// verdict is WRONG.
__global__ void brent_kung_scan(T *X, T *Y, int InputSize) {
    __shared__ T XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    unsigned int i = 2 * blockIdx.x * blockDim.x + t;
    XY[t] = i < InputSize ? X[i] : IDENTITY;
    XY[t + blockDim.x] = i + blockDim.x < InputSize ? X[i + blockDim.x] : IDENTITY;
    // TODO: the reduction tree (stride 1, 2, ... blockDim.x: XY[(t + 1) * 2 * stride - 1] takes in
    // the element stride before it), then the distribution tree (stride SECTION_SIZE / 4 down to 1),
    // with a __syncthreads() before each level.
    // END TODO
    __syncthreads();
    if (i < InputSize) Y[i] = XY[t];
    if (i + blockDim.x < InputSize) Y[i + blockDim.x] = XY[t + blockDim.x];
}
