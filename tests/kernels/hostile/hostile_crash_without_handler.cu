// Takes the runner's crash handler away, then writes through a null pointer: the runner cannot
// say where, and the run must still be named.
#include <signal.h>

__attribute__((constructor)) static void unhandle() { signal(SIGSEGV, SIG_DFL); }

__global__ void null_write(int *X, int *Y, int InputSize) {
    int *p = nullptr;
    p[threadIdx.x] = X[threadIdx.x];
    Y[threadIdx.x] = X[threadIdx.x];
}
