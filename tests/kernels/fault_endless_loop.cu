// Planted fault: a loop whose condition never changes.
__global__ void spin(int *X, int *Y, int InputSize) {
    unsigned int t = threadIdx.x;
    while (X[0] == X[0]) {
    }
    Y[t] = X[t];
}
