#include "app/cli/launch_app.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

namespace scanlab::cli {

int exec_app(const std::vector<std::string>& args, const char* mode) {
    const bool shot = mode != nullptr;
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::filesystem::path app = (ec ? std::filesystem::path(".") : self.parent_path()) / "scanlab-app";
    if (!std::filesystem::exists(app, ec)) {
        std::cerr << "scanlab: error: the desktop app is not installed: there is no scanlab-app next to scanlab (in "
                  << app.parent_path().string() << "). Build it with: bash tools/run.sh (it needs libglfw3-dev, "
                  << "libimgui-dev and libstb-dev). The trace and scan commands work without it (see scanlab --help).\n";
        return 1;
    }
    // `scanlab shot` and `scanlab export` render without a display (through EGL); the app itself needs a window.
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    bool help = false;
    for (const std::string& a : args) help = help || a == "--help" || a == "-h";
    if (!shot && (!display || !*display) && (!wayland || !*wayland) && !help) {
        std::cerr << "scanlab: error: no display: the desktop app needs a window system, and DISPLAY is not set. "
                  << "On a machine without one, scanlab shot renders any view to a PNG "
                  << "(scanlab shot --algo hierarchical --preset fig9.10 --step 3 --out fig.png), "
                  << "and the trace and scan commands need no display (see scanlab --help).\n";
        return 1;
    }
    std::vector<std::string> words{app.string()};
    if (shot) words.push_back(mode);
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    execv(app.c_str(), argv.data());
    std::cerr << "scanlab: error: could not start " << app.string() << ": " << std::strerror(errno) << "\n";
    return 1;
}

}  // namespace scanlab::cli
