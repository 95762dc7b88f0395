#pragma once
// Where compiled kernels are kept between runs (clang++'s library for the CPU run, nvcc's program
// for the device check), named by a hash of everything that went into them.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace scanlab::kernel_tracer {

// FNV-1a: a key that is the same in every build.
uint64_t fnv1a(const std::string& text, uint64_t h = 1469598103934665603ull);

// "0123456789abcdef": the key as a file name.
std::string hex_key(uint64_t key);

// $XDG_CACHE_HOME/scanlab/kernels (else ~/.cache/scanlab/kernels), else a folder in the temporary
// directory; empty when none can be written.
std::filesystem::path cache_folder();

// What compile_cached() found or did.
struct CachedBuild {
    std::string path;          // the compiled file: in the cache folder, else in the run's own folder
    bool compiled = false;     // false: the cache already held it
    int status = 0;            // the compiler's exit status; not 0: nothing was kept
    std::string diagnostics;   // the compiler's messages
    std::string not_kept;      // "FOLDER: why" where the compiled file could not be moved into place, else ""
};

struct CompileCommand {
    std::string compiler;
    const std::vector<std::string>& flags;
    std::string source;
};
// The file named by `key` (and `suffix`, ".so" or ".gpu") in cache_folder(), else in `fallback`,
// compiled there by `compiler flags... source -o FILE` unless it is there already. The compiler writes
// a file of its own, renamed into place whole: another run may be reading the cache.
CachedBuild compile_cached(uint64_t key, const std::string& suffix, const std::filesystem::path& fallback, const CompileCommand& c);

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
