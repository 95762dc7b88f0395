#pragma once
// The words that state a run on a command line (--algo, --preset, --section, ...), as
// `scanlab trace`, `scanlab scan` and `scanlab shot` all take them. Parsing only reads the
// words; resolve() checks the request, so every front end refuses the same things.
#include <charconv>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/input/run_spec.hpp"
#include "core/number_text.hpp"
#include "core/whole_number.hpp"

namespace scanlab {

// A word the user got wrong on the command line (exit status 2), a sentence naming it.
struct UsageError : ScanError {
    using ScanError::ScanError;
};

// An option's name and its value as the words they were given in say them: a flag "--section 3",
// a link's key "section=3" (words are read from a command line or a link).
inline std::string named_value(const std::string& name, std::string_view value) {
    return name + (name.starts_with("--") ? " " : "=") + std::string(value);
}

// `word` as a whole number of type T; throws UsageError naming `flag` (a flag, or a link's key).
template <class T>
T whole_number(const std::string& flag, const std::string& word) {
    const WholeNumber<T> w = read_whole<T>(word);
    if (w.out_of_range) throw UsageError(named_value(flag, word.substr(0, 40)) + (word[0] == '-' ? " is out of range" : " is too large"));
    if (!w.value) throw UsageError(flag + " expects a whole number, got " + quoted_word(word));
    return *w.value;
}

// A front end's own flag: return true when `flag` is one (reading its value with `value()`).
using OwnWord = std::function<bool(const std::string& flag, const std::function<const std::string&()>& value)>;

// The run the words state; exactly one input is required. Words neither a run's nor `own`'s
// are refused with a UsageError, whose sentence names the options in `voice`'s words: the
// command line's flags, or a link's keys where the words are a link's (parse_run_link).
RunSpec parse_run_words(const std::vector<std::string>& words, const OwnWord& own, Voice voice = Voice::cli);

// The flags parse_run_words reads, for a usage text.
std::string run_words_usage();

}  // namespace scanlab
