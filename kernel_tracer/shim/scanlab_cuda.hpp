#pragma once
// CUDA as Scan Lab's kernel runner gives it to a student's .cu file compiled as host C++
// (clang++ -include scanlab_cuda.hpp, docs/your-kernel.md): the built-in variables, the
// qualifiers, __syncthreads(), __threadfence() and the atomics. Each CUDA thread of a block runs
// as a fiber of the runner; a barrier is a switch back to the runner, which resumes the threads
// warp by warp in the schedule's order. Every load and store the file's own code makes reaches
// the runner through the compiler's access hooks (-fsanitize-coverage=trace-loads,trace-stores).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "scanlab_shim_abi.h"

typedef scanlab_uint3 uint3;
struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1) : x(x_), y(y_), z(z_) {}
};

#define threadIdx (scanlab_cuda_now.threadIdx)
#define blockIdx (scanlab_cuda_now.blockIdx)
#define blockDim (scanlab_cuda_now.blockDim)
#define gridDim (scanlab_cuda_now.gridDim)
#define warpSize (scanlab_cuda_now.warpSize)

// A kernel goes in a section of its own so the runner finds it by its signature; a __shared__
// array is one static array for the whole block (the runner runs one block at a time), in a
// section of its own so the runner knows which accesses are shared memory and what each array is.
#define __global__ __attribute__((section("scanlab_kernels"), used, noinline))
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __shared__ static __attribute__((section("scanlab_shared")))
#define __constant__ static

#define __syncthreads() scanlab_cuda_syncthreads()
#define __threadfence() scanlab_cuda_threadfence()
#define __threadfence_block() scanlab_cuda_threadfence()

#define atomicAdd(address, value) scanlab_cuda_atomic_add((address), (value))
#define atomicSub(address, value) scanlab_cuda_atomic_sub((address), (value))
#define atomicExch(address, value) scanlab_cuda_atomic_exch((address), (value))
#define atomicMax(address, value) scanlab_cuda_atomic_max((address), (value))
#define atomicMin(address, value) scanlab_cuda_atomic_min((address), (value))
#define atomicCAS(address, compare, value) scanlab_cuda_atomic_cas((address), (compare), (value))

// SECTION_SIZE, where the file does not define it, is the block size the run launches
// (the runner's compile line defines SCANLAB_SECTION_SIZE).
#if defined(SCANLAB_SECTION_SIZE) && !defined(SECTION_SIZE)
#define SECTION_SIZE SCANLAB_SECTION_SIZE
#endif

// ---- Host code: <<<grid, block>>> launches and the CUDA runtime calls a host scan makes ----
// Host and device memory are the same on the CPU, but a copy still copies. The tracer rewrites each
// `kernel<<<grid, block>>>(args)` to `scanlab_launch(kernel, grid, block)(args)` on the same line.
enum cudaError_t { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2 };
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
typedef void* cudaStream_t;

template <class... P>
struct scanlab_launch_of {
    void (*kernel)(P...);
    dim3 grid, block;
    // Not a template: the arguments convert to the kernel's parameters here, as nvcc converts them
    // (NULL becomes a null pointer).
    void operator()(P... args) const {
        auto call = [&] { kernel(args...); };
        scanlab_cuda_launch({grid.x, grid.y, grid.z}, {block.x, block.y, block.z},
                            [](void* closure) { (*static_cast<decltype(call)*>(closure))(); }, &call);
    }
};
template <class... P>
scanlab_launch_of<P...> scanlab_launch(void (*kernel)(P...), dim3 grid, dim3 block, unsigned long = 0, cudaStream_t = nullptr) {
    return {kernel, grid, block};
}

// The pointer's own name (the last word of `&d_S` or `(void**)&d_S`) names the array in the trace.
#define cudaMalloc(pointer, bytes) scanlab_cuda_malloc_named((void**)(pointer), (bytes), #pointer)
inline cudaError_t scanlab_cuda_malloc_named(void** pointer, unsigned long bytes, const char* name) {
    *pointer = scanlab_cuda_malloc(bytes, name);
    return *pointer ? cudaSuccess : cudaErrorMemoryAllocation;
}
inline cudaError_t cudaFree(void* pointer) {
    scanlab_cuda_free(pointer);
    return cudaSuccess;
}
inline cudaError_t cudaMemcpy(void* dst, const void* src, unsigned long bytes, cudaMemcpyKind) {
    std::memmove(dst, src, bytes);
    return cudaSuccess;
}
inline cudaError_t cudaMemset(void* dst, int value, unsigned long bytes) {
    std::memset(dst, value, bytes);
    return cudaSuccess;
}
// Each launch has ended when it returns: there is nothing to wait for.
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaGetLastError() { return cudaSuccess; }
inline cudaError_t cudaPeekAtLastError() { return cudaSuccess; }
inline const char* cudaGetErrorString(cudaError_t e) { return e == cudaSuccess ? "no error" : "out of memory"; }

// ---- A kernel written for every element type and operator ----
// A file whose kernels take `T*` names the element type T, the operator op(a, b) and its identity
// IDENTITY (0 for a sum, the lowest value for a max, the highest for a min); the run's --type and
// --op choose them (the tracer's compile line defines SCANLAB_ELEMENT and SCANLAB_OP).
#ifdef SCANLAB_ELEMENT
#include <limits>
typedef SCANLAB_ELEMENT T;
#if SCANLAB_OP == 1
inline T op(T a, T b) { return a > b ? a : b; }
#define IDENTITY (std::numeric_limits<T>::lowest())
#elif SCANLAB_OP == 2
inline T op(T a, T b) { return a < b ? a : b; }
#define IDENTITY (std::numeric_limits<T>::max())
#else
inline T op(T a, T b) { return a + b; }
#define IDENTITY (T(0))
#endif
#endif
