// thrust::inclusive_scan / exclusive_scan for every type, operator and direction the benchmark
// sweeps, with temporary storage from a preallocated arena.
//
// 32-bit offsets only (N <= 2^28 here): Thrust would otherwise instantiate every scan twice.
#define THRUST_FORCE_32_BIT_OFFSET_TYPE
#include <thrust/device_ptr.h>
#include <thrust/scan.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system/system_error.h>

#include "core/dispatch.hpp"
#include "core/operators.hpp"
#include "kernels/bench/library_scans.hpp"
#include "kernels/cuda_check.hpp"

namespace scanlab::bench::detail {
namespace {

class ArenaAllocator {
public:
    using value_type = char;
    explicit ArenaAllocator(ThrustArena& arena) : arena_(&arena) {}

    char* allocate(std::ptrdiff_t count) {
        const size_t bytes = size_t(count);
        if (bytes > arena_->largest_request) arena_->largest_request = bytes;
        const size_t rounded = (bytes + 255) / 256 * 256;
        if (arena_->base && rounded <= arena_->bytes - arena_->used) {
            char* p = arena_->base + arena_->used;
            arena_->used += rounded;
            ++arena_->outstanding;
            return p;
        }
        void* p = nullptr;
        gpu::cuda_check(cudaMalloc(&p, bytes), "cudaMalloc(Thrust temporary storage, " + std::to_string(bytes) + " bytes)");
        return static_cast<char*>(p);
    }

    void deallocate(char* p, size_t) {
        if (arena_->base && p >= arena_->base && p < arena_->base + arena_->bytes) {
            if (--arena_->outstanding == 0) arena_->used = 0;
            return;
        }
        cudaFree(p);  // a request the arena could not take (first run only); nothing to report
    }

private:
    ThrustArena* arena_;
};

template <class T, template <class> class Op>
void scan(bool exclusive, const void* d_in, void* d_out, int64_t n, ThrustArena& arena, cudaStream_t stream) {
    ArenaAllocator alloc(arena);
    const auto policy = thrust::cuda::par_nosync(alloc).on(stream);
    const thrust::device_ptr<const T> in(static_cast<const T*>(d_in));
    const thrust::device_ptr<T> out(static_cast<T*>(d_out));
    if (exclusive)
        thrust::exclusive_scan(policy, in, in + n, out, Op<T>::identity(), Op<T>{});
    else
        thrust::inclusive_scan(policy, in, in + n, out, Op<T>{});
}

}  // namespace

void thrust_scan(ElementType type, OpKind op, bool exclusive, const void* d_in, void* d_out, int64_t n, ThrustArena& arena, void* stream) {
    const cudaStream_t s = static_cast<cudaStream_t>(stream);
    try {
        with_type_and_op(
            type, op, [&]<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) { scan<T, Op>(exclusive, d_in, d_out, n, arena, s); });
    } catch (const thrust::system_error& e) {
        throw GpuError(std::string("thrust::") + (exclusive ? "exclusive_scan" : "inclusive_scan") + " failed: " + e.what());
    }
    gpu::cuda_check(cudaGetLastError(), "launching thrust's scan");
}

}  // namespace scanlab::bench::detail
