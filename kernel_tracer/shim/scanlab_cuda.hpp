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
