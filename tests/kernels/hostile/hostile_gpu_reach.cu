// Hostile on the GPU only: nvcc's build (the device check's program) tries, before main, to read a
// file outside its box, to open a socket and to find the user's home; any of them that works ends
// the program with a sentence, which the device check then says instead of the GPU's values. The
// CPU run (clang++, no __CUDACC__) is the slides' Kogge-Stone.
#ifdef __CUDACC__
#include <sys/socket.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

static const int scanlab_reach_attempt = [] {
    auto escaped = [](const char* what) {
        std::fprintf(stderr, "escaped: %s\n", what);
        std::exit(3);
    };
    if (std::FILE* f = std::fopen("/etc/passwd", "r")) escaped("read /etc/passwd");
    if (socket(AF_INET, SOCK_STREAM, 0) >= 0) escaped("made a socket");
    if (socket(AF_UNIX, SOCK_STREAM, 0) >= 0) escaped("made a local socket");
    if (const char* home = std::getenv("HOME"); home && std::strcmp(home, "/tmp") != 0) escaped("found the home folder");
    return 0;
}();
#endif

__global__ void kogge_stone_scan(float *X, float *Y, int InputSize) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < InputSize ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = 0.0f;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x - stride] + XY[threadIdx.x];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    if (i < InputSize) Y[i] = XY[threadIdx.x];
}
