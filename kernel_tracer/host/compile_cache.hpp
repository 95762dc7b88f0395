#pragma once
// Where compiled kernels are kept between runs (clang++'s library for the CPU run, nvcc's program
// for the device check), named by a hash of everything that went into them.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace scanlab::kernel_tracer {

// FNV-1a: a key that is the same in every build.
uint64_t fnv1a(const std::string& text, uint64_t h = 1469598103934665603ull);

// "0123456789abcdef": the key as a file name.
std::string hex_key(uint64_t key);

// $XDG_CACHE_HOME/scanlab/kernels (else ~/.cache/scanlab/kernels), made 0700; empty (and `why`
// says why) where there is no such folder, or it is not a folder of this user's that no one else
// can write. There is no shared fallback: without it, each run compiles into its own folder.
std::filesystem::path cache_folder(std::string* why = nullptr);

// The cache's size cap: after a build is kept, the least recently used files go until the folder
// holds at most this much.
inline constexpr uint64_t kCacheCapBytes = uint64_t(256) << 20;
void evict_least_recent(const std::filesystem::path& cache, uint64_t cap_bytes);

// A build that read other files than its source (the #includes clang's dependency list names) is
// kept under a key of its own source and flags (`base`) and of what each of those files holds now:
// `base.deps` lists them, and the build is `key.suffix`, key = with_dependencies(base, files).
uint64_t with_dependencies(uint64_t base, const std::vector<std::string>& files);
// The kept build for `base` whose files are as they were, or "" (a hit is marked used, for the cap).
std::string cached_with_dependencies(const std::filesystem::path& cache, uint64_t base, const std::string& suffix);
// Moves `built` into the cache under its key and writes the list; "" or "FOLDER: why" it was not kept.
std::string keep_with_dependencies(const std::filesystem::path& cache, uint64_t base, const std::string& suffix, const std::string& built,
                                   const std::vector<std::string>& files, std::string& kept_path);

// The files a make-style dependency list (clang's -MD -MF) names, its target left out.
std::vector<std::string> dependency_files(const std::string& make_rule);

// What compile_cached() found or did.
struct CachedBuild {
    std::string path;  // the compiled file: in the cache folder, else in the run's own folder
    bool compiled = false;  // false: the cache already held it
    int status = 0;  // the compiler's exit status; not 0: nothing was kept
    std::string diagnostics;  // the compiler's messages
    std::string not_kept;  // "FOLDER: why" where the compiled file could not be moved into place, else ""
};

struct CompileCommand {
    std::string compiler;
    const std::vector<std::string>& flags;
    std::string source;
    // Set: the command as run in a box (device_box.hpp), which writes its output to `box_output`
    // (in a folder the box may write), copied into the cache once it is whole.
    std::function<std::vector<std::string>(const std::vector<std::string>&)> box = {};
    std::string box_output = {};
};
// The file named by `key` (and `suffix`, ".so" or ".gpu") in cache_folder(), else in `fallback`,
// compiled there by `compiler flags... source -o FILE` (under limits: 60 s, 256 MiB per file; its
// messages, capped and escaped, in `fallback`) unless it is there already. The compiler writes
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
