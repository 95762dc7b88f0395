// Exercise 5: the hierarchical scan's host code and kernels (PMPP 9.5). Trace it with
//   scanlab trace --kernel ex5-hierarchical.cu --random 40 --section 8 --like hierarchical
// The tracer calls scan(X, Y, n). K1 scans each section and writes its total to S; the host code
// then has K2 scan S and K3 add S[b - 1] to section b. T, op(a, b) and IDENTITY are the run's --type
// and --op. As it is, only K1 runs, so every section after the first is WRONG.
__global__ void scan_kernel(T *X, T *Y, T *S, unsigned int n) {
    __shared__ T XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + t;
    XY[t] = i < n ? X[i] : IDENTITY;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        T temp;
        if (t >= stride) temp = op(XY[t - stride], XY[t]);
        __syncthreads();
        if (t >= stride) XY[t] = temp;
    }
    __syncthreads();
    if (i < n) Y[i] = XY[t];
    if (S != NULL && t == blockDim.x - 1) S[blockIdx.x] = XY[SECTION_SIZE - 1];
}

__global__ void add_kernel(T *Y, const T *S, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < n) Y[i] = op(S[blockIdx.x - 1], Y[i]);
}

void scan(T *X, T *Y, int n) {
    unsigned int grid = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    if (grid == 1) {  // one section: K1 alone, with no S
        scan_kernel<<<1, SECTION_SIZE>>>(X, Y, NULL, n);
        return;
    }
    T *S;
    cudaMalloc(&S, grid * sizeof(T));
    scan_kernel<<<grid, SECTION_SIZE>>>(X, Y, S, n);
    // TODO: scan S (one block of SECTION_SIZE threads takes up to SECTION_SIZE sections; longer S
    // needs scan(S, S, grid) itself), then launch add_kernel over the grid.
    // END TODO
    cudaDeviceSynchronize();
    cudaFree(S);
}
