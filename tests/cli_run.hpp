#pragma once
// Runs the `scanlab` binary as a user would, and hands back what it said and how it ended.
#include <string>
#include <vector>

struct CliResult {
    int exit_code = -1;  // the exit status; 128 + signal number if the process was killed by a signal
    std::string out;  // everything written to stdout
    std::string err;  // everything written to stderr
    long peak_rss_kib = 0;  // this process's peak resident memory (not any other child's)
};

// Runs SCANLAB_EXE with `args` (argv[1..]) and `stdin_text` on its standard input, no shell in between.
CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text = "");
