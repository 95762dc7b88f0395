#pragma once
// `scanlab lesson check FILE...` and `scanlab lesson show FILE [--slide K]`: a lesson held against
// its runs, or one slide printed with its numbers filled in (core/course/); this file only reads
// the words and prints.
#include <string>
#include <vector>

namespace scanlab::cli {

// `args` are the words after "lesson". Prints errors itself; returns the exit status.
int run_lesson_command(const std::vector<std::string>& args);

}  // namespace scanlab::cli
