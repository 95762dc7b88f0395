#include "kernel_tracer/host/kernel_compile.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "core/error.hpp"
#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/compile_cache.hpp"
#include "kernel_tracer/host/output_check.hpp"
#include "kernel_tracer/host/sandbox.hpp"

namespace scanlab::kernel_tracer {
namespace {

namespace fs = std::filesystem;

constexpr uint64_t kHeaderBytes = uint64_t(1) << 20, kFolderBytes = uint64_t(16) << 20;
constexpr int kFolderFiles = 256;

// The file's bytes when it is a regular file of at most `cap` bytes: opened without following a
// link and without blocking (a FIFO put in its place between the look and the read is refused).
bool copy_regular(const fs::path& from, const fs::path& to, uint64_t cap) {
    const int fd = ::open(from.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st {};
    std::string bytes;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && uint64_t(st.st_size) <= cap) {
        bytes.resize(size_t(st.st_size));
        size_t got = 0;
        for (ssize_t n; got < bytes.size() && (n = ::read(fd, bytes.data() + got, bytes.size() - got)) > 0;) got += size_t(n);
        bytes.resize(got);
    } else {
        st.st_mode = 0;
    }
    ::close(fd);
    if (!S_ISREG(st.st_mode)) return false;
    std::ofstream(to, std::ios::binary) << bytes;
    return true;
}

[[noreturn]] void stopped(const std::string& file, const std::string& why, const CompileLimits& l) {
    throw ScanError("the compile of " + fs::path(file).filename().string() + " " + why + " and was stopped (a compile may take " +
                    std::to_string(l.seconds) + " s, " + std::to_string(l.memory_bytes >> 20) + " MiB of memory and " +
                    std::to_string(l.file_bytes >> 20) + " MiB per file it writes)");
}

// The compiler's end as a sentence where it passed a limit; "" where it ended by itself.
void throw_if_stopped(const ChildOutcome& run, const std::string& messages, const KernelCompile& c) {
    if (run.cancelled) throw ScanError("the run was cancelled");
    const CompileLimits& l = c.limits;
    if (run.wall_timeout)
        stopped(c.file, "did not end within " + std::to_string(l.seconds) + " s (a template or macro that expands without end?)", l);
    if (run.signal == SIGXCPU || run.signal == SIGKILL) stopped(c.file, "used up its " + std::to_string(l.seconds) + " s of CPU time", l);
    if (run.signal == SIGXFSZ || messages.find("File size limit exceeded") != std::string::npos)
        stopped(c.file, "wrote more than " + std::to_string(l.file_bytes >> 20) + " MiB to one file (an array that large, given values?)",
                l);
    if (messages.find("out of memory") != std::string::npos || messages.find("bad_alloc") != std::string::npos ||
        messages.find("Allocation failed") != std::string::npos || run.signal == SIGSEGV || run.signal == SIGABRT)
        stopped(c.file, "ran out of its " + std::to_string(l.memory_bytes >> 20) + " MiB of memory", l);
    if (messages.find("CPU time limit exceeded") != std::string::npos)
        stopped(c.file, "used up its " + std::to_string(l.seconds) + " s of CPU time", l);
    if (run.signal != 0) stopped(c.file, "ended with signal " + std::to_string(run.signal), l);
}

}  // namespace

void copy_sources(const fs::path& folder, const fs::path& to, const std::string& name, const std::string& text) {
    fs::create_directories(to);
    std::error_code ec;
    uint64_t total = 0;
    int files = 0;
    for (const fs::directory_entry& e : fs::directory_iterator(folder, ec)) {
        const std::string n = e.path().filename().string();
        if (n == name || !is_source_name(n) || files >= kFolderFiles || total >= kFolderBytes) continue;
        if (copy_regular(e.path(), to / n, std::min(kHeaderBytes, kFolderBytes - total))) ++files, total += fs::file_size(to / n, ec);
    }
    std::ofstream(to / name, std::ios::binary) << text;
}

bool is_source_name(const std::string& n) {
    if (n.empty() || n[0] == '.') return false;
    const std::string ext = fs::path(n).extension().string();
    for (const char* e : {".cu", ".cuh", ".h", ".hh", ".hpp", ".hxx", ".inl", ".inc", ".cpp", ".cc", ".cxx", ".c", ".def"})
        if (ext == e) return true;
    return false;
}

CompiledKernel compile_kernel(const KernelCompile& c) {
    CompiledKernel k;
    const fs::path cache = cache_folder(&k.no_cache);
    if (!cache.empty())
        if (k.library = cached_with_dependencies(cache, c.key, ".so"); !k.library.empty()) return k;
    k.compiled = true;

    const fs::path folder = fs::absolute(c.file).parent_path(), copy = c.work / "source", out = c.work / "build";
    const std::string name = fs::path(c.file).filename().string();
    copy_sources(folder, copy, name, c.text);
    fs::create_directories(out);
    // Boxed, the copy is seen where the folder is (so the messages and the debug lines name the file
    // as the student does), and the compiler writes to a folder of the box's own.
    const fs::path seen = !c.boxed ? copy : folder == folder.root_path() ? fs::path("/scanlab-source") : folder;
    const fs::path writes = c.boxed ? fs::path("/scanlab-build") : out;
    std::vector<std::string> argv{c.compiler};
    argv.insert(argv.end(), c.flags.begin(), c.flags.end());
    argv.insert(argv.end(), {"-fno-crash-diagnostics", "-MD", "-MF", (writes / "deps.d").string(), (seen / name).string(), "-o",
                             (writes / "kernel.so").string()});
    if (c.boxed) {
        Box box;
        box.read_only_at.push_back({copy.string(), seen.string()});
        box.read_only = c.shim_folders;
        // A compiler outside /usr (/opt/llvm/bin/clang++) brings its own folder; /bin/clang++ is /usr's.
        std::error_code ec;
        const fs::path compiler = fs::weakly_canonical(c.compiler, ec), home = compiler.parent_path().parent_path();
        if (!compiler.string().starts_with("/usr/") && home.has_relative_path()) box.read_only.push_back(home.string());
        // A folder bound inside the copy (the shim under the kernel's folder) needs its mount point
        // there already: the copy is read-only in the box.
        for (const std::string& inside : box.read_only)
            if (const fs::path rel = fs::path(inside).lexically_relative(seen); !rel.empty() && *rel.begin() != "..")
                fs::create_directories(copy / rel);
        box.writable_at = {{out.string(), writes.string()}};
        // Its temporary object file, before the link, goes there too (the box's /tmp may be the kernel's folder).
        box.env = {{"TMPDIR", writes.string()}};
        box.work_dir = seen.string();
        argv = boxed(argv, box);
    }
    ChildLimits limits;
    limits.cpu_seconds = c.limits.seconds;
    limits.wall_seconds = c.limits.seconds;
    limits.memory_bytes = c.limits.memory_bytes;
    limits.file_bytes = c.limits.file_bytes;
    limits.cancel = c.cancel;
    const std::string said = (c.work / "compile-messages.txt").string();
    ChildOutcome run = run_child(argv, limits, (c.work / "compile-out.txt").string(), said);
    // In the box, the first process of the PID namespace gives the compiler's signal as status 128 + signal.
    if (c.boxed && run.signal == 0 && run.exit_status > 128 && run.exit_status < 128 + 65) run.signal = run.exit_status - 128;
    if (!run.started) throw ScanError("the compiler could not be started");
    if (c.boxed) throw_if_box_failed(run.exit_status, said);
    const std::string messages = head_of(said, size_t(256) << 10);
    throw_if_stopped(run, messages, c);
    if (run.exit_status != 0) {
        k.failed = true;
        k.diagnostics = printable_lines(messages, 400, 1000);
        return k;
    }
    k.library = (out / "kernel.so").string();
    if (cache.empty()) return k;
    // The key covers each file the compile read but the file itself (its text is in c.key), named
    // as the folder's files (the copy's stand for them) and the system's.
    std::vector<std::string> files;
    const std::string copied = seen.string() + (seen == seen.root_path() ? "" : "/");
    for (std::string f : dependency_files(read_file((out / "deps.d").string()))) {
        if (f.starts_with(copied)) f = (folder / f.substr(copied.size())).string();
        if (f != (folder / name).string()) files.push_back(f);
    }
    std::string kept;
    if (keep_with_dependencies(cache, c.key, ".so", k.library, files, kept).empty()) k.library = kept;
    return k;
}

}  // namespace scanlab::kernel_tracer
