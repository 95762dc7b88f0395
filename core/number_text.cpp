#include "core/number_text.hpp"

#include <cctype>
#include <utility>

namespace scanlab {

std::string grouped(int64_t n) {
    const bool negative = n < 0;
    std::string digits = std::to_string(negative ? -(n + 1) + uint64_t(1) : uint64_t(n));
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return negative ? "-" + out : out;
}

std::string byte_size(uint64_t bytes) {
    if (bytes < 1024) return grouped(int64_t(bytes)) + " bytes";
    const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
    double v = double(bytes) / 1024;
    int u = 0;
    while (v >= 1024 && u < 3) v /= 1024, ++u;
    const int64_t tenths = int64_t(v * 10 + 0.5);
    return grouped(tenths / 10) + "." + std::to_string(tenths % 10) + " " + units[u];
}

std::string counted(int64_t n, const std::string& one, const std::string& many) { return grouped(n) + " " + (n == 1 ? one : many); }

std::string capitalised(std::string phrase) {
    if (!phrase.empty()) phrase[0] = char(std::toupper(static_cast<unsigned char>(phrase[0])));
    return phrase;
}

std::string as_sentence(std::string phrase) {
    if (!phrase.empty() && phrase.back() != '.') phrase += '.';
    return capitalised(std::move(phrase));
}

std::string quoted_word(std::string_view word) {
    std::string s = "'";
    for (char c : word.substr(0, 40)) s += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
    if (word.size() <= 40) return s + "'";
    return s + "…' (" + grouped(int64_t(word.size())) + " characters)";
}

}  // namespace scanlab
