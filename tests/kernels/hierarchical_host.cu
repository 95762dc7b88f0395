// The book's hierarchical scan (9.5, Figure 9.10) as host code and three kernels: K1 scans each
// section and writes its total to S, K2 scans S in one block, K3 adds S[b - 1] to section b.
__global__ void scan_kernel(float *X, float *Y, float *S, unsigned int n) {
    __shared__ float XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + t;
    XY[t] = i < n ? X[i] : 0;
    __syncthreads();
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        float temp;
        if (t >= stride) temp = XY[t - stride] + XY[t];
        __syncthreads();
        if (t >= stride) XY[t] = temp;
        __syncthreads();
    }
    if (i < n) Y[i] = XY[t];
    if (S != NULL && t == blockDim.x - 1) S[blockIdx.x] = XY[SECTION_SIZE - 1];
}

__global__ void add_kernel(float *Y, const float *S, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < n) Y[i] += S[blockIdx.x - 1];
}

void hierarchical_scan(float *X, float *Y, unsigned int n) {
    unsigned int grid = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    if (grid == 1) {
        scan_kernel<<<1, SECTION_SIZE>>>(X, Y, NULL, n);
        return;
    }
    float *S;
    cudaMalloc(&S, grid * sizeof(float));
    scan_kernel<<<grid, SECTION_SIZE>>>(X, Y, S, n);
    if (grid <= SECTION_SIZE) scan_kernel<<<1, SECTION_SIZE>>>(S, S, NULL, grid);
    else hierarchical_scan(S, S, grid);
    add_kernel<<<grid, SECTION_SIZE>>>(Y, S, n);
    cudaFree(S);
}
