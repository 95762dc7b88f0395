// The shuffle inside the branch: lanes below d never make the call the full mask names.
__global__ void branch_shfl(int *X, int *Y, int n) {
    int i = threadIdx.x;
    int v = i < n ? X[i] : 0;
    for (int d = 1; d < 32; d *= 2) {
        if (i >= d) v += __shfl_up_sync(0xffffffff, v, d);
    }
    if (i < n) Y[i] = v;
}
void scan(int *X, int *Y, int n) { branch_shfl<<<1, 32>>>(X, Y, n); }
