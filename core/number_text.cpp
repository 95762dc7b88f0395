#include "core/number_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <utility>
#include <vector>

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

namespace {

// The length of the UTF-8 character starting with lead byte `c` (1 for a stray byte).
size_t utf8_length(unsigned char c) { return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1; }

// A character that would change how the sentence reads rather than show: C0 controls and DEL
// (a newline would end the sentence's line), and the bidirectional controls U+202A–U+202E and
// U+2066–U+2069 (U+202E turns the rest of the line around).
std::string escaped(std::string_view ch) {
    const auto b = [&](size_t i) { return static_cast<unsigned char>(ch[i]); };
    char hex[12];
    if (ch.size() == 1 && (b(0) < 0x20 || b(0) == 0x7f)) {
        if (ch[0] == '\n') return "\\n";
        if (ch[0] == '\t') return "\\t";
        if (ch[0] == '\r') return "\\r";
        std::snprintf(hex, sizeof hex, "\\x%02x", b(0));
        return hex;
    }
    if (ch.size() == 3 && b(0) == 0xE2) {
        const unsigned cp = ((b(0) & 0x0Fu) << 12) | ((b(1) & 0x3Fu) << 6) | (b(2) & 0x3Fu);
        if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
            std::snprintf(hex, sizeof hex, "\\u%04X", cp);
            return hex;
        }
    }
    return std::string(ch);
}

}  // namespace

namespace {

// The characters of `text` as [start, length) byte ranges, none cut in two.
std::vector<std::pair<size_t, size_t>> characters_of(std::string_view text) {
    std::vector<std::pair<size_t, size_t>> chars;
    for (size_t at = 0; at < text.size();) {
        const size_t len = std::min(utf8_length(static_cast<unsigned char>(text[at])), text.size() - at);
        chars.push_back({at, len});
        at += len;
    }
    return chars;
}

}  // namespace

std::string quoted_path(std::string_view path) {
    const auto chars = characters_of(path);
    if (chars.size() <= 40) return quoted_word(path);
    std::string s = "'…";
    for (size_t k = chars.size() - 40; k < chars.size(); ++k) s += escaped(path.substr(chars[k].first, chars[k].second));
    return s + "' (" + grouped(int64_t(chars.size())) + " characters)";
}

bool shows_as_typed(std::string_view text) {
    for (const auto& [at, len] : characters_of(text))
        if (escaped(text.substr(at, len)) != text.substr(at, len)) return false;
    return true;
}

std::string quoted_word(std::string_view word) {
    // Up to 40 characters (not bytes: a character is never cut in two), each shown as it reads.
    std::string s = "'";
    size_t at = 0, shown = 0, characters = 0;
    for (; at < word.size(); ++characters) {
        const size_t len = std::min(utf8_length(static_cast<unsigned char>(word[at])), word.size() - at);
        if (characters < 40) s += escaped(word.substr(at, len)), shown = at + len;
        at += len;
    }
    if (shown >= word.size()) return s + "'";
    return s + "…' (" + grouped(int64_t(characters)) + " characters)";
}

}  // namespace scanlab
