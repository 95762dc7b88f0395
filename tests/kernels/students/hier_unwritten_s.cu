// Hierarchical scan whose K3 reads S before any kernel wrote it: K2 is never launched and K1 forgets S.
#define SECTION_SIZE 8
__global__ void k1(float *X, float *Y, float *S, int n) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0.0f;
        __syncthreads();
        XY[threadIdx.x] += temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
}
__global__ void k3(float *Y, float *S, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < n) Y[i] += S[blockIdx.x - 1];
}
void scan(float *X, float *Y, int n) {
    int blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    float *S;
    cudaMalloc(&S, blocks * sizeof(float));
    k1<<<blocks, SECTION_SIZE>>>(X, Y, S, n);
    k3<<<blocks, SECTION_SIZE>>>(Y, S, n);
    cudaFree(S);
}
