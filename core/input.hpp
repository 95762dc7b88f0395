#pragma once
// Where a scan's input comes from: typed text, a file, a preset from the chapter or the slides,
// or seeded random values. Every refusal is a ScanError that says which token and where.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "values.hpp"
#include "wording.hpp"

namespace scanlab {

struct Preset {
    std::string_view name;
    std::string_view values;    // as the user would type them
    int section;                // the section size the example is drawn with (0: default)
    std::string_view expected;  // the inclusive sum the source shows
    std::string_view source;
};
const std::vector<Preset>& presets();
std::optional<Preset> find_preset(std::string_view name);

// The section a multi-block scan of a preset runs with when the user chose none: the one the
// example is drawn with (Figure 9.10's four blocks of four). 0 (the default for N) for the
// single-section algorithms and the sequential loop.
int preset_section(const Preset& preset, Algorithm algorithm);

// Values separated by commas and/or whitespace. `origin` names the source in messages
// ("--input", a file name); advice names the type control in `voice`.
ValueArray parse_values(std::string_view text, ElementType type, std::string_view origin = "--input", Voice voice = Voice::cli);

// Reads a file ("-" = standard input) and parses it.
ValueArray read_values_file(const std::string& path, ElementType type);

// n values drawn uniformly from 0..9 (small, so a sum of any length that Scan Lab runs fits
// int32 and a float sum is exact), reproducible from the seed on every platform.
ValueArray random_values(int64_t n, uint64_t seed, ElementType type);

}  // namespace scanlab
