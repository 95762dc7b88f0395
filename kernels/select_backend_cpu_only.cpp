// The backend selection of a build without CUDA: the emulation is the only engine.
#include "core/error.hpp"
#include "kernels/select_backend.hpp"

namespace scanlab {

std::string gpu_unavailable_reason() {
    return "this Scan Lab was built without CUDA (no CUDA compiler was found at configure time)";
}

std::optional<DeviceLimits> this_machine_gpu() { return std::nullopt; }

BackendSelection select_backend(BackendChoice choice) {
    if (choice == BackendChoice::gpu) throw ScanError("--backend gpu is not available: " + gpu_unavailable_reason());
    BackendSelection s{make_cpu_backend(), "", ""};
    if (choice == BackendChoice::automatic) {
        s.emulation_reason = gpu_unavailable_reason();
        s.note = "backend: CPU emulation (" + s.emulation_reason + ")";
    }
    return s;
}

}  // namespace scanlab
