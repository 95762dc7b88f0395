// A ballot inside a branch with the full mask: the lanes that skip the branch are named but absent.
__global__ void ballot_scan(int *X, int *Y, int n) {
    int i = threadIdx.x;
    int v = i < n ? X[i] : 0;
    unsigned nonzero = 0;
    if (v > 0) nonzero = __ballot_sync(0xffffffff, 1);
    for (int d = 1; d < 32; d *= 2) {
        int up = __shfl_up_sync(0xffffffff, v, d);
        if (i >= d) v += up;
    }
    if (i < n) Y[i] = v + 0 * (int)nonzero;
}
void scan(int *X, int *Y, int n) { ballot_scan<<<1, 32>>>(X, Y, n); }
