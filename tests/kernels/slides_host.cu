// The slide deck's scan_cuda and add_cuda (double, in place on a), with the block sums s scanned on
// the host between the two launches.
__global__ void scan_cuda(double* a, double *s, int width) {
    int t = threadIdx.x;
    int b = blockIdx.x*blockDim.x;
    double x;
    __shared__ double p[SECTION_SIZE];
    p[t] = b+t < width ? a[b+t] : 0;
    __syncthreads();
    for (int i = 1; i < blockDim.x; i *= 2) {
        if(t >= i)
            x = p[t] + p[t-i];
        __syncthreads();
        if(t >= i)
            p[t] = x;
        __syncthreads();
    }
    if(b + t < width)
        a[b+t] = p[t];
    if(t == blockDim.x-1)
        s[blockIdx.x+1] = p[t];
}

__global__ void add_cuda(double *a, double *s, int width) {
    int t = threadIdx.x;
    int b = blockIdx.x*blockDim.x;
    if(b+t < width)
        a[b+t] += s[blockIdx.x];
}

void scan(double* x, double* y, int width) {
    int block_size = SECTION_SIZE;
    int num_blocks = (width + block_size - 1) / block_size;
    double *d_a, *d_s;
    double *s = (double*)malloc((num_blocks + 1) * sizeof(double));
    cudaMalloc((void**)&d_a, width * sizeof(double));
    cudaMalloc((void**)&d_s, (num_blocks + 1) * sizeof(double));
    cudaMemcpy(d_a, x, width * sizeof(double), cudaMemcpyHostToDevice);
    scan_cuda<<<num_blocks, block_size>>>(d_a, d_s, width);
    cudaMemcpy(s, d_s, (num_blocks + 1) * sizeof(double), cudaMemcpyDeviceToHost);
    s[0] = 0;
    for (int i = 1; i < num_blocks; i++)
        s[i] += s[i-1];
    cudaMemcpy(d_s, s, (num_blocks + 1) * sizeof(double), cudaMemcpyHostToDevice);
    add_cuda<<<num_blocks, block_size>>>(d_a, d_s, width);
    cudaMemcpy(y, d_a, width * sizeof(double), cudaMemcpyDeviceToHost);
    cudaFree(d_a);
    cudaFree(d_s);
    free(s);
}
