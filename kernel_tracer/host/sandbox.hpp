#pragma once
// The box a student's file is compiled and run in: Debian's bubblewrap (`bwrap`, what Flatpak
// uses) puts the command in its own user, mount, network, PID, IPC, UTS and cgroup namespaces, in
// its own session, with a clean environment and no capabilities. It sees the system folder (/usr)
// read-only, the paths the caller names (read-only or writable), a small private /tmp, and nothing
// else: no $HOME, no /etc, no /proc, no devices, no network. When the command ends, its PID
// namespace ends, and with it every process it left. docs/your-kernel.md says why bwrap was chosen
// (measured against doing the same with clone/unshare in the runner) and what the box cannot do.
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace scanlab::kernel_tracer {

struct Box {
    std::vector<std::string> read_only;  // absolute paths, seen at the same place, read-only
    std::vector<std::pair<std::string, std::string>> read_only_at;  // (path here, place in the box), read-only
    std::vector<std::string> writable;  // absolute paths, seen at the same place, writable
    std::vector<std::pair<std::string, std::string>> writable_at;  // (path here, place in the box), writable
    std::string work_dir;  // the command's working folder (made empty where not bound); "": /
    std::vector<std::pair<std::string, std::string>> env;  // its environment, besides PATH and LC_ALL
    uint64_t tmp_bytes = uint64_t(64) << 20;  // the size of the box's private /tmp
    // The device check's box (device_box.hpp) sees more: device nodes bound as they are (the GPU's)
    // in a /dev of its own, a /proc of its PID namespace, and /sys read-only.
    std::vector<std::string> devices;
    bool proc = false;
    bool sys = false;
};

// `argv` as run in `box`: bwrap's words, then argv. Needs bwrap (box_unavailable() says "").
std::vector<std::string> boxed(const std::vector<std::string>& argv, const Box& box);

// Why no box can be made here, one sentence ("bubblewrap is not installed ...", "this system
// forbids ... namespaces ..."), or "" when one can. Asked once per process: a box made and ended at
// once (about as long as a run's own box takes), unless one was made since the machine started.
std::string box_unavailable();

// The cache folder's note that a box was made (removed when a box could not be made after all).
std::filesystem::path box_made_note();

// Where bwrap itself could not make a run's box (status 1, its own "bwrap: ..." on standard error,
// in `stderr_path`): the note goes, so the next run asks again, and a ScanError says so.
void throw_if_box_failed(int exit_status, const std::string& stderr_path);

// The sentence the CLI says (and the app shows) when a file would run with no box: what the box
// is missing, and what --trust does. It begins with kNoSandbox.
inline constexpr const char* kNoSandbox = "a kernel file runs in a sandbox, and none can be made here";
std::string no_box_refusal(const std::string& why);

}  // namespace scanlab::kernel_tracer
