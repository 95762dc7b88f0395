#pragma once
// The chapter's multi-kernel scans (hierarchical with either block algorithm, and the slides'
// variant) compiled with the null recording policy: the very kernels the traces come from, with
// every recording call compiled away, for the benchmark and the live run to time.
// Plain C++: device pointers travel as void*, so callers need no CUDA header.
#include <memory>

#include "core/input/resolve.hpp"

namespace scanlab::gpu {

class UntracedChapterScan {
public:
    virtual ~UntracedChapterScan() = default;
    // Scans the request's n elements from d_in into d_out (device pointers of the request's
    // element type; they may not alias). Work is queued on the default stream; the slides
    // variant copies its block sums to the host and back, as the slides do, and so synchronizes.
    // Scratch (S at every level) is allocated once, by make_untraced_chapter_scan.
    // Throws GpuError (kernels/gpu_error.hpp) on any CUDA failure.
    virtual void run(const void* d_in, void* d_out) = 0;
};

// request.algorithm must be hierarchical or slides; other fields as resolve() leaves them.
std::unique_ptr<UntracedChapterScan> make_untraced_chapter_scan(const ResolvedRequest& request);

}  // namespace scanlab::gpu
