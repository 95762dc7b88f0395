#pragma once
// `scanlab` with no arguments starts the desktop app, and `scanlab shot ...` renders one of its
// views: both run scanlab-app, found next to this executable, so `scanlab` itself needs no GL.
#include <string>
#include <vector>

namespace scanlab::cli {

// Replaces this process with scanlab-app (`mode` first: "--shot", "--export"; none: the app itself).
// Returns only on failure, with the exit status, after printing a sentence: no scanlab-app, no
// display, or exec failed.
int exec_app(const std::vector<std::string>& args, const char* mode = nullptr);

}  // namespace scanlab::cli
