// The book's hierarchical scan for every element type and operator: T, op(a, b) and IDENTITY are
// the run's --type and --op. K1 scans each section and writes its total to S, K2 scans S (by blocks
// again where S is longer than a section), K3 applies S[b - 1] to section b.
__global__ void scan_kernel(T *X, T *Y, T *S, unsigned int n) {
    __shared__ T XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + t;
    XY[t] = i < n ? X[i] : IDENTITY;
    __syncthreads();
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        T temp;
        if (t >= stride) temp = op(XY[t - stride], XY[t]);
        __syncthreads();
        if (t >= stride) XY[t] = temp;
        __syncthreads();
    }
    if (i < n) Y[i] = XY[t];
    if (S != NULL && t == blockDim.x - 1) S[blockIdx.x] = XY[SECTION_SIZE - 1];
}

__global__ void add_kernel(T *Y, const T *S, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < n) Y[i] = op(S[blockIdx.x - 1], Y[i]);
}

void scan(T *X, T *Y, int n) {
    unsigned int grid = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    if (grid == 1) {
        scan_kernel<<<1, SECTION_SIZE>>>(X, Y, NULL, n);
        return;
    }
    T *S;
    cudaMalloc(&S, grid * sizeof(T));
    scan_kernel<<<grid, SECTION_SIZE>>>(X, Y, S, n);
    if (grid <= SECTION_SIZE) scan_kernel<<<1, SECTION_SIZE>>>(S, S, NULL, grid);
    else scan(S, S, grid);
    add_kernel<<<grid, SECTION_SIZE>>>(Y, S, n);
    cudaFree(S);
}
