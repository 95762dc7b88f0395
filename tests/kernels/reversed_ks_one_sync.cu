// A Kogge-Stone scan run from the end of the section: loaded reversed, each thread adds the element
// `stride` after its own, and the barrier between that read and the thread's write is left out.
// Threads that run in index order read the next element before its own thread adds to it, so the
// race makes the result wrong only where a higher thread runs before a lower one.
#define SECTION_SIZE 16
__global__ void reversed_ks(float *X, float *Y, int n) {
    __shared__ float XY[SECTION_SIZE];
    int t = threadIdx.x;
    XY[t] = t < n ? X[n - 1 - t] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        if (t + stride < blockDim.x) XY[t] += XY[t + stride];
    }
    if (t < n) Y[n - 1 - t] = XY[t];
}
