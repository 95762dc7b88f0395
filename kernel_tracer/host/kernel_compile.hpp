#pragma once
// A student's file compiled by clang++ into the library the runner loads: in the sandbox
// (sandbox.hpp), under limits, from a copy of the kernel's folder that holds only its regular
// source and header files, and kept in the compile cache under a key of every file it read.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace scanlab::kernel_tracer {

// What a compile may take: the compiler's wall clock and CPU time, its memory, the size of each
// file it writes (the library, its messages).
struct CompileLimits {
    int seconds = 20;
    uint64_t memory_bytes = uint64_t(2) << 30;
    uint64_t file_bytes = uint64_t(64) << 20;
};

struct KernelCompile {
    std::string compiler;
    std::vector<std::string> flags;
    std::string file;  // the student's file, as named (its folder is the one copied)
    std::string text;  // what is compiled as that file (its launches rewritten, or as it is)
    uint64_t key = 0;  // the source, the compiler, its flags and the shim
    std::filesystem::path work;  // the run's own folder
    std::vector<std::string> shim_folders;  // seen read-only in the box, for -I and -include
    bool boxed = true;  // false: --trust, with no sandbox
    CompileLimits limits;
    const std::atomic<bool>* cancel = nullptr;
};

struct CompiledKernel {
    std::string library;  // the compiled library (in the cache, else in the run's folder)
    bool compiled = false;  // false: the cache held it
    bool failed = false;  // the compiler's messages are in `diagnostics`
    std::string diagnostics;  // capped, control characters escaped
    std::string no_cache;  // why the compile cache was not used (cache_folder()), or ""
};

// The headers a kernel's folder may hold that its file can #include (copied into the box).
bool is_source_name(const std::string& file_name);

// The kernel's folder as the compiler sees it, copied to `to`: its regular source and header files
// (no links, no FIFOs or devices, no hidden files, none larger than 1 MiB, at most 256 and 16 MiB in
// all), and the file `name` itself as `text`.
void copy_sources(const std::filesystem::path& folder, const std::filesystem::path& to, const std::string& name, const std::string& text);

// Compiles (or finds in the cache) the library. Throws ScanError with a sentence when the compile
// passed a limit or was cancelled; a compile that failed is `failed` with the compiler's messages.
CompiledKernel compile_kernel(const KernelCompile& c);

}  // namespace scanlab::kernel_tracer
