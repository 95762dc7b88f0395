#include "kernel_tracer/host/compile_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/output_check.hpp"

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

namespace {

// A folder of this user's that no other user can write (a sticky one, as /tmp, aside).
bool others_cannot_write(const fs::path& p, std::string& why) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) return why = p.string() + " cannot be read", false;
    if (!S_ISDIR(st.st_mode)) return why = p.string() + " is not a folder", false;
    if (st.st_uid != ::geteuid()) return why = p.string() + " belongs to another user", false;
    if ((st.st_mode & 022) && !(st.st_mode & S_ISVTX)) return why = p.string() + " can be written by other users", false;
    return true;
}

}  // namespace

fs::path cache_folder(std::string* why) {
    std::string said;
    fs::path root;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
        root = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home == '/')
        root = fs::path(home) / ".cache";
    else
        said = "neither XDG_CACHE_HOME nor HOME names a folder";
    fs::path p;
    if (!root.empty()) {
        std::error_code ec;
        fs::create_directories(root / "scanlab", ec);
        p = root / "scanlab" / "kernels";
        ::mkdir(p.c_str(), 0700);
        // Made by an older Scan Lab with the umask's modes: only its owner keeps it, and closes it.
        struct stat st {};
        // (One that others could write is refused below: files may have been planted in it.)
        if (::lstat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid() && (st.st_mode & 077) && !(st.st_mode & 022))
            ::chmod(p.c_str(), 0700);
        if (!others_cannot_write(root / "scanlab", said) || !others_cannot_write(p, said)) p.clear();
    }
    if (why) *why = said;
    return p;
}

void evict_least_recent(const fs::path& cache, uint64_t cap_bytes) {
    struct Entry {
        fs::path path;
        uint64_t bytes;
        fs::file_time_type used;
    };
    std::vector<Entry> entries;
    uint64_t total = 0;
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(cache, ec)) {
        if (!e.is_regular_file(ec)) continue;
        const uint64_t bytes = e.file_size(ec);
        entries.push_back({e.path(), bytes, e.last_write_time(ec)});
        total += bytes;
    }
    if (total <= cap_bytes) return;
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
    for (const Entry& e : entries) {
        if (total <= cap_bytes) break;
        if (fs::remove(e.path, ec)) total -= e.bytes;
    }
}

uint64_t with_dependencies(uint64_t base, const std::vector<std::string>& files) {
    uint64_t key = base;
    for (const std::string& f : files) {
        key = fnv1a(f + "\n", key);
        // The system's headers change only with its packages: their size and time say so at once.
        // Every other file (the kernel's folder, the shim) is read.
        std::error_code ec;
        if (f.starts_with("/usr/")) {
            const auto bytes = fs::file_size(f, ec);
            const auto when = fs::last_write_time(f, ec).time_since_epoch().count();
            key = fnv1a(ec ? "missing" : std::to_string(bytes) + " " + std::to_string(when), key);
        } else {
            key = fnv1a(fs::is_regular_file(f, ec) ? "file " + read_file(f) : "missing", key);
        }
    }
    return key;
}

std::string cached_with_dependencies(const fs::path& cache, uint64_t base, const std::string& suffix) {
    std::ifstream list(cache / (hex_key(base) + ".deps"));
    if (!list) return "";
    std::vector<std::string> files;
    for (std::string line; std::getline(list, line);) files.push_back(line);
    const fs::path built = cache / (hex_key(with_dependencies(base, files)) + suffix);
    std::error_code ec;
    if (!fs::is_regular_file(built, ec)) return "";
    fs::last_write_time(built, fs::file_time_type::clock::now(), ec);
    return built.string();
}

std::string keep_with_dependencies(const fs::path& cache, uint64_t base, const std::string& suffix, const std::string& built,
                                   const std::vector<std::string>& files, std::string& kept_path) {
    std::error_code ec;
    const fs::path to = cache / (hex_key(with_dependencies(base, files)) + suffix);
    const fs::path list = cache / (hex_key(base) + ".deps");
    const std::string part = ".part" + std::to_string(::getpid());
    {
        std::ofstream out(list.string() + part, std::ios::binary | std::ios::trunc);
        for (const std::string& f : files) out << f << "\n";
        if (!out) return cache.string() + ": the list of the build's files could not be written";
    }
    // Copied in beside, then renamed whole: another run may be reading the cache.
    fs::copy_file(built, to.string() + part, fs::copy_options::overwrite_existing, ec);
    if (!ec) fs::rename(to.string() + part, to, ec);
    if (!ec) fs::rename(list.string() + part, list, ec);
    if (ec) {
        fs::remove(to.string() + part, ec), fs::remove(list.string() + part, ec);
        return cache.string() + ": " + ec.message();
    }
    kept_path = to.string();
    evict_least_recent(cache, kCacheCapBytes);
    return "";
}

std::vector<std::string> dependency_files(const std::string& make_rule) {
    // "target: a.cu b.h \\" and the next line go on with the list; a space within a name is written "\\ ".
    std::vector<std::string> files;
    const size_t colon = make_rule.find(": ");
    std::string name;
    auto end_name = [&] {
        if (!name.empty()) files.push_back(name);
        name.clear();
    };
    for (size_t i = colon == std::string::npos ? make_rule.size() : colon + 2; i < make_rule.size(); ++i) {
        const char c = make_rule[i];
        if (c == '\\' && i + 1 < make_rule.size() && make_rule[i + 1] == ' ')
            name += ' ', ++i;
        else if (c == '\\' && i + 1 < make_rule.size() && make_rule[i + 1] == '\n')
            end_name(), ++i;
        else if (c == ' ' || c == '\n' || c == '\t')
            end_name();
        else
            name += c;
    }
    end_name();
    return files;
}

CachedBuild compile_cached(uint64_t key, const std::string& suffix, const fs::path& fallback, const CompileCommand& c) {
    const fs::path cache = cache_folder();
    CachedBuild b;
    b.path = ((cache.empty() ? fallback : cache) / (hex_key(key) + suffix)).string();
    std::error_code ec;
    if (fs::is_regular_file(b.path, ec)) {
        fs::last_write_time(b.path, fs::file_time_type::clock::now(), ec);  // used: the last the cap removes
        return b;
    }
    b.compiled = true;
    const std::string building = b.path + ".part" + std::to_string(::getpid());
    std::vector<std::string> argv{c.compiler};
    argv.insert(argv.end(), c.flags.begin(), c.flags.end());
    argv.insert(argv.end(), {c.source, "-o", c.box ? c.box_output : building});
    if (c.box) argv = c.box(argv);
    // Under limits, as the CPU run's compile (kernel_compile.hpp): a header that hangs it (a FIFO)
    // or expands without end is stopped. No memory limit: nvcc's own programs reserve much address space.
    ChildLimits limits;
    limits.cpu_seconds = 60;
    limits.wall_seconds = 60;
    limits.memory_bytes = ~uint64_t(0);
    limits.file_bytes = uint64_t(256) << 20;
    const std::string out = (fallback / "compile-out.txt").string(), err = (fallback / "compile-messages.txt").string();
    const ChildOutcome run = run_child(argv, limits, out, err);
    b.status = run.exit_status == 0 && run.signal == 0 && !run.wall_timeout ? 0 : 1;
    b.diagnostics = printable_lines(head_of(out, size_t(64) << 10) + head_of(err, size_t(256) << 10), 400, 1000);
    if (run.wall_timeout || run.signal != 0) b.diagnostics += "(the compile was stopped: it may take 60 s and write 256 MiB per file)\n";
    if (b.status == 0 && c.box) fs::copy_file(c.box_output, building, fs::copy_options::overwrite_existing, ec), b.status = ec ? 1 : 0;
    if (b.status != 0) {
        fs::remove(building, ec);
        return b;
    }
    fs::rename(building, b.path, ec);
    if (ec) b.not_kept = cache.string() + ": " + ec.message();
    if (!cache.empty()) evict_least_recent(cache, kCacheCapBytes);
    return b;
}

TempDir::TempDir() {
    std::string pattern = (fs::temp_directory_path() / "scanlab-kernel-XXXXXX").string();
    if (!mkdtemp(pattern.data()))
        throw ScanError("could not make a folder for the compiled kernel in " + fs::temp_directory_path().string());
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
