#pragma once
// `scanlab link`: the web edition's link to a run at a step (core/input/run_link.hpp), for slides
// and course pages; this file only reads the words and prints the link.
#include <string>
#include <vector>

namespace scanlab::cli {

// `args` are the words after "link". Prints errors itself; returns the exit status.
int run_link_command(const std::vector<std::string>& args);

}  // namespace scanlab::cli
