#pragma once
// `scanlab trace|scan --kernel FILE.cu`: a student's own kernel traced on the CPU
// (kernel_tracer/host/kernel_trace.hpp), printed as any run is, with its findings at its lines.
#include "app/cli/options.hpp"

namespace scanlab::cli {

// The exit status: 0 when the result is the correct scan and there is no finding; 1 when it is wrong,
// there is a finding, or the kernel did not run to its end (a crash, an endless loop, the memory
// limit); usage errors are 2, as for every command.
int run_kernel_command(const Options& o);

}  // namespace scanlab::cli
