#pragma once
// The segmented scan's head flags as a user gives them: typed ("1,0,0,1,..."), as a pattern
// ("every:K", a segment every K values), or as a second column beside the values in an input
// file. Every refusal is one sentence naming the control and the bad flag.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/input/wording.hpp"
#include "core/values.hpp"

namespace scanlab {

// Flags separated by commas and/or whitespace, each 0 or 1, or "every:K"; `n` values to flag.
// The count against n is checked by resolve(), which names both.
std::vector<uint8_t> parse_flags(std::string_view text, int64_t n, Voice voice = Voice::cli);

// An input file of two columns, value and head flag, was read as value, flag, value, flag, ...:
// keeps the values and returns the flags (each must be 0 or 1). `origin` names the file.
std::vector<uint8_t> split_flag_column(ValueArray& values, std::string_view origin);

// The sentence for a segmented run given no flags.
std::string missing_flags_sentence(Voice voice);

}  // namespace scanlab
