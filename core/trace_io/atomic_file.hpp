#pragma once
// Every file Scan Lab writes (traces, benchmark JSON and CSV, PNG shots and screenshots, the
// app's settings and panel layout) goes through save_file_atomically, which respects what is
// already at the target path:
// - nothing, or a regular file: written all or nothing, into a fresh temporary beside it (created
//   exclusively and never through an existing link), every write, fsync and close checked, then
//   renamed over it, keeping the old file's permissions. A failed or interrupted save leaves the
//   old file as it was and no temporary behind.
// - a symbolic link: followed; the file it names is saved as above, in that file's own folder,
//   and the link stays a link.
// - a character device, a named pipe or a socket (/dev/stdout, a terminal, `mkfifo`): written
//   through, never replaced. A pipe nobody reads is refused rather than waited on.
// - anything else (a folder, a block device): a sentence, and nothing is written.
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
