#pragma once
// The `scanlab` command line: the command, its own flags, and the run the rest of the words
// state (core/input/run_words.hpp, which `scanlab shot` shares). The core resolves the run, so the CLI
// and the app refuse the same things.
#include <string>
#include <vector>

#include "core/input/run_words.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"

namespace scanlab::cli {

enum class Command { help, version, app, trace, scan, shot, export_ };
enum class Format { table, json };

struct Options {
    Command command = Command::help;
    RunSpec run;
    Format format = Format::table;
    bool explain = false;  // trace: each step's explanation under its row
    std::vector<std::string> app_args;  // app, shot and export: handed to scanlab-app unread
    // trace and scan --kernel FILE.cu: a student's kernel (app/cli/kernel_command.hpp), with the run's
    // words but the kernel's own flags and the output's; it also runs on the GPU where there is one
    // (--no-device-check: not). Set member by member: a designated initializer naming one field is
    // what -Wmissing-field-initializers warns of, though the others have their defaults.
    kernel_tracer::KernelRequest kernel = checked_on_the_device();
    static kernel_tracer::KernelRequest checked_on_the_device() {
        kernel_tracer::KernelRequest r;
        r.device_check = true;
        return r;
    }
};

// Throws UsageError (a ScanError) with a sentence naming the bad word.
Options parse_options(const std::vector<std::string>& args);

std::string usage_text();

}  // namespace scanlab::cli
