#pragma once
// Where a scan's input comes from: typed text, a file, a preset from the chapter or the slides,
// or seeded random values. Every refusal is a ScanError that says which token and where.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/input/wording.hpp"
#include "core/values.hpp"

namespace scanlab {

struct Preset {
    std::string_view name;
    std::string_view values;  // as the user would type them
    int section;  // the section size the example is drawn with (0: default)
    std::string_view expected;  // the inclusive sum the source shows
    std::string_view source;
};
const std::vector<Preset>& presets();
std::optional<Preset> find_preset(std::string_view name);

// The section a multi-block scan of a preset runs with when the user chose none: the one the
// example is drawn with (Figure 9.10's four blocks of four). 0 (the default for N) for the
// single-section algorithms and the sequential loop.
int preset_section(const Preset& preset, Algorithm algorithm);

// Whether `c` separates two values of a typed list: a comma, a semicolon or white space.
bool is_value_separator(char c);

// Values separated by commas and/or whitespace. `origin` names the source in messages
// ("--input", a file name); advice names the type control in `voice`.
ValueArray parse_values(std::string_view text, ElementType type, std::string_view origin = "--input", Voice voice = Voice::cli);

// The most text an input may hold: 2^28 values (the most Scan Lab runs) of up to 32 characters
// each. Reading stops with a sentence as soon as an input passes it (an endless pipe included).
inline constexpr uint64_t kMaxInputBytes = uint64_t(8) << 30;

// Told after each piece read: bytes so far, values so far (for a progress line).
using InputProgress = std::function<void(uint64_t bytes, size_t values)>;

// Reads a file (a pipe or a device too), or standard input for "-", and parses it as it goes:
// memory is the values kept plus one token, and an endless source stops at the first of
// kMaxElements values, kMaxInputBytes bytes or a token longer than any number. Any failed read
// is a sentence, never a short input. `pairs`: every line with values must hold two (a
// segmented scan's value and head flag), else a sentence naming the first line that does not.
ValueArray read_values_file(const std::string& path, ElementType type, const InputProgress& progress = {}, bool pairs = false);

// How many values a text or a file holds, counted as parse_values and read_values_file split them
// but without making one (at most kMaxElements + 1), so that a run can be refused from its N first.
// A file only where it can be read twice (a regular file): nullopt for standard input or a pipe. A
// read that fails partway is ScanError, said as reading the values would say it.
int64_t count_values(std::string_view text);
std::optional<int64_t> count_values_file(const std::string& path);

// n values drawn uniformly from 0..9 (small, so a sum of any length that Scan Lab runs fits
// int32 and a float sum is exact), reproducible from the seed on every platform.
ValueArray random_values(int64_t n, uint64_t seed, ElementType type);

}  // namespace scanlab
