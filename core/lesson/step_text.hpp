#pragma once
// Small pieces of the explanations' sentences: a value of an array, a row of values, and two
// operands combined by the run's operator, in the chapter's notation.
#include <cstdint>
#include <string>

#include "core/types.hpp"
#include "core/values.hpp"

namespace scanlab {

// Element i of v, or "?" where v has no such element.
std::string value_at(const ValueArray& v, int64_t i);
// The first `most` values, then how many more.
std::string row_text(const ValueArray& v, size_t most = 16);
// "a + b", "max(a, b)", "min(a, b)".
std::string combine_text(OpKind op, const std::string& a, const std::string& b);
// "Y[i] += S[b]", "Y[i] = max(S[b], Y[i])": `operand` combined into `target` by the operator, in
// the order the kernels apply it (the earlier elements' total first).
std::string combine_into_text(OpKind op, const std::string& target, const std::string& operand);
// "adds S[0] to", "combines S[0] by max into", "combines S[0] by ⊕ into" (a (flag, value) scan):
// a deed with one operand, before what it acts on, in the operator's words.
std::string applies_text(OpKind op, bool flagged, const std::string& operand);
// The operator's identity for the element type, as the values print it: "0", "-2147483648" for
// max over int32, "inf" for min over floats.
std::string identity_text(ElementType type, OpKind op);

}  // namespace scanlab
