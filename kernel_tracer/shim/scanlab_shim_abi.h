#pragma once
// What a student's kernel, compiled as host C++ against scanlab_cuda.hpp, calls in Scan Lab's kernel
// runner (kernel_tracer/runtime/). Both sides include this one list, so they cannot disagree.
// Atomics are calls into the runner, not inline code: the runner's code is not instrumented, so an
// atomic's load and store reach no access hook and no other thread runs between them.

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
extern "C" void scanlab_cuda_launch(scanlab_uint3 grid, scanlab_uint3 block, void (*run)(void*), void* closure);
// cudaMalloc: `bytes` the runner watches as a global array named `name` (the pointer's name).
extern "C" void* scanlab_cuda_malloc(unsigned long bytes, const char* name);
extern "C" void scanlab_cuda_free(void* pointer);
extern "C" void scanlab_cuda_threadfence(void);

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
