#pragma once
// A failure of the GPU itself (no device, a driver too old, out of memory, a failed launch), as
// opposed to a refusal of the input. `--backend auto` falls back to the emulation on these, and
// only on these. The message is a sentence for the user, naming the CUDA call and its error.
#include <string>

#include "core/error.hpp"

namespace scanlab {

class GpuError : public ScanError {
public:
    using ScanError::ScanError;
};

}  // namespace scanlab
