#pragma once
// Picks the backend for --backend auto|cpu|gpu. This is the only entry point the CLI and the app
// use; whether a GPU backend exists is decided here, at build time (CUDA found or not) and at run
// time (a usable device or not).
#include <memory>
#include <string>

#include "core/engine/backend.hpp"
#include "core/engine/device_limits.hpp"
#include "core/input/run_spec.hpp"

namespace scanlab {

struct BackendSelection {
    std::unique_ptr<Backend> backend;
    std::string note;  // what was chosen and why, for stderr
    std::string emulation_reason;  // why the CPU emulation runs where a GPU was allowed; else empty
};

// Throws ScanError when `gpu` was asked for and cannot be had, naming the cause.
BackendSelection select_backend(BackendChoice choice);

// Why no GPU backend can be used here, or empty if one can.
std::string gpu_unavailable_reason();

// This machine's GPU as exercise 9 needs it (its limits), when one is usable; none in a build
// without CUDA.
std::optional<DeviceLimits> this_machine_gpu();

}  // namespace scanlab
