#pragma once
// CUDA as Scan Lab's kernel runner gives it to a student's .cu file compiled as host C++
// (clang++ -include scanlab_cuda.hpp, docs/your-kernel.md): the built-in variables, the
// qualifiers, __syncthreads(), __threadfence() and the atomics. Each CUDA thread of a block runs
// as a fiber of the runner; a barrier is a switch back to the runner, which resumes the threads
// warp by warp in the schedule's order. Every load and store the file's own code makes reaches
// the runner through the compiler's access hooks (-fsanitize-coverage=trace-loads,trace-stores).
// The C++ headers a kernel file commonly includes come first, before the macros below (printf
// among them) could change what they declare; a file's own #include of one is then a no-op.
#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

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
#define __managed__
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
// `extern __shared__ T a[];` is read as `__shared__ T a[SCANLAB_DYNAMIC_SHARED_CAPACITY / sizeof(T)]`
// on the same line (the tracer rewrites it); the runner sizes it by the launch (an array of exactly
// SCANLAB_DYNAMIC_SHARED_CAPACITY bytes is the dynamic one).

#define __syncthreads() scanlab_cuda_syncthreads()
#define __threadfence() scanlab_cuda_threadfence()
#define __threadfence_block() scanlab_cuda_threadfence()

#define __syncwarp(...) scanlab_syncwarp(__VA_ARGS__)
// The lanes that reach this call together (those that left the kernel, or went elsewhere, do not).
#define __activemask() unsigned(scanlab_cuda_warp(kWarpActive, 0u, 0, 0, 32))
// Inlined even at -O0, so the call into the runner lies in the student's own function: the runner
// takes the call site from its return address (as for every access), and the tracer reads the
// student's line from the chain of inlined calls there (addr2line -i).
#define SCANLAB_AT_CALLER __attribute__((always_inline)) inline
SCANLAB_AT_CALLER void scanlab_syncwarp(unsigned mask = 0xffffffffu) { scanlab_cuda_warp(kWarpSync, mask, 0, 0, 32); }

// The warp's shuffles and votes: a value of up to 8 bytes crosses lanes as its bits.
template <class V>
SCANLAB_AT_CALLER V scanlab_warp_value(int op, unsigned mask, V v, int arg, int width) {
    static_assert(sizeof(V) <= 8 && std::is_trivially_copyable<V>::value, "a shuffle moves values of up to 8 bytes");
    unsigned long long bits = 0;
    std::memcpy(&bits, &v, sizeof(V));
    bits = scanlab_cuda_warp(op, mask, bits, arg, width);
    std::memcpy(&v, &bits, sizeof(V));
    return v;
}
template <class V>
SCANLAB_AT_CALLER V __shfl_sync(unsigned mask, V v, int lane, int width = 32) {
    return scanlab_warp_value(kWarpShfl, mask, v, lane, width);
}
template <class V>
SCANLAB_AT_CALLER V __shfl_up_sync(unsigned mask, V v, unsigned delta, int width = 32) {
    return scanlab_warp_value(kWarpShflUp, mask, v, int(delta), width);
}
template <class V>
SCANLAB_AT_CALLER V __shfl_down_sync(unsigned mask, V v, unsigned delta, int width = 32) {
    return scanlab_warp_value(kWarpShflDown, mask, v, int(delta), width);
}
template <class V>
SCANLAB_AT_CALLER V __shfl_xor_sync(unsigned mask, V v, int lane_mask, int width = 32) {
    return scanlab_warp_value(kWarpShflXor, mask, v, lane_mask, width);
}
SCANLAB_AT_CALLER unsigned __ballot_sync(unsigned mask, int predicate) {
    return unsigned(scanlab_cuda_warp(kWarpBallot, mask, predicate != 0, 0, 32));
}
SCANLAB_AT_CALLER int __any_sync(unsigned mask, int predicate) { return int(scanlab_cuda_warp(kWarpAny, mask, predicate != 0, 0, 32)); }
SCANLAB_AT_CALLER int __all_sync(unsigned mask, int predicate) { return int(scanlab_cuda_warp(kWarpAll, mask, predicate != 0, 0, 32)); }
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(unsigned(x)); }
template <class V>
V __ldg(const V* p) {
    return *p;
}

// printf from a kernel: the runner keeps each line with its thread and barrier interval, and the
// trace shows it by step (std::printf too: the macro's name is in std as well).
extern "C" int scanlab_cuda_printf(const char* format, ...) __attribute__((format(printf, 1, 2)));
namespace std {
using ::scanlab_cuda_printf;
}
#define printf(...) scanlab_cuda_printf(__VA_ARGS__)

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
#ifdef SCANLAB_SECTION_SIZE
// The section the run launches, for the runner: a kernel-only file's `extern __shared__` array holds one section.
extern "C" __attribute__((visibility("default"), used)) const int scanlab_section_size = SCANLAB_SECTION_SIZE;
#endif

// ---- Host code: <<<grid, block>>> launches and the CUDA runtime calls a host scan makes ----
// Host and device memory are the same on the CPU, but a copy still copies. The tracer rewrites each
// `kernel<<<grid, block>>>(args)` to `scanlab_launch(kernel, grid, block)(args)` on the same line.
enum cudaError_t { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2 };
typedef cudaError_t cudaError;
enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4
};
typedef void* cudaStream_t;

template <class... P>
struct scanlab_launch_of {
    void (*kernel)(P...);
    dim3 grid, block;
    unsigned long shared_bytes;  // the launch's dynamic shared memory, for `extern __shared__`
    // Not a template: the arguments convert to the kernel's parameters here, as nvcc converts them
    // (NULL becomes a null pointer).
    void operator()(P... args) const {
        auto call = [&] { kernel(args...); };
        scanlab_cuda_launch(
            {grid.x, grid.y, grid.z}, {block.x, block.y, block.z}, shared_bytes,
            [](void* closure) { (*static_cast<decltype(call)*>(closure))(); }, &call);
    }
};
template <class... P>
scanlab_launch_of<P...> scanlab_launch(void (*kernel)(P...), dim3 grid, dim3 block, unsigned long shared_bytes = 0,
                                       cudaStream_t = nullptr) {
    return {kernel, grid, block, shared_bytes};
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
// What the host writes into device memory counts as written for initcheck (scanlab_cuda_host_wrote).
inline cudaError_t cudaMemcpy(void* dst, const void* src, unsigned long bytes, cudaMemcpyKind = cudaMemcpyDefault) {
    std::memmove(dst, src, bytes);
    scanlab_cuda_host_wrote(dst, bytes);
    return cudaSuccess;
}
inline cudaError_t cudaMemset(void* dst, int value, unsigned long bytes) {
    std::memset(dst, value, bytes);
    scanlab_cuda_host_wrote(dst, bytes);
    return cudaSuccess;
}
inline cudaError_t cudaMallocManaged(void** pointer, unsigned long bytes, unsigned = 1) {
    return scanlab_cuda_malloc_named(pointer, bytes, "managed");
}
template <class P>
cudaError_t cudaMallocManaged(P** pointer, unsigned long bytes, unsigned = 1) {
    return scanlab_cuda_malloc_named((void**)pointer, bytes, "managed");
}
// __constant__ and __device__ variables are ordinary variables here: a copy to or from one copies.
template <class S>
cudaError_t cudaMemcpyToSymbol(S& symbol, const void* src, unsigned long bytes, unsigned long offset = 0,
                               cudaMemcpyKind = cudaMemcpyHostToDevice) {
    if (offset + bytes > sizeof(S)) return cudaErrorInvalidValue;
    std::memcpy(reinterpret_cast<char*>(&symbol) + offset, src, bytes);
    return cudaSuccess;
}
template <class S>
cudaError_t cudaMemcpyFromSymbol(void* dst, const S& symbol, unsigned long bytes, unsigned long offset = 0,
                                 cudaMemcpyKind = cudaMemcpyDeviceToHost) {
    if (offset + bytes > sizeof(S)) return cudaErrorInvalidValue;
    std::memcpy(dst, reinterpret_cast<const char*>(&symbol) + offset, bytes);
    return cudaSuccess;
}
// Each launch has ended when it returns: there is nothing to wait for.
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaGetLastError() { return cudaSuccess; }
inline cudaError_t cudaPeekAtLastError() { return cudaSuccess; }
inline const char* cudaGetErrorString(cudaError_t e) {
    return e == cudaSuccess ? "no error" : e == cudaErrorInvalidValue ? "invalid argument" : "out of memory";
}
inline const char* cudaGetErrorName(cudaError_t e) {
    return e == cudaSuccess ? "cudaSuccess" : e == cudaErrorInvalidValue ? "cudaErrorInvalidValue" : "cudaErrorMemoryAllocation";
}
inline cudaError_t cudaSetDevice(int) { return cudaSuccess; }
inline cudaError_t cudaGetDevice(int* d) {
    *d = 0;
    return cudaSuccess;
}
inline cudaError_t cudaGetDeviceCount(int* n) {
    *n = 1;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceReset() { return cudaSuccess; }
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }

// ---- A kernel written for every element type and operator (scanlab_any_type.h) ----
#ifdef SCANLAB_ELEMENT
#include "scanlab_any_type.h"
#endif
