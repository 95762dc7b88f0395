// Threads 0 and 1 both add zero to XY[15] in the same interval: a race by racecheck's rule whose
// result is right under every schedule.
__global__ void benign(float *X, float *Y, int n) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    __syncthreads();
    if (threadIdx.x < 2) XY[SECTION_SIZE - 1] += 0.0f * XY[0];
    __syncthreads();
    if (i < n) Y[i] = 0.0f;
    for (int k = 0; k <= (int)threadIdx.x && i < n; ++k) Y[i] += XY[k];
}
