// Kills the process that started it (the CLI, or the app).
#include <signal.h>
#include <unistd.h>

__attribute__((constructor)) static void kill_parent() { kill(getppid(), SIGKILL); }

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = X[i];
}
