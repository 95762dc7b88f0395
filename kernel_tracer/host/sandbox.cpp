#include "kernel_tracer/host/sandbox.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/compile_cache.hpp"
#include "kernel_tracer/host/output_check.hpp"

namespace scanlab::kernel_tracer {
namespace {

namespace fs = std::filesystem;

// Found on PATH, as the compiler is.
const std::string& bwrap_path() {
    static const std::string path = find_on_path({"bwrap"});
    return path;
}

// The system folder, and the top-level links into it (/lib -> usr/lib on a merged /usr), read-only.
void add_system(std::vector<std::string>& w) {
    w.insert(w.end(), {"--ro-bind", "/usr", "/usr"});
    for (const char* top : {"/bin", "/sbin", "/lib", "/lib32", "/lib64"}) {
        std::error_code ec;
        const fs::file_status s = fs::symlink_status(top, ec);
        if (ec || !fs::exists(s)) continue;
        if (fs::is_symlink(s))
            w.insert(w.end(), {"--symlink", fs::read_symlink(top, ec).string(), top});
        else
            w.insert(w.end(), {"--ro-bind", top, top});
    }
    // The dynamic loader's list of library folders: a file of folder names, nothing private.
    if (::access("/etc/ld.so.cache", R_OK) == 0) w.insert(w.end(), {"--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"});
}

// What a box made once vouches for until the machine restarts or bwrap changes: the boot, and bwrap's file.
std::string box_made_stamp() {
    std::error_code ec;
    const fs::path bwrap = bwrap_path();
    return read_file("/proc/sys/kernel/random/boot_id") + bwrap.string() + " " + std::to_string(fs::file_size(bwrap, ec)) + " " +
           std::to_string(fs::last_write_time(bwrap, ec).time_since_epoch().count()) + "\n";
}

// Each bind of the box, a folder before anything bound inside it: bwrap mounts in the order given,
// and a later mount hides what lies under it. (A kernel in /tmp itself has its copy bound at /tmp;
// the shim, in a checkout under /tmp, must then be bound after it, not hidden by it.)
void add_binds(std::vector<std::string>& w, const Box& box) {
    struct Bind {
        const char* flag;
        std::string here, there;
    };
    std::vector<Bind> binds;
    for (const std::string& p : box.read_only) binds.push_back({"--ro-bind", p, p});
    for (const auto& [here, there] : box.read_only_at) binds.push_back({"--ro-bind", here, there});
    for (const std::string& p : box.writable) binds.push_back({"--bind", p, p});
    for (const auto& [here, there] : box.writable_at) binds.push_back({"--bind", here, there});
    auto depth = [](const std::string& p) {
        const fs::path normal = fs::path(p).lexically_normal();
        return std::distance(normal.begin(), normal.end());
    };
    std::stable_sort(binds.begin(), binds.end(), [&](const Bind& a, const Bind& b) { return depth(a.there) < depth(b.there); });
    for (const Bind& b : binds) w.insert(w.end(), {b.flag, b.here, b.there});
}

}  // namespace

std::vector<std::string> boxed(const std::vector<std::string>& argv, const Box& box) {
    std::vector<std::string> w{bwrap_path(),
                               // A user namespace is required (not "try"): without it, as root, the others would be root's own.
                               "--unshare-user", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
                               "--disable-userns", "--die-with-parent", "--new-session", "--clearenv", "--cap-drop", "ALL", "--setenv",
                               "PATH", "/usr/bin:/bin", "--setenv", "LC_ALL", "C"};
    add_system(w);
    w.insert(w.end(), {"--size", std::to_string(box.tmp_bytes), "--tmpfs", "/tmp"});
    if (box.proc) w.insert(w.end(), {"--proc", "/proc"});
    if (box.sys) w.insert(w.end(), {"--ro-bind", "/sys", "/sys"});
    // A /dev of the box's own (null, zero, random, ...), then each device node named, as it is.
    if (!box.devices.empty()) w.insert(w.end(), {"--dev", "/dev"});
    for (const std::string& d : box.devices) w.insert(w.end(), {"--dev-bind", d, d});
    add_binds(w, box);
    for (const auto& [name, value] : box.env) w.insert(w.end(), {"--setenv", name, value});
    if (!box.work_dir.empty()) w.insert(w.end(), {"--dir", box.work_dir, "--chdir", box.work_dir});
    w.push_back("--");
    w.insert(w.end(), argv.begin(), argv.end());
    return w;
}

fs::path box_made_note() {
    const fs::path cache = cache_folder();
    return cache.empty() ? fs::path() : cache / "sandbox-made";
}

std::string box_unavailable() {
    static const std::string why = []() -> std::string {
        if (bwrap_path().empty()) return "bubblewrap is not installed (Debian's package bubblewrap: apt-get install bubblewrap)";
        // A box made since the machine started is noted in the user's own cache folder, so a cached
        // re-run makes only its runner's box (docs/your-kernel.md measures both).
        const fs::path note = box_made_note();
        const std::string stamp = box_made_stamp();
        if (!note.empty() && read_file(note.string()) == stamp) return "";
        int status = -1;
        const std::string said = run_tool(boxed({"/usr/bin/true"}, Box{}), status);
        if (status == 0) {
            if (!note.empty()) std::ofstream(note, std::ios::trunc) << stamp;
            return "";
        }
        std::string first = said.substr(0, said.find('\n'));
        return "bubblewrap could not make a box here (" + printable(first, 200) +
               "): this system or container forbids the unprivileged user namespaces a box needs";
    }();
    return why;
}

void throw_if_box_failed(int exit_status, const std::string& stderr_path) {
    if (exit_status != 1) return;
    const std::string said = head_of(stderr_path, 400);
    if (!said.starts_with("bwrap: ")) return;
    std::error_code ec;
    if (const fs::path note = box_made_note(); !note.empty()) fs::remove(note, ec);
    throw ScanError("the sandbox could not be made for this run (" + printable(said.substr(0, said.find('\n')), 200) +
                    "); run it again, and it is asked afresh whether one can be made here");
}

std::string no_box_refusal(const std::string& why) {
    return std::string(kNoSandbox) + ": " + why +
           "; --trust runs it without one, as a program of yours with all your rights (your files, your network), "
           "so give it only for a file you wrote yourself or trust";
}

}  // namespace scanlab::kernel_tracer
