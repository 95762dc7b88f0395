// A library of 256 MiB: an array that large with a value given, kept in the compile cache.
static char blob[1 << 28] = {1};

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = X[i] + (blob[i] & 0);
}
