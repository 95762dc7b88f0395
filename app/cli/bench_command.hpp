#pragma once
// `scanlab bench`: the scan benchmark (kernels/bench/bench.hpp) from the command line. It parses
// its own options, prints the table and the summary, and writes --json / --csv.
#include <string>
#include <vector>

namespace scanlab::cli {

// `args` are the words after "bench". Prints errors itself ("scanlab: error: ..."); returns the
// exit status: 0 when every output was right, 1 when a check failed or the GPU cannot run it,
// 2 for bad words.
int run_bench_command(const std::vector<std::string>& args);

std::string bench_usage_text();

}  // namespace scanlab::cli
