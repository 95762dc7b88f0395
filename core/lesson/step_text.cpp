#include "core/lesson/step_text.hpp"

namespace scanlab {

std::string value_at(const ValueArray& v, int64_t i) { return i >= 0 && size_t(i) < size_of(v) ? format_value(v, size_t(i)) : "?"; }

std::string row_text(const ValueArray& v, size_t most) {
    std::string s;
    for (size_t i = 0; i < size_of(v) && i < most; ++i) {
        if (i) s += ' ';
        s += format_value(v, i);
    }
    if (size_of(v) > most) s += " … (" + std::to_string(size_of(v) - most) + " more)";
    return s;
}

std::string combine_text(OpKind op, const std::string& a, const std::string& b) {
    switch (op) {
        case OpKind::sum: return a + " + " + b;
        case OpKind::max: return "max(" + a + ", " + b + ")";
        case OpKind::min: return "min(" + a + ", " + b + ")";
    }
    return a + " ∘ " + b;
}

}  // namespace scanlab
