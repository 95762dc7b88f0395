// Kogge-Stone with double buffering (the chapter's exercise): two shared arrays, one barrier per stride.
__global__ void ks_double(float *X, float *Y, int n) {
    __shared__ float bufA[SECTION_SIZE];
    __shared__ float bufB[SECTION_SIZE];
    float *src = bufA, *dst = bufB;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bufA[threadIdx.x] = i < n ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        dst[threadIdx.x] = threadIdx.x >= stride ? src[threadIdx.x] + src[threadIdx.x - stride] : src[threadIdx.x];
        float *t = src; src = dst; dst = t;
    }
    __syncthreads();
    if (i < n) Y[i] = src[threadIdx.x];
}
