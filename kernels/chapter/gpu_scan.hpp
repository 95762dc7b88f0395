#pragma once
// The typed entry points of the GPU backend, one instantiation per element type (each in its own
// .cu file, so the fat binary compiles in parallel). Plain C++ declarations.
#include <cstdint>
#include <memory>
#include <vector>

#include "core/recording/recorder.hpp"
#include "core/request.hpp"
#include "kernels/chapter/chapter_untraced.hpp"

namespace scanlab::gpu {

// Runs the request's algorithm on the GPU with the recording policy, adding every step to `rec`;
// returns the scan of x.
template <class T>
std::vector<T> run_traced(const ResolvedRequest& request, const std::vector<T>& x, Recorder& rec);

template <class T>
std::unique_ptr<UntracedChapterScan> make_untraced(const ResolvedRequest& request);

#define SCANLAB_GPU_SCAN_EXTERN(T)                                                                          \
    extern template std::vector<T> run_traced<T>(const ResolvedRequest&, const std::vector<T>&, Recorder&); \
    extern template std::unique_ptr<UntracedChapterScan> make_untraced<T>(const ResolvedRequest&);
SCANLAB_GPU_SCAN_EXTERN(int32_t)
SCANLAB_GPU_SCAN_EXTERN(int64_t)
SCANLAB_GPU_SCAN_EXTERN(float)
SCANLAB_GPU_SCAN_EXTERN(double)
#undef SCANLAB_GPU_SCAN_EXTERN

}  // namespace scanlab::gpu
