#pragma once
// The device check's program: the student's file compiled by the toolkit's nvcc together with a
// small generated main that reads the input, calls the same entry point the CPU run called (the
// kernel, launched as the CPU run launched it, or the host function scan), and writes Y.
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.hpp"

namespace scanlab::kernel_tracer {

struct DeviceEntry {
    bool host = false;  // the host function (host code with launches), else the kernel
    std::string name;  // "Kogge_Stone_scan_kernel", "scan", "hierarchical_scan"
};

struct HarnessShape {
    std::string file;  // the student's .cu file, an absolute path
    DeviceEntry entry;
    ElementType type = ElementType::float32;
    OpKind op = OpKind::sum;
    bool any_type = false;  // the file takes T*: T, op(a, b) and IDENTITY come from type and op, as the shim gives them
    int section = 1, block_dim = 1;
    int64_t grid_dim = 1;
};

// The C type that T stands for, as the shim and the harness give it ("long" for int64).
const char* c_type(ElementType type);

// The harness's source. Run as `harness INPUT OUTPUT`: INPUT and OUTPUT hold N (8 bytes) and then
// N elements. Exit status 0; 4 with a sentence on standard error when a CUDA call fails; 5 with
// the reason when no GPU is usable.
std::string device_harness(const HarnessShape& shape);

// The toolkit's nvcc (/usr/local/cuda/bin/nvcc, else nvcc on PATH), or "".
std::string find_nvcc();

// nvcc's flags for the harness, for a GPU of compute capability `arch` (90 for sm_90), or for the
// GPU present ("native") when arch is 0. No fused multiply-add, so floats add as on the CPU.
std::vector<std::string> nvcc_flags(int arch = 0);

}  // namespace scanlab::kernel_tracer
