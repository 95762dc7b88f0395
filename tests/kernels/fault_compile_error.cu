// Planted fault: a variable that is never declared.
__global__ void typo(int *X, int *Y, int InputSize) {
    unsigned int t = threadIdx.x;
    Y[t] = X[t] + stride;
}
