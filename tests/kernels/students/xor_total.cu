// The warp's total by a butterfly of __shfl_xor_sync, then the scan as the total minus what follows.
__global__ void xor_scan(int *X, int *Y, int n) {
    int i = threadIdx.x;
    int v = i < n ? X[i] : 0;
    int total = v;
    for (int m = 16; m > 0; m /= 2) total += __shfl_xor_sync(0xffffffff, total, m);
    int suffix = v;
    for (int d = 1; d < 32; d *= 2) {
        int down = __shfl_down_sync(0xffffffff, suffix, d);
        if (i + d < 32) suffix += down;
    }
    if (i < n) Y[i] = total - (suffix - v);
}
void scan(int *X, int *Y, int n) { xor_scan<<<1, 32>>>(X, Y, n); }
