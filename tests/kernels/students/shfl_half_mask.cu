// A shuffle whose mask names only the first 16 lanes, in a warp of 32 that all make the call.
__global__ void half_mask(int *X, int *Y, int n) {
    int i = threadIdx.x;
    int v = i < n ? X[i] : 0;
    for (int d = 1; d < 32; d *= 2) {
        int up = __shfl_up_sync(0x0000ffff, v, d);
        if (i >= d) v += up;
    }
    if (i < n) Y[i] = v;
}
void scan(int *X, int *Y, int n) { half_mask<<<1, 32>>>(X, Y, n); }
