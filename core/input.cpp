#include "input.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "error.hpp"
#include "request.hpp"
#include "wording.hpp"

namespace scanlab {

const std::vector<Preset>& presets() {
    static const std::vector<Preset> all{
        {"fig9.10", "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2", 4, "2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31",
         "PMPP 3rd ed., Figure 9.10: four sections of four, block sums 7 7 6 11"},
        {"slides", "1 2 5 7 9 6", 0, "1 3 8 15 24 30", "the slide deck's first example"},
        {"slides-t0", "3 1 7 0 4 1 6 3", 8, "3 4 11 11 15 16 22 25", "the slide deck's block example (row T0)"},
    };
    return all;
}

std::optional<Preset> find_preset(std::string_view name) {
    for (const Preset& p : presets())
        if (p.name == name) return p;
    return std::nullopt;
}

int preset_section(const Preset& preset, Algorithm algorithm) {
    return is_single_section(algorithm) || algorithm == Algorithm::sequential ? 0 : preset.section;
}

namespace {

bool is_separator(char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';'; }

std::string where(std::string_view origin, size_t index, size_t line, size_t column) {
    std::string s = "value " + std::to_string(index + 1) + " of " + std::string(origin);
    if (line > 1 || column > 1) s += " (line " + std::to_string(line) + ", column " + std::to_string(column) + ")";
    return s;
}

template <class T>
T parse_token(std::string_view token, std::string_view origin, size_t index, size_t line, size_t column, Voice v) {
    T value{};
    const char* first = token.data();
    const char* last = token.data() + token.size();
    if (*first == '+') ++first;  // from_chars takes no leading '+'
    auto [ptr, ec] = std::from_chars(first, last, value);
    const std::string quoted = "'" + std::string(token) + "'";
    if (ec == std::errc::result_out_of_range)
        throw ScanError(quoted + " (" + where(origin, index, line, column) + ") is out of range for " +
                        std::string(name(element_type_of<T>())) +
                        (std::is_integral_v<T> && sizeof(T) == 4 ? "; use " + setting(v, Control::type, "int64") : std::string()));
    if (ec != std::errc() || ptr != last) {
        std::string hint;
        if constexpr (std::is_integral_v<T>) {
            double d;
            auto fr = std::from_chars(first, last, d);
            if (fr.ec == std::errc() && fr.ptr == last) hint = "; it looks like a real number: use " + setting(v, Control::type, "float") + " or " + setting(v, Control::type, "double");
        }
        throw ScanError(quoted + " (" + where(origin, index, line, column) + ") is not a number" + hint);
    }
    if constexpr (std::is_floating_point_v<T>)
        if (!std::isfinite(value))
            throw ScanError(quoted + " (" + where(origin, index, line, column) + ") is not a finite number");
    return value;
}

template <class T>
std::vector<T> parse_all(std::string_view text, std::string_view origin, Voice v) {
    std::vector<T> out;
    size_t i = 0, line = 1, line_start = 0;
    while (i < text.size()) {
        if (text[i] == '#') {  // comment to end of line, for files
            while (i < text.size() && text[i] != '\n') ++i;
            continue;
        }
        if (is_separator(text[i])) {
            if (text[i] == '\n') {
                ++line;
                line_start = i + 1;
            }
            ++i;
            continue;
        }
        size_t j = i;
        while (j < text.size() && !is_separator(text[j]) && text[j] != '#') ++j;
        if (int64_t(out.size()) >= kMaxElements)
            throw ScanError(std::string(origin) + " holds more than " + std::to_string(kMaxElements) + " values (2^28, the most Scan Lab runs)");
        out.push_back(parse_token<T>(text.substr(i, j - i), origin, out.size(), line, i - line_start + 1, v));
        i = j;
    }
    if (out.empty()) throw ScanError(std::string(origin) + " holds no values: give at least one number");
    return out;
}

}  // namespace

ValueArray parse_values(std::string_view text, ElementType type, std::string_view origin, Voice v) {
    switch (type) {
        case ElementType::int32: return parse_all<int32_t>(text, origin, v);
        case ElementType::int64: return parse_all<int64_t>(text, origin, v);
        case ElementType::float32: return parse_all<float>(text, origin, v);
        case ElementType::float64: return parse_all<double>(text, origin, v);
    }
    return {};
}

ValueArray read_values_file(const std::string& path, ElementType type) {
    std::stringstream buffer;
    if (path == "-") {
        buffer << std::cin.rdbuf();
        return parse_values(buffer.str(), type, "standard input");
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw ScanError("cannot read input file '" + path + "': it is a directory");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw ScanError("cannot read input file '" + path + "': it does not exist or is not readable");
    buffer << file.rdbuf();
    if (file.bad()) throw ScanError("reading input file '" + path + "' failed");
    return parse_values(buffer.str(), type, "file '" + path + "'");
}

ValueArray random_values(int64_t n, uint64_t seed, ElementType type) {
    if (n < 1 || n > kMaxElements)
        throw ScanError("--random " + std::to_string(n) + " is out of range: give N from 1 to " + std::to_string(kMaxElements) + " (2^28)");
    return std::visit(
        [&](auto empty) -> ValueArray {
            using V = decltype(empty);
            V v(n);
            uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
            if (state == 0) state = 1;
            for (auto& x : v) {
                state ^= state << 13;  // xorshift64: the same sequence on every platform
                state ^= state >> 7;
                state ^= state << 17;
                x = static_cast<typename V::value_type>(state % 10);
            }
            return v;
        },
        empty_values(type));
}

}  // namespace scanlab
