#include "kernel_tracer/host/compile_cache.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "kernel_tracer/host/child_process.hpp"

namespace scanlab::kernel_tracer {

namespace fs = std::filesystem;

uint64_t fnv1a(const std::string& text, uint64_t h) {
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

std::string hex_key(uint64_t key) {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(key));
    return hex;
}

fs::path cache_folder() {
    std::error_code ec;
    std::vector<fs::path> tries;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) tries.push_back(fs::path(xdg) / "scanlab" / "kernels");
    if (const char* home = std::getenv("HOME"); home && *home) tries.push_back(fs::path(home) / ".cache" / "scanlab" / "kernels");
    tries.push_back(fs::temp_directory_path(ec) / "scanlab-kernels");
    for (const fs::path& p : tries) {
        fs::create_directories(p, ec);
        if (fs::is_directory(p, ec) && ::access(p.c_str(), W_OK) == 0) return p;
    }
    return {};
}

CachedBuild compile_cached(uint64_t key, const std::string& suffix, const fs::path& fallback, const CompileCommand& c) {
    const fs::path cache = cache_folder();
    CachedBuild b;
    b.path = ((cache.empty() ? fallback : cache) / (hex_key(key) + suffix)).string();
    std::error_code ec;
    if (fs::is_regular_file(b.path, ec)) return b;
    b.compiled = true;
    const std::string building = b.path + ".part" + std::to_string(::getpid());
    std::vector<std::string> argv{c.compiler};
    argv.insert(argv.end(), c.flags.begin(), c.flags.end());
    argv.insert(argv.end(), {c.source, "-o", building});
    b.diagnostics = run_tool(argv, b.status);
    if (b.status != 0) {
        fs::remove(building, ec);
        return b;
    }
    fs::rename(building, b.path, ec);
    if (ec) b.not_kept = cache.string() + ": " + ec.message();
    return b;
}

TempDir::TempDir() {
    std::string pattern = (fs::temp_directory_path() / "scanlab-kernel-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw ScanError("could not make a folder for the compiled kernel in " + fs::temp_directory_path().string());
    path = pattern;
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace scanlab::kernel_tracer
