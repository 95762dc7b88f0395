// The benchmark in a build without CUDA: the same header, and one clear sentence instead of a run.
#include "core/error.hpp"
#include "kernels/bench/bench.hpp"
#include "kernels/gpu_error.hpp"

namespace scanlab::bench {

std::string bench_unavailable_reason() {
#if defined(__EMSCRIPTEN__)
    return "the benchmark times NVIDIA GPUs: it needs the desktop app on a machine with one, not the web edition";
#else
    return "this Scan Lab was built without CUDA (no CUDA compiler was found at configure time, or SCANLAB_CUDA=OFF)";
#endif
}

SizeLimit max_bench_elements(ElementType) { throw GpuError(bench_unavailable_reason()); }

BenchResult run_benchmark(const BenchConfig& config, const Progress&, std::atomic<bool>*) {
    check_config(config);
    throw GpuError(bench_unavailable_reason());
}

}  // namespace scanlab::bench
