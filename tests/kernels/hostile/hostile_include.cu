// Includes what is not its folder's: a secret (~/.ssh/id_ed25519, whose bytes the compiler's
// messages would print), or a FIFO (which would hang the compile for good).
#ifndef INCLUDED
#define INCLUDED "/etc/shadow"
#endif
#include INCLUDED

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = X[i];
}
