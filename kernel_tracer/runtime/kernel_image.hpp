#pragma once
// The student's compiled kernel file, loaded: its __global__ kernels and its __shared__ arrays,
// read from the library's own symbol table (the shim puts each in a section of its own).
#include <cstdint>
#include <string>
#include <vector>

namespace scanlab::kernel_tracer {

struct KernelSymbol {
    std::string name;  // "Kogge_Stone_scan_kernel"
    std::string signature;  // "Kogge_Stone_scan_kernel(float*, float*, int)"
    void* address = nullptr;
};

struct SharedArray {
    std::string name;  // "XY"
    uintptr_t address = 0;
    size_t bytes = 0;
    bool dynamic = false;  // `extern __shared__`: its bytes are the launch's (runner_main.cpp sets them)
};

// An address range of the library: a variable of its own (a __device__ or __constant__ one), or
// a section that holds them.
struct Range {
    uintptr_t address = 0;
    size_t bytes = 0;
};

struct KernelImage {
    void* handle = nullptr;
    uintptr_t
        base = 0,
        end =
            0;  // end: past the library's last section  // where the library was loaded: an instruction's address minus this is what addr2line reads
    std::vector<KernelSymbol> kernels;
    std::vector<KernelSymbol> functions;  // the file's other functions (host code), for the entry point
    std::vector<SharedArray> shared;  // sorted by address
    uintptr_t shared_begin = 0, shared_end = 0;
    std::vector<Range> variables;  // the file's other variables, sorted: never a shared array's out-of-bounds access
    std::vector<Range> data;  // .data and .bss: kept before a run and put back before a replay
    int section_size = 0;  // the SECTION_SIZE the file was compiled with
};

// Throws std::runtime_error with a sentence when the file cannot be loaded or read.
KernelImage load_kernel_image(const std::string& path);

}  // namespace scanlab::kernel_tracer
