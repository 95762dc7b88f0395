#pragma once
// `scanlab trace|scan --kernel FILE.cu`: a student's own kernel traced on the CPU
// (kernel_tracer/host/kernel_trace.hpp), printed as any run is, with its findings at its lines.
#include "app/cli/options.hpp"

namespace scanlab::cli {

// The exit status: 0, or 3 when the kernel did not run to its end (a crash, an endless loop, the memory limit).
int run_kernel_command(const Options& o);

}  // namespace scanlab::cli
