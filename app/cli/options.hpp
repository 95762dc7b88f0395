#pragma once
// The `scanlab` command line, parsed into one plain struct. Parsing only reads the words; the
// request is checked by the core (resolve), so the CLI and the app refuse the same things.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../../core/backend.hpp"
#include "../../core/error.hpp"
#include "../../core/request.hpp"

namespace scanlab::cli {

enum class Command { help, version, app, trace, scan, shot };
enum class Format { table, json };

struct InputChoice {
    std::optional<std::string> preset, text, file;
    std::optional<int64_t> random_n;
    uint64_t seed = 1;
};

struct Options {
    Command command = Command::help;
    ScanRequest request;
    bool section_given = false;
    InputChoice input;
    BackendChoice backend = BackendChoice::automatic;
    Format format = Format::table;
    std::vector<std::string> app_args;  // app and shot: handed to scanlab-app unread
};

// Throws UsageError (a ScanError) with a sentence naming the bad word.
Options parse_options(const std::vector<std::string>& args);

struct UsageError : ScanError {
    using ScanError::ScanError;
};

std::string usage_text();

}  // namespace scanlab::cli
