#include "core/trace_io/json_text.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>

#include "core/float_chars.hpp"

namespace scanlab::json_text {

void quoted(std::ostream& out, std::string_view text) {
    out.put('"');
    for (char c : text) {
        switch (c) {
            case '"': out << "\\\""; break;
            case '\\': out << "\\\\"; break;
            case '\n': out << "\\n"; break;
            case '\t': out << "\\t"; break;
            case '\r': out << "\\r"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    static const char* hex = "0123456789abcdef";
                    out << "\\u00" << hex[(c >> 4) & 0xf] << hex[c & 0xf];
                } else {
                    out.put(c);
                }
        }
    }
    out.put('"');
}

namespace {

template <class T>
void integer(std::ostream& out, T v) {
    char buf[24];
    const auto r = scanlab::to_chars(buf, buf + sizeof buf, v);
    out.write(buf, r.ptr - buf);
}

template <class T>
void real(std::ostream& out, T v) {
    if (std::isnan(v)) {
        out << (std::signbit(v) ? "\"-nan\"" : "\"nan\"");
    } else if (std::isinf(v)) {
        out << (v < 0 ? "\"-inf\"" : "\"inf\"");
    } else if (v == 0 && std::signbit(v)) {
        out << "-0.0";
    } else {
        char buf[64];
        const auto r = scanlab::to_chars(buf, buf + sizeof buf, v);
        out.write(buf, r.ptr - buf);
    }
}

}  // namespace

void number(std::ostream& out, int32_t v) { integer(out, v); }
void number(std::ostream& out, int64_t v) { integer(out, v); }
void number(std::ostream& out, uint64_t v) { integer(out, v); }
void number(std::ostream& out, float v) { real(out, v); }
void number(std::ostream& out, double v) { real(out, v); }

}  // namespace scanlab::json_text
