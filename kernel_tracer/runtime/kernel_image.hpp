#pragma once
// The student's compiled kernel file, loaded: its __global__ kernels and its __shared__ arrays,
// read from the library's own symbol table (the shim puts each in a section of its own).
#include <cstdint>
#include <string>
#include <vector>

namespace scanlab::kernel_tracer {

struct KernelSymbol {
    std::string name;       // "Kogge_Stone_scan_kernel"
    std::string signature;  // "Kogge_Stone_scan_kernel(float*, float*, int)"
    void* address = nullptr;
};

struct SharedArray {
    std::string name;  // "XY"
    uintptr_t address = 0;
    size_t bytes = 0;
};

struct KernelImage {
    void* handle = nullptr;
    uintptr_t base = 0, end = 0;  // end: past the library's last section  // where the library was loaded: an instruction's address minus this is what addr2line reads
    std::vector<KernelSymbol> kernels;
    std::vector<KernelSymbol> functions;  // the file's other functions (host code), for the entry point
    std::vector<SharedArray> shared;  // sorted by address
    uintptr_t shared_begin = 0, shared_end = 0;
};

// Throws std::runtime_error with a sentence when the file cannot be loaded or read.
KernelImage load_kernel_image(const std::string& path);

}  // namespace scanlab::kernel_tracer
