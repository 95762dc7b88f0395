// An atomic ticket from cudaMalloc'd memory the host never cleared.
#include <cuda_runtime.h>
__global__ void ticket_copy(int *X, int *Y, int *ticket, int n) {
    int i = threadIdx.x;
    if (i == 0) atomicAdd(ticket, 1);
    if (i < n) Y[i] = X[i];
}
__global__ void ks(int *Y, int n) {
    __shared__ int XY[16];
    int i = threadIdx.x;
    XY[i] = i < n ? Y[i] : 0;
    for (int stride = 1; stride < 16; stride *= 2) {
        __syncthreads();
        int temp = i >= stride ? XY[i - stride] : 0;
        __syncthreads();
        XY[i] += temp;
    }
    if (i < n) Y[i] = XY[i];
}
void scan(int *X, int *Y, int n) {
    int *ticket;
    cudaMalloc(&ticket, sizeof(int));
    ticket_copy<<<1, 16>>>(X, Y, ticket, n);
    ks<<<1, 16>>>(Y, n);
    cudaFree(ticket);
}
