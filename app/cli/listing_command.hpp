#pragma once
// `scanlab listing`: the teaching listings (core/lesson/listings.hpp) the app's source pane shows, listed,
// or the one a run of an algorithm shows, printed; this file only reads the words and prints.
#include <string>
#include <vector>

namespace scanlab::cli {

// `args` are the words after "listing". Prints errors itself; returns the exit status.
int run_listing_command(const std::vector<std::string>& args);

}  // namespace scanlab::cli
