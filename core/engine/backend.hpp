#pragma once
// The one door to a scan engine. The CLI and the app hold a Backend and never know whether it
// emulates on the CPU or runs CUDA kernels (kernels/ provides that one).
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/engine/device_limits.hpp"
#include "core/request.hpp"
#include "core/trace.hpp"

namespace scanlab {

class Backend {
public:
    virtual ~Backend() = default;
    virtual std::string name() const = 0;  // "cpu" or "gpu"
    virtual std::string description() const = 0;  // e.g. "CPU emulation", "NVIDIA H100 (sm_90)"
    // Throws ScanError with a sentence for the user.
    virtual Trace run(const ResolvedRequest& request, const ValueArray& input) = 0;
};

std::unique_ptr<Backend> make_cpu_backend();

}  // namespace scanlab
