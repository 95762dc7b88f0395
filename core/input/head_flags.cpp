#include "core/input/head_flags.hpp"

#include <charconv>

#include "core/error.hpp"
#include "core/input/input.hpp"
#include "core/number_text.hpp"
#include "core/request.hpp"
#include "core/whole_number.hpp"

namespace scanlab {

std::vector<uint8_t> parse_flags(std::string_view text, int64_t n, Voice voice) {
    const std::string control = control_name(voice, Control::flags);
    if (text.starts_with("every:")) {
        const std::string_view digits = text.substr(6);
        const int64_t k = parse_whole<int64_t>(digits).value_or(0);
        if (k < 1)
            throw ScanError(control + " " + quoted_word(text) + " is not a pattern Scan Lab knows: every:K takes a whole number K >= 1");
        std::vector<uint8_t> flags(size_t(n > 0 ? n : 0));
        for (int64_t i = 0; i < n; i += k) flags[size_t(i)] = 1;
        return flags;
    }
    std::vector<uint8_t> flags;
    size_t i = 0;
    while (i < text.size()) {
        if (is_value_separator(text[i])) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < text.size() && !is_value_separator(text[j])) ++j;
        const std::string_view token = text.substr(i, j - i);
        if (token != "0" && token != "1")
            throw ScanError(control + " holds " + quoted_word(token) + " as flag " + std::to_string(flags.size() + 1) +
                            "; a head flag is 0 or 1 (1 starts a segment), or give the pattern every:K");
        if (int64_t(flags.size()) >= kMaxElements)
            throw ScanError(control + " holds more than " + std::to_string(kMaxElements) + " flags, more than Scan Lab runs");
        flags.push_back(token == "1" ? 1 : 0);
        i = j;
    }
    return flags;
}

std::vector<uint8_t> split_flag_column(ValueArray& values, std::string_view origin) {
    return std::visit(
        [&](auto& v) -> std::vector<uint8_t> {
            if (v.size() % 2 != 0)
                throw ScanError(std::string(origin) + " holds " + std::to_string(v.size()) +
                                " numbers, an odd count; a segmented scan's file holds two columns, value and head flag (0 or 1), "
                                "or give the flags with --flags");
            std::vector<uint8_t> flags(v.size() / 2);
            for (size_t k = 0; k < flags.size(); ++k) {
                const auto f = v[2 * k + 1];
                if (!(f == 0 || f == 1))
                    throw ScanError(std::string(origin) + " has " + format_value(values, 2 * k + 1) + " as the head flag of value " +
                                    std::to_string(k + 1) + "; the second column holds head flags, each 0 or 1 (1 starts a segment)");
                flags[k] = f == 1 ? 1 : 0;
                v[k] = v[2 * k];
            }
            v.resize(flags.size());
            return flags;
        },
        values);
}

std::string missing_flags_sentence(Voice voice) {
    if (voice == Voice::app)
        return "the segmented scan needs head flags: type them in the head flags field (1 starts a segment, one per value), or every:K";
    return "--algo segmented needs head flags: give --flags \"1,0,0,1,...\" (one 0 or 1 per value; 1 starts a segment), "
           "--flags every:K (a segment every K values), or a second column of flags in --input-file";
}

}  // namespace scanlab
