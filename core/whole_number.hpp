#pragma once
// A whole number read from a word the user typed (a flag's value, a settings line, a pattern's K):
// all of the word, in base 10, with no sign but '-', and told apart from a number that does not
// fit the type, so each front end can say which of the two went wrong.
#include <charconv>
#include <optional>
#include <string_view>
#include <system_error>

#include "core/float_chars.hpp"

namespace scanlab {

template <class T>
struct WholeNumber {
    std::optional<T> value;  // the number, when the whole word is one that fits T
    bool out_of_range = false;  // the whole word is a number, but T cannot hold it
};

template <class T>
WholeNumber<T> read_whole(std::string_view word) {  // also reads floating-point T
    T v{};
    const char* end = word.data() + word.size();
    const auto [ptr, ec] = scanlab::from_chars(word.data(), end, v);
    if (word.empty() || ptr != end) return {};
    if (ec == std::errc::result_out_of_range) return {std::nullopt, true};
    if (ec != std::errc()) return {};
    return {v, false};
}

template <class T>
std::optional<T> parse_whole(std::string_view word) {
    return read_whole<T>(word).value;
}

// Sets `out` only when the whole word is a number that fits (a whole number for an integer T, any
// number std::from_chars reads for a floating-point T); says whether it did.
template <class T>
bool parse_number_into(std::string_view word, T& out) {
    const std::optional<T> v = parse_whole<T>(word);
    if (v) out = *v;
    return v.has_value();
}

}  // namespace scanlab
