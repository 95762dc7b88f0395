// The chapter's hierarchical scan (9.5) written plainly, as the book prints its kernels: the
// benchmark's reference rows `book-ks` and `book-bk`. The teaching kernels (kernels/chapter/, the
// core's work(k, t, section) definitions with the null recording policy) should cost what these
// cost; the benchmark puts both in every run so the comparison is never lost.
//
// Kernel 1 scans each section in shared memory and writes its total to S; kernel 2 is kernel 1
// again over S (recursively while S needs more than one section); kernel 3 adds S[b - 1] to section
// b. Only what the book leaves open is filled in: the operator and the type are template
// parameters, positions past the end load the identity, and an exclusive scan loads the input
// shifted right by one (the book's 9.5 exercise).
#include <cuda_runtime_api.h>

#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/operators.hpp"
#include "core/values.hpp"
#include "kernels/bench/library_scans.hpp"
#include "kernels/cuda_check.hpp"

namespace scanlab::bench::detail {
namespace {

constexpr unsigned kKoggeStoneSection = 1024;  // one element per thread
constexpr unsigned kBrentKungSection = 2048;  // two elements per thread, 1024 threads

template <class T, class Op>
__device__ __forceinline__ T load_item(const T* X, unsigned i, unsigned n, bool exclusive) {
    if (exclusive) return i > 0 && i - 1 < n ? X[i - 1] : Op::identity();
    return i < n ? X[i] : Op::identity();
}

// Kogge-Stone with the temporary: every thread reads, a barrier, every thread writes, a barrier.
template <class T, class Op>
__global__ void kogge_stone_scan_kernel(const T* X, T* Y, T* S, unsigned n, bool exclusive) {
    __shared__ T XY[kKoggeStoneSection];
    const Op op;
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = load_item<T, Op>(X, i, n, exclusive);
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        T temp;
        if (threadIdx.x >= stride) temp = op(XY[threadIdx.x - stride], XY[threadIdx.x]);
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
    if (S && threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[threadIdx.x];  // its own element: no barrier needed
}

// Brent-Kung: a reduction tree, then a distribution tree, over a section twice the block.
template <class T, class Op>
__global__ void brent_kung_scan_kernel(const T* X, T* Y, T* S, unsigned n, bool exclusive) {
    __shared__ T XY[kBrentKungSection];
    const Op op;
    const unsigned i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = load_item<T, Op>(X, i, n, exclusive);
    XY[threadIdx.x + blockDim.x] = load_item<T, Op>(X, i + blockDim.x, n, exclusive);
    for (unsigned stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        const unsigned index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < kBrentKungSection) XY[index] = op(XY[index - stride], XY[index]);
    }
    for (unsigned stride = kBrentKungSection / 4; stride > 0; stride /= 2) {
        __syncthreads();
        const unsigned index = (threadIdx.x + 1) * stride * 2 - 1;
        if (index + stride < kBrentKungSection) XY[index + stride] = op(XY[index], XY[index + stride]);
    }
    __syncthreads();
    if (i < n) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < n) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
    if (S && threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[kBrentKungSection - 1];
}

// Kernel 3: section b (b >= 1) gets S[b - 1] in front of every element.
template <class T, class Op, unsigned Section>
__global__ void add_block_sums_kernel(T* Y, const T* S, unsigned n) {
    if (blockIdx.x == 0) return;
    const Op op;
    const T sum = S[blockIdx.x - 1];
    for (unsigned i = blockIdx.x * Section + threadIdx.x; i < (blockIdx.x + 1) * Section && i < n; i += blockDim.x) Y[i] = op(sum, Y[i]);
}

template <class T, class Op, unsigned Section>
void scan(const T* X, T* Y, unsigned n, bool exclusive, T* S, cudaStream_t stream) {
    const unsigned threads = 1024;
    const unsigned grid = (n + Section - 1) / Section;
    auto kernel1 = Section == kKoggeStoneSection ? kogge_stone_scan_kernel<T, Op> : brent_kung_scan_kernel<T, Op>;
    if (grid == 1) {
        kernel1<<<1, threads, 0, stream>>>(X, Y, nullptr, n, exclusive);
        gpu::cuda_check(cudaGetLastError(), "launching the book's scan kernel");
        return;
    }
    kernel1<<<grid, threads, 0, stream>>>(X, Y, S, n, exclusive);
    gpu::cuda_check(cudaGetLastError(), "launching the book's scan kernel");
    scan<T, Op, Section>(S, S, grid, false, S + grid, stream);  // kernel 2: S scanned in place, inclusively
    add_block_sums_kernel<T, Op, Section><<<grid, threads, 0, stream>>>(Y, S, n);
    gpu::cuda_check(cudaGetLastError(), "launching the book's add kernel");
}

template <class T, class Op>
void scan(BookBlock block, const void* d_in, void* d_out, int64_t n, bool exclusive, void* d_temp, cudaStream_t stream) {
    const T* X = static_cast<const T*>(d_in);
    T* Y = static_cast<T*>(d_out);
    T* S = static_cast<T*>(d_temp);
    if (block == BookBlock::kogge_stone)
        scan<T, Op, kKoggeStoneSection>(X, Y, unsigned(n), exclusive, S, stream);
    else
        scan<T, Op, kBrentKungSection>(X, Y, unsigned(n), exclusive, S, stream);
}

}  // namespace

size_t book_scan_temp_bytes(BookBlock block, ElementType type, int64_t n) {
    const int64_t section = block == BookBlock::kogge_stone ? kKoggeStoneSection : kBrentKungSection;
    int64_t items = 0;
    for (int64_t level = (n + section - 1) / section; level > 1; level = (level + section - 1) / section) items += level;
    return size_t(items + 1) * element_bytes(type);
}

void book_scan(BookBlock block, ElementType type, OpKind op, bool exclusive, const void* d_in, void* d_out, int64_t n, void* d_temp,
               void* stream) {
    if (n < 1 || n > (int64_t(1) << 31)) throw ScanError("the book's scan takes N from 1 to 2^31");
    const cudaStream_t s = static_cast<cudaStream_t>(stream);
    with_type_and_op(type, op, [&]<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) {
        scan<T, Op<T>>(block, d_in, d_out, n, exclusive, d_temp, s);
    });
}

}  // namespace scanlab::bench::detail
