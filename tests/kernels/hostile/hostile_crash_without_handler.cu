// Takes the runner's crash handler away from inside the kernel, then writes through a null
// pointer: the runner cannot say where, and the run must still be named.
#include <signal.h>

__global__ void null_write(int *X, int *Y, int InputSize) {
    signal(SIGSEGV, SIG_DFL);
    int *p = nullptr;
    p[threadIdx.x] = X[threadIdx.x];
    Y[threadIdx.x] = X[threadIdx.x];
}
