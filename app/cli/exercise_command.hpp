#pragma once
// `scanlab exercise [N]`: the chapter's exercises listed, or one answered from real runs
// (core/lesson/exercises.hpp); this file only reads the words and prints.
#include <string>
#include <vector>

namespace scanlab::cli {

// `args` are the words after "exercise". Prints errors itself; returns the exit status.
int run_exercise_command(const std::vector<std::string>& args);

}  // namespace scanlab::cli
