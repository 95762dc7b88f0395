#pragma once
// Where compiled kernels are kept between runs (clang++'s library for the CPU run, nvcc's program
// for the device check), named by a hash of everything that went into them.
#include <cstdint>
#include <filesystem>
#include <string>

namespace scanlab::kernel_tracer {

// FNV-1a: a key that is the same in every build.
uint64_t fnv1a(const std::string& text, uint64_t h = 1469598103934665603ull);

// "0123456789abcdef": the key as a file name.
std::string hex_key(uint64_t key);

// $XDG_CACHE_HOME/scanlab/kernels (else ~/.cache/scanlab/kernels), else a folder in the temporary
// directory; empty when none can be written.
std::filesystem::path cache_folder();

// A folder of the temporary directory for one run's files, removed with everything in it at the
// end. Throws ScanError when none can be made.
struct TempDir {
    std::filesystem::path path;
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

// The whole file, or "" when it cannot be read.
std::string read_file(const std::string& path);

}  // namespace scanlab::kernel_tracer
