#pragma once
// The CUDA toolkit's <cuda_runtime.h>, as Scan Lab's kernel runner answers it: what a student's file uses of it
// is already in scanlab_cuda.hpp, which the tracer's compile line includes first.
#include "scanlab_cuda.hpp"
