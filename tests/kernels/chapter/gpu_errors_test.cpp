// A GPU that fails mid-run (here: out of memory because another allocation holds it all) gives a
// sentence naming the cause with --backend gpu, and with --backend auto the emulation runs instead
// and the trace says so.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include "core/error.hpp"
#include "core/input/input.hpp"
#include "core/input/resolve.hpp"
#include "kernels/gpu_backend.hpp"
#include "kernels/select_backend.hpp"
#include "tests/gpu_support.hpp"

using namespace scanlab;

namespace {

// Holds all but `leave` bytes of the GPU's free memory while it lives.
class MemoryHog {
public:
    explicit MemoryHog(size_t leave) {
        size_t free = 0, total = 0;
        cudaMemGetInfo(&free, &total);
        for (size_t want = free > leave ? free - leave : 0; want > (size_t(1) << 20) && !ptr_; want -= want / 64)
            if (cudaMalloc(&ptr_, want) != cudaSuccess) {
                ptr_ = nullptr;
                cudaGetLastError();  // clear the failed allocation's error
            }
    }
    ~MemoryHog() { cudaFree(ptr_); }
    bool holding() const { return ptr_ != nullptr; }

private:
    void* ptr_ = nullptr;
};

}  // namespace

TEST(GpuErrors, OutOfMemoryIsNamedWithBackendGpuAndAutoFallsBackToTheEmulationSayingSo) {
    SCANLAB_SKIP_WITHOUT_GPU();
    BackendSelection automatic = select_backend(BackendChoice::automatic);
    BackendSelection gpu = select_backend(BackendChoice::gpu);
    ScanRequest r;
    r.algorithm = Algorithm::hierarchical;
    r.detail = Detail::counts;
    const ValueArray x = random_values(int64_t(1) << 22, 1, ElementType::int32);  // 16 MiB in, 16 MiB out
    const ResolvedRequest resolved = resolve(r, x);

    MemoryHog hog(size_t(4) << 20);
    ASSERT_TRUE(hog.holding());
    try {
        gpu.backend->run(resolved, x);
        FAIL() << "expected the GPU to run out of memory";
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("out of memory"), std::string::npos) << e.what();
    }
    const Trace t = automatic.backend->run(resolved, x);
    EXPECT_EQ(t.backend, "cpu");
    EXPECT_NE(t.note.find("the CPU emulation ran instead"), std::string::npos) << t.note;
    EXPECT_NE(t.note.find("out of memory"), std::string::npos) << t.note;
    EXPECT_EQ(std::get<std::vector<int32_t>>(t.result).back(), [&] {
        int64_t sum = 0;
        for (int32_t v : std::get<std::vector<int32_t>>(x)) sum += v;
        return int32_t(sum);
    }());
}

TEST(GpuErrors, AutoOnAMachineWithAGpuSaysItUsesTheGpu) {
    SCANLAB_SKIP_WITHOUT_GPU();
    const BackendSelection s = select_backend(BackendChoice::automatic);
    EXPECT_EQ(s.backend->name(), "gpu");
    EXPECT_NE(s.note.find("backend: GPU"), std::string::npos) << s.note;
}
