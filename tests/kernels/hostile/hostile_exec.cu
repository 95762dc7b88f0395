// Runs a shell, and replaces the runner with one.
#include <stdlib.h>
#include <unistd.h>
#ifndef MARKER
#define MARKER "/tmp/scanlab-hostile-shell"
#endif

__attribute__((constructor)) static void shell() {
    system("echo ran > " MARKER);
    execl("/bin/sh", "sh", "-c", "echo replaced >> " MARKER, static_cast<char*>(nullptr));
}

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = X[i];
}
