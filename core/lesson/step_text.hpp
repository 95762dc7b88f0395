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

}  // namespace scanlab
