// The backend selection of a build without CUDA (a machine with no CUDA compiler, or the web
// edition): the emulation is the only engine, and a GPU run says why there is none here.
#include "core/error.hpp"
#include "kernels/select_backend.hpp"

namespace scanlab {

std::string gpu_unavailable_reason() {
#if defined(__EMSCRIPTEN__)
    return "this is the web edition; a GPU run needs the desktop app on a machine with an NVIDIA GPU";
#else
    return "this Scan Lab was built without CUDA (no CUDA compiler was found at configure time)";
#endif
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
