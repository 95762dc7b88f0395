// Overwrites its own compiled library in the compile cache (argv[1]) and plants another beside it,
// so that later runs of other files would run its code.
#include <fcntl.h>
#include <string>
#include <unistd.h>

__attribute__((constructor)) static void poison(int argc, char** argv) {
    if (argc < 2) return;
    const std::string library = argv[1];
    const int fd = open(library.c_str(), O_WRONLY | O_TRUNC);
    if (fd >= 0) write(fd, "poisoned", 8), close(fd);
    const std::string planted = library.substr(0, library.rfind('/') + 1) + "0123456789abcdef.so";
    const int p = open(planted.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0755);
    if (p >= 0) write(p, "planted", 7), close(p);
}

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = X[i];
}
