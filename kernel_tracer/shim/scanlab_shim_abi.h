#pragma once
// What a student's kernel, compiled as host C++ against scanlab_cuda.hpp, calls in Scan Lab's kernel
// runner (kernel_tracer/runtime/). Both sides include this one list, so they cannot disagree.
// Atomics are calls into the runner, not inline code: the runner's code is not instrumented, so an
// atomic's load and store reach no access hook and no other thread runs between them.

// `extern __shared__ T a[];` is compiled as an array of this many bytes; the runner gives it the
// launch's dynamic shared memory.
#define SCANLAB_DYNAMIC_SHARED_CAPACITY 49152

struct scanlab_uint3 {
    unsigned int x, y, z;
};

// The running CUDA thread's built-in variables; the runner sets them before it resumes a thread.
struct scanlab_cuda_builtins {
    scanlab_uint3 threadIdx, blockIdx, blockDim, gridDim;
    int warpSize;
};
extern "C" scanlab_cuda_builtins scanlab_cuda_now;

extern "C" void scanlab_cuda_syncthreads(void);
// A <<<grid, block>>> launch from host code: the runner runs `grid` blocks of `block` threads,
// each thread calling run(closure), which calls the kernel with the launch's arguments.
// `shared_bytes` sizes the kernel's `extern __shared__` array.
extern "C" void scanlab_cuda_launch(scanlab_uint3 grid, scanlab_uint3 block, unsigned long shared_bytes, void (*run)(void*), void* closure);
// The host wrote [address, address + bytes) (cudaMemcpy, cudaMemset): initcheck counts it as written.
extern "C" void scanlab_cuda_host_wrote(void* address, unsigned long bytes);
// cudaMalloc: `bytes` the runner watches as a global array named `name` (the pointer's name).
extern "C" void* scanlab_cuda_malloc(unsigned long bytes, const char* name);
extern "C" void scanlab_cuda_free(void* pointer);
extern "C" void scanlab_cuda_threadfence(void);

// Warp-wide calls: the lane waits until the lanes of its warp that make the same call have made
// it, and gets its result (a shuffled value's bits, a ballot's mask, a vote's 0 or 1).
enum {
    kWarpSync = 0,
    kWarpShfl = 1,
    kWarpShflUp = 2,
    kWarpShflDown = 3,
    kWarpShflXor = 4,
    kWarpBallot = 5,
    kWarpAny = 6,
    kWarpAll = 7,
    kWarpActive = 8
};
extern "C" unsigned long long scanlab_cuda_warp(int op, unsigned mask, unsigned long long value, int arg, int width);
extern "C" unsigned scanlab_cuda_activemask(void);

int scanlab_cuda_atomic_add(int* address, int value);
unsigned int scanlab_cuda_atomic_add(unsigned int* address, unsigned int value);
unsigned long long scanlab_cuda_atomic_add(unsigned long long* address, unsigned long long value);
float scanlab_cuda_atomic_add(float* address, float value);
double scanlab_cuda_atomic_add(double* address, double value);
int scanlab_cuda_atomic_sub(int* address, int value);
unsigned int scanlab_cuda_atomic_sub(unsigned int* address, unsigned int value);
int scanlab_cuda_atomic_exch(int* address, int value);
unsigned int scanlab_cuda_atomic_exch(unsigned int* address, unsigned int value);
unsigned long long scanlab_cuda_atomic_exch(unsigned long long* address, unsigned long long value);
float scanlab_cuda_atomic_exch(float* address, float value);
int scanlab_cuda_atomic_max(int* address, int value);
unsigned int scanlab_cuda_atomic_max(unsigned int* address, unsigned int value);
int scanlab_cuda_atomic_min(int* address, int value);
unsigned int scanlab_cuda_atomic_min(unsigned int* address, unsigned int value);
int scanlab_cuda_atomic_cas(int* address, int compare, int value);
unsigned int scanlab_cuda_atomic_cas(unsigned int* address, unsigned int compare, unsigned int value);
unsigned long long scanlab_cuda_atomic_cas(unsigned long long* address, unsigned long long compare, unsigned long long value);
