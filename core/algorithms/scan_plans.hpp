#pragma once
// The multi-kernel algorithms as plans over an executor, so the CPU emulation and the GPU backend
// run the very same sequence of launches. An executor provides, for its element type and operator:
//   Buffer                         an array (host vector, device allocation)
//   make_buffer(size)              an array filled with the identity
//   block_scan<Algo>(X, n, setup, S*, s_offset)
//                                  one launch of an in-block scan over ceil(n/section) blocks,
//                                  returning every block's scanned section (padded to whole
//                                  sections); with S, the last thread of block b also writes the
//                                  section total to S[b + s_offset]
//   add_block_sums(Y, n, S, first_block, offset, setup)
//                                  Y[i] = S[b + offset] op Y[i] for i < n in blocks b >= first_block,
//                                  setup.threads threads per block, each taking positions t,
//                                  t + threads, ... of its section (two each for a 2048-element
//                                  Brent-Kung section: a block has at most 1024 threads)
//   host_scan(s, count)            the slides' host loop over s[0..count)
//   sequential(X, n, exclusive)    the one-thread loop
//   empty_load(kernel, threads)    records the load step of an empty input, launching nothing
#include <cstdint>
#include <string>

#include "core/algorithms/block_setup.hpp"
#include "core/algorithms/registry.hpp"
#include "core/error.hpp"

namespace scanlab {

// The multi-block scans (hierarchical with any block algorithm the table marks as a multi-kernel
// block, and the slides' scan). The result is the first n elements of the returned buffer.
template <class Exec>
typename Exec::Buffer run_multi_block(Exec& ex, const ResolvedRequest& r, const typename Exec::Buffer& X, const BlockSetup& setup) {
    if (r.request.algorithm == Algorithm::slides) return slides_scan(ex, X, r.n, setup);
    if (algorithm_info(r.request.algorithm).takes_flags)
        throw ScanError("internal: the segmented scan runs over (flag, value) pairs (run_segmented)");
    typename Exec::Buffer out;
    bool ran = false;
    RegisteredAlgorithms::for_each([&]<class Algo>() {
        if constexpr (Algo::info().multi_kernel_block) {
            if (!ran && Algo::info().id == r.request.block_algorithm) {
                out = hierarchical_scan<Algo>(ex, X, r.n, setup);
                ran = true;
            }
        }
    });
    if (!ran)
        throw ScanError("internal: " + std::string(name(r.request.block_algorithm)) + " is not a block algorithm of the hierarchical scan");
    return out;
}

// The first launch's setup of a resolved request: its section, and a coarsened block's C and
// phase 2 scan (run_layout).
inline BlockSetup block_setup(const ResolvedRequest& r) {
    const ScanRequest& q = r.request;
    BlockSetup setup;
    setup.exclusive = q.exclusive;
    setup.section = r.section;
    setup.warp_width = q.warp_width;
    setup.schedule = q.schedule;
    setup.sample = q.sample;
    const SectionLayout layout = run_layout(q.algorithm, q.block_algorithm, r.section, q.coarsening);
    setup.coarsening = layout.coarsening;
    setup.phase2 = layout.phase2;
    return setup;
}

// The segmented scan, for an executor over Flagged<V> with SegmentedOp: the result (values and
// the running flags) is the first n elements of the returned buffer.
template <class Exec>
typename Exec::Buffer run_segmented(Exec& ex, const ResolvedRequest& r, const typename Exec::Buffer& X) {
    const ScanRequest& q = r.request;
    const BlockSetup setup = block_setup(r);
    if (r.n == 0) {  // as run_scan: a load of nothing, no launch
        ex.empty_load(Kernel::k1, r.threads_per_block);
        return ex.make_buffer(0);
    }
    typename Exec::Buffer out;
    bool ran = false;
    RegisteredAlgorithms::for_each([&]<class Algo>() {
        if constexpr (Algo::info().flagged_block) {
            if (!ran && Algo::info().id == q.block_algorithm) {
                out = hierarchical_scan<Algo>(ex, X, r.n, setup);
                ran = true;
            }
        }
    });
    if (!ran) throw ScanError("internal: " + std::string(name(q.block_algorithm)) + " is not a block algorithm of the segmented scan");
    return out;
}

// Any algorithm of a resolved request; the result is the first n elements of the returned buffer.
template <class Exec>
typename Exec::Buffer run_scan(Exec& ex, const ResolvedRequest& r, const typename Exec::Buffer& X) {
    const ScanRequest& q = r.request;
    const BlockSetup setup = block_setup(r);
    // The scan of nothing is nothing: a load of no elements, and no kernel is launched (a grid of
    // zero blocks is a launch error in CUDA), so no plan below ever sees n = 0.
    if (r.n == 0) {
        const bool multi = q.algorithm == Algorithm::hierarchical || q.algorithm == Algorithm::slides;
        ex.empty_load(multi ? Kernel::k1 : Kernel::single, r.threads_per_block);
        return ex.make_buffer(0);
    }
    switch (algorithm_info(q.algorithm).reach) {
        case Reach::one_thread: return ex.sequential(X, r.n, q.exclusive);
        case Reach::multi_block: return run_multi_block(ex, r, X, setup);
        case Reach::one_section: break;
        case Reach::single_pass:
            throw ScanError("internal: " + std::string(name(q.algorithm)) + " runs as events, not as a plan of launches");
    }
    typename Exec::Buffer out;
    bool ran = false;
    RegisteredAlgorithms::for_each([&]<class Algo>() {
        if constexpr (Algo::info().one_section()) {
            if (!ran && Algo::info().id == q.algorithm) {
                out = ex.template block_scan<Algo>(X, r.n, setup, nullptr, 0);
                ran = true;
            }
        }
    });
    if (!ran) throw ScanError("internal: no definition of " + std::string(name(q.algorithm)) + " is registered");
    return out;
}

}  // namespace scanlab
