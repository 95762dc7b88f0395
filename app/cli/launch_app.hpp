#pragma once
// `scanlab` with no arguments starts the desktop app, and `scanlab shot ...` renders one of its
// views: both run scanlab-app, found next to this executable, so `scanlab` itself needs no GL.
#include <string>
#include <vector>

namespace scanlab::cli {

// Replaces this process with scanlab-app (`--shot` first when `shot`). Returns only on failure,
// with the exit status, after printing a sentence: no scanlab-app, no display, or exec failed.
int exec_app(const std::vector<std::string>& args, bool shot = false);

}  // namespace scanlab::cli
