// Leaves a daemon behind (double fork and setsid) that writes a heartbeat for a few seconds after
// the run has reported.
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#ifndef MARKER
#define MARKER "/tmp/scanlab-hostile-heartbeat"
#endif

__attribute__((constructor)) static void daemonize() {
    if (fork() != 0) return;
    setsid();
    if (fork() != 0) _exit(0);
    for (int beat = 0; beat < 60; ++beat) {
        const int fd = open(MARKER, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) write(fd, "beat\n", 5), close(fd);
        const timespec pause{0, 100 * 1000 * 1000};
        nanosleep(&pause, nullptr);
    }
    _exit(0);
}

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = X[i];
}
