// A warp-synchronous scan in shared memory, with __syncwarp() between each read and write.
__global__ void warp_sync_scan(int *X, int *Y, int n) {
    __shared__ int XY[32];
    int lane = threadIdx.x;
    XY[lane] = lane < n ? X[lane] : 0;
    __syncwarp();
    for (int d = 1; d < 32; d *= 2) {
        int temp = lane >= d ? XY[lane - d] : 0;
        __syncwarp();
        XY[lane] += temp;
        __syncwarp();
    }
    if (lane < n) Y[lane] = XY[lane];
}
void scan(int *X, int *Y, int n) { warp_sync_scan<<<1, 32>>>(X, Y, n); }
