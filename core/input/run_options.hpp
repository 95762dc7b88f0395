#pragma once
// Every option of a run, described once, as Blender's RNA describes a property once for every
// editor and file (and as core/trace_io/header_fields.hpp describes the trace's header): its
// command-line flag, its key in the app's settings.ini, whether a link carries it, the values it
// takes, the algorithms that take it, its help, and how it is read from and written into a
// RunSpec. The CLI's parser and help (run_words.hpp), the link's reader and writer (run_link.hpp),
// the app's settings file and the refusal of an option that does not apply all walk this table,
// so a new option is one row here and its use.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/input/run_spec.hpp"

namespace scanlab {

// Where the help lists an option: among the inputs (exactly one of preset, input, input-file and
// random, with its seed and flags) or among the options.
enum class OptionGroup : uint8_t { input, option };

// When run_words (and so a link) states the option: always (the algorithm), when it holds a value
// (an input: the one the run reads), or when it differs from a fresh RunSpec's.
enum class Stated : uint8_t { always, when_set, when_changed, never };

struct RunOption {
    std::string_view flag{};  // "--warp-width"
    // The app's control, for the core's sentences (core/input/wording.hpp): which one it is, its
    // label in the Controls panel, and whether it is a menu (else a field). No control: nullopt.
    std::optional<Control> control{};
    std::string_view label{};  // "warp width"
    bool menu = false;
    std::string_view value_word{};  // "W" in the help; empty: a switch (a link writes switch=1)
    OptionGroup group = OptionGroup::option;
    bool source = false;  // one of the inputs, of which a run takes exactly one
    std::string_view settings_key{};  // "warp_width" in settings.ini; empty: the app keeps it otherwise, or not
    bool in_link = true;  // run_words states it and a link carries it (warp-width=W)
    Stated stated = Stated::when_changed;
    // The algorithms that take it (the request's algorithm, and its block algorithm where that
    // decides); nullptr: every one, or the core refuses it in its own words when resolving.
    bool (*takes)(const ScanRequest&) = nullptr;
    // The help after the flag's column; lines after the first are indented under it. Empty: not listed.
    std::string (*help)() = nullptr;
    // The value as a run states it ("8", "random:7", "1" for a switch that is on; "" for an input
    // the run does not read). A fresh RunSpec's value is the default.
    std::string (*value)(const RunSpec&) = nullptr;
    // Reads the command line's (or a link's) value into the spec; throws UsageError naming the
    // option in the words it was given in: `name` is word(voice), "--section" or "section".
    void (*read)(RunSpec&, const std::string& name, const std::string& value) = nullptr;
    // The sentence refusing the option, given for a request that does not take it (empty: it
    // stands after all, as a value that changes nothing), in the words of `voice`.
    std::string (*refusal)(const ScanRequest&, Voice voice) = nullptr;
    // Reads settings.ini's value; false: not a value the app can use (dropped with a note).
    bool (*read_setting)(RunSpec&, const std::string& value) = nullptr;
    // settings.ini's value where it is not `value`'s: an input the run does not read is kept too, so
    // the next start finds each input as it was left. nullptr: `value`.
    std::string (*setting)(const RunSpec&) = nullptr;
    // A whole number's range, least to most, where settings.ini's value outside it is clamped into it
    // (with a note) rather than dropped; both 0: none.
    int64_t least = 0, most = 0;
    // Set for an option that a move to an algorithm not taking it (the app's algorithm menu, a
    // comparison) leaves behind rather than refusing the run: puts the default back (request_for).
    void (*leave)(ScanRequest&) = nullptr;

    bool is_switch() const { return value_word.empty(); }
    std::string kept(const RunSpec& spec) const { return setting ? setting(spec) : value(spec); }  // settings.ini's value
    std::string_view link_key() const { return flag.size() > 2 ? flag.substr(2) : flag; }  // "warp-width"
    // The option as `voice` names it: "--warp-width" | "warp width" (its flag without a control) | "warp-width".
    std::string word(Voice voice) const;
};

// settings.ini's key for the input the run reads, whose word is source_word(); each input's own
// value is kept under its row's settings key.
inline constexpr std::string_view kInputSourceSettingsKey = "source";
std::string_view source_word(InputSpec::Source source);  // "preset" | "text" | "file" | "random"
std::optional<InputSpec::Source> parse_source_word(std::string_view word);

// The algorithm of words that name none: the book's hierarchical scan, which takes any length.
inline constexpr Algorithm kWordsDefaultAlgorithm = Algorithm::hierarchical;

// Every option, in the order run_words states them (and so a link's query lists them).
std::span<const RunOption> run_options();
// The option of `flag` ("--section"), of a link's key ("section") or of the app's control, or nullptr.
const RunOption* find_option_by_flag(std::string_view flag);
const RunOption* find_option_by_control(Control control);
const RunOption* find_option_by_link_key(std::string_view key);

// The option of `flag` as `voice` names it ("--block-algo" | "block algorithm" | "block-algo"), for
// a sentence that names another option than its own.
std::string option_word(std::string_view flag, Voice voice);

// What run_words writes for `option` in `spec`: the value (empty for a switch that is on), or
// nullopt when the run does not state it.
std::optional<std::string> stated_value(const RunOption& option, const RunSpec& spec);

}  // namespace scanlab
