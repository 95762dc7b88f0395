#pragma once
// Every file Scan Lab writes (traces, benchmark JSON and CSV, PNG shots and screenshots, the
// app's settings) is written all or nothing: into a fresh temporary beside the target, created
// exclusively and never through an existing link, every write, fsync and close checked, then
// renamed over the target. A failed or interrupted save leaves the old file as it was and no
// temporary behind.
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace scanlab {

// Writes `path` with `write`. Throws ScanError "cannot save WHAT to 'PATH': REASON" on any failure
// (`write` may throw too; the temporary is removed either way).
void save_file_atomically(const std::string& path, std::string_view what, const std::function<void(std::ostream&)>& write);

// Removes the temporary of a save under way, if any. Safe to call from a signal handler, so an
// interrupted program leaves no temporary behind either.
void remove_unfinished_save();

}  // namespace scanlab
