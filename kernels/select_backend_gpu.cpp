// The backend selection of a build with CUDA: the GPU when a usable one is present, the emulation
// otherwise, and for `auto` a fall-back to the emulation when the GPU fails mid-run.
#include "core/error.hpp"
#include "kernels/device_info.hpp"
#include "kernels/gpu_backend.hpp"
#include "kernels/gpu_error.hpp"
#include "kernels/select_backend.hpp"

namespace scanlab {
namespace {

// --backend auto on a machine with a GPU: the GPU, unless it fails (out of memory, a failed
// launch), in which case the emulation runs and the trace says so.
class AutoBackend final : public Backend {
public:
    std::string name() const override { return gpu_->name(); }
    std::string description() const override { return gpu_->description(); }
    Trace run(const ResolvedRequest& r, const ValueArray& input) override {
        // The static-index domino can hang a GPU (the GPU backend refuses it): it is the emulation's lesson.
        if (r.request.static_index) {
            Trace t = make_cpu_backend()->run(r, input);
            t.note = "--static-index runs on the CPU emulation, which finds a deadlock and says so; on the GPU it could hang";
            return t;
        }
        try {
            return gpu_->run(r, input);
        } catch (const GpuError& e) {
            Trace t = make_cpu_backend()->run(r, input);
            t.note = std::string("the GPU run failed (") + e.what() + "); the CPU emulation ran instead";
            return t;
        }
    }

private:
    std::unique_ptr<Backend> gpu_ = gpu::make_gpu_backend();
};

}  // namespace

std::string gpu_unavailable_reason() { return gpu::usable_gpu_reason(); }

BackendSelection select_backend(BackendChoice choice) {
    if (choice == BackendChoice::cpu) return {make_cpu_backend(), "", ""};
    const std::string reason = gpu_unavailable_reason();
    if (choice == BackendChoice::gpu) {
        if (!reason.empty()) throw GpuError("--backend gpu is not available: " + reason);
        return {gpu::make_gpu_backend(), "", ""};
    }
    if (!reason.empty()) return {make_cpu_backend(), "backend: CPU emulation (" + reason + ")", reason};
    return {std::make_unique<AutoBackend>(), "backend: GPU, " + gpu::device_info().summary(), ""};
}

std::optional<DeviceLimits> this_machine_gpu() {
    if (!gpu_unavailable_reason().empty()) return std::nullopt;
    const gpu::DeviceInfo& d = gpu::device_info();
    return DeviceLimits{d.name + " (this machine)",
                        std::to_string(d.major) + "." + std::to_string(d.minor),
                        d.max_threads_per_block,
                        d.max_grid_x,
                        int64_t(d.shared_memory_per_block),
                        int64_t(d.global_memory)};
}

}  // namespace scanlab
