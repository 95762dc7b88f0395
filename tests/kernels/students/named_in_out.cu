// A kernel whose arrays are called input and output: the findings name them so.
__global__ void scan_named(float *input, float *output, int n) {
    __shared__ float section[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    section[threadIdx.x] = i < n ? input[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = threadIdx.x >= stride ? section[threadIdx.x - stride] : 0.0f;
        __syncthreads();
        section[threadIdx.x] += temp;
    }
    output[i] = section[threadIdx.x];
}
