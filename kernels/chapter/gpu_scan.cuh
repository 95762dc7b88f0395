#pragma once
// Definitions behind gpu_scan.hpp: the scan plans run by the GPU executor, for every operator.
#include "core/algorithms/scan_plans.hpp"
#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/flagged.hpp"
#include "core/operators.hpp"
#include "kernels/chapter/gpu_executor.cuh"
#include "kernels/chapter/gpu_scan.hpp"

namespace scanlab::gpu {

template <class T, template <class> class OpT>
std::vector<T> run_traced_op(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec) {
    DeviceArray<T> X(r.n, "the input"), Y(r.n, "the result");
    upload(X.span(), x.data(), r.n, "the input");
    GpuExecutor<T, OpT<T>, DeviceRecorder<T>> ex(Y.span(), &rec);
    run_scan(ex, r, X.span());
    return download(Y.span(), r.n, "the result");
}

// The segmented scan over (flag, value) pairs with the flag-carrying operator, as the emulation
// runs it (core/emulation/emulate.cpp); the result is the values.
template <class T, template <class> class OpT>
std::vector<T> run_segmented_op(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec) {
    using P = Flagged<T>;
    const std::vector<P> pairs = flagged_input(x, r.request.flags);
    DeviceArray<P> X(r.n, "the input"), Y(r.n, "the result");
    upload(X.span(), pairs.data(), r.n, "the input");
    GpuExecutor<P, SegmentedOp<T, OpT<T>>, DeviceRecorder<P>> ex(Y.span(), &rec);
    run_segmented(ex, r, X.span());
    return flagged_values(download(Y.span(), r.n, "the result"), r.n);
}

template <class T>
std::vector<T> run_traced(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec) {
    const bool segmented = algorithm_info(r.request.algorithm).takes_flags;
    return with_op(r.request.op, [&]<template <class> class Op>(OpTag<Op>) {
        return segmented ? run_segmented_op<T, Op>(r, x, rec) : run_traced_op<T, Op>(r, x, rec);
    });
}

// The chapter's multi-kernel scans with every recording call compiled away.
template <class T, class Op>
class UntracedScan final : public UntracedChapterScan {
public:
    explicit UntracedScan(const ResolvedRequest& r) : r_(r), setup_(block_setup(r)), ex_({nullptr, r.n}, nullptr) {}
    void run(const void* d_in, void* d_out) override {
        if (r_.n == 0) return;  // nothing to scan, and a grid of zero blocks cannot be launched
        ex_.rewind({static_cast<T*>(d_out), r_.n});
        const DeviceSpan<T> X{const_cast<T*>(static_cast<const T*>(d_in)), r_.n};
        run_multi_block(ex_, r_, X, setup_);
    }

private:
    ResolvedRequest r_;
    BlockSetup setup_;
    GpuExecutor<T, Op, NullRecorder> ex_;
};

template <class T>
std::unique_ptr<UntracedChapterScan> make_untraced(const ResolvedRequest& r) {
    if (algorithm_info(r.request.algorithm).reach != Reach::multi_block)
        throw ScanError("internal: only the multi-block scans (hierarchical, slides) have an untraced build");
    if (algorithm_info(r.request.algorithm).takes_flags) throw ScanError("the segmented scan runs traced only; it has no untraced build");
    return with_op(r.request.op, [&]<template <class> class Op>(OpTag<Op>) -> std::unique_ptr<UntracedChapterScan> {
        return std::make_unique<UntracedScan<T, Op<T>>>(r);
    });
}

#define SCANLAB_GPU_SCAN_INSTANTIATE(T)                                                              \
    template std::vector<T> run_traced<T>(const ResolvedRequest&, const std::vector<T>&, Recorder&); \
    template std::unique_ptr<UntracedChapterScan> make_untraced<T>(const ResolvedRequest&);

}  // namespace scanlab::gpu
