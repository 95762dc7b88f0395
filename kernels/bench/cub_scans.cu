// cub::DeviceScan for every type, operator and direction the benchmark sweeps.
#include <cub/device/device_scan.cuh>

#include "core/dispatch.hpp"
#include "core/operators.hpp"
#include "kernels/bench/library_scans.hpp"
#include "kernels/cuda_check.hpp"

namespace scanlab::bench::detail {
namespace {

// One call shape for the size query (d_temp == nullptr) and the scan.
template <class T, class Op>
cudaError_t call(bool exclusive, void* d_temp, size_t& bytes, const void* d_in, void* d_out, int n, cudaStream_t stream) {
    const T* in = static_cast<const T*>(d_in);
    T* out = static_cast<T*>(d_out);
    if constexpr (std::is_same_v<Op, SumOp<T>>) {
        return exclusive ? cub::DeviceScan::ExclusiveSum(d_temp, bytes, in, out, n, stream)
                         : cub::DeviceScan::InclusiveSum(d_temp, bytes, in, out, n, stream);
    } else {
        return exclusive ? cub::DeviceScan::ExclusiveScan(d_temp, bytes, in, out, Op{}, Op::identity(), n, stream)
                         : cub::DeviceScan::InclusiveScan(d_temp, bytes, in, out, Op{}, n, stream);
    }
}

cudaError_t call(ElementType type, OpKind op, bool exclusive, void* d_temp, size_t& bytes, const void* d_in, void* d_out, int64_t n,
                 cudaStream_t stream) {
    if (n < 0 || n > 0x7fffffff) return cudaErrorInvalidValue;
    const int items = int(n);
    return with_type_and_op(type, op, [&]<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) {
        return call<T, Op<T>>(exclusive, d_temp, bytes, d_in, d_out, items, stream);
    });
}

}  // namespace

size_t cub_temp_bytes(ElementType type, OpKind op, bool exclusive, int64_t n) {
    size_t bytes = 0;
    gpu::cuda_check(call(type, op, exclusive, nullptr, bytes, nullptr, nullptr, n, nullptr), "cub::DeviceScan (temporary storage size)");
    return bytes;
}

void cub_scan(ElementType type, OpKind op, bool exclusive, const void* d_in, void* d_out, int64_t n, void* d_temp, size_t temp_bytes,
              void* stream) {
    size_t bytes = temp_bytes;
    gpu::cuda_check(call(type, op, exclusive, d_temp, bytes, d_in, d_out, n, static_cast<cudaStream_t>(stream)), "cub::DeviceScan");
    gpu::cuda_check(cudaGetLastError(), "launching cub::DeviceScan");
}

}  // namespace scanlab::bench::detail
