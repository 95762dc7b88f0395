#include "core/lesson/step_text.hpp"

#include "core/dispatch.hpp"

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

std::string combine_into_text(OpKind op, const std::string& target, const std::string& operand) {
    if (op == OpKind::sum) return target + " += " + operand;
    return target + " = " + combine_text(op, operand, target);
}

std::string applies_text(OpKind op, bool flagged, const std::string& operand) {
    if (flagged) return "combines " + operand + " by ⊕ into";
    if (op == OpKind::sum) return "adds " + operand + " to";
    return "combines " + operand + " by " + std::string(name(op)) + " into";
}

std::string identity_text(ElementType type, OpKind op) {
    return with_type_and_op(type, op, []<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) {
        return format_value(ValueArray(std::vector<T>{Op<T>::identity()}), 0);
    });
}

}  // namespace scanlab
