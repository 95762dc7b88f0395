#pragma once
// How every `scanlab` command ends on a refusal: one sentence on stderr and an exit status that
// says which kind (2: the words were wrong; 1: the run was refused, failed or ran out of memory).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/input/run_words.hpp"

namespace scanlab::cli {

// `status` when everything written to standard output reached it; else 1, with the sentence why
// (a full disk, a closed pipe): a command never exits 0 over output that was lost.
inline int with_output_written(int status) {
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        const int err = errno;
        std::cerr << "scanlab: error: could not write the output to standard output"
                  << (err ? std::string(": ") + (err == ENOSPC ? "the disk is full" : std::strerror(err)) : std::string()) << "\n";
        return 1;
    }
    return status;
}

// Runs `command` (which returns the exit status) and turns what it throws into that sentence;
// `out_of_memory` is the advice for a failed allocation ("out of memory; try a smaller N").
template <class Command>
int with_error_sentences(Command&& command, std::string_view out_of_memory) {
    try {
        return command();
    } catch (const UsageError& e) {
        std::cerr << "scanlab: error: " << e.what() << "\n";
        return 2;
    } catch (const ScanError& e) {
        std::cerr << "scanlab: error: " << e.what() << "\n";
        return 1;
    } catch (const std::bad_alloc&) {
        std::cerr << "scanlab: error: " << out_of_memory << "\n";
        return 1;
    }
}

}  // namespace scanlab::cli
