#pragma once
// An array of one of the four element types, so a Trace is one (non-template) type that the
// views, the JSON writer and both backends share, while values stay bit-exact.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/types.hpp"

namespace scanlab {

using ValueArray = std::variant<std::vector<int32_t>, std::vector<int64_t>, std::vector<float>, std::vector<double>>;

template <class T>
constexpr ElementType element_type_of();
template <>
constexpr ElementType element_type_of<int32_t>() {
    return ElementType::int32;
}
template <>
constexpr ElementType element_type_of<int64_t>() {
    return ElementType::int64;
}
template <>
constexpr ElementType element_type_of<float>() {
    return ElementType::float32;
}
template <>
constexpr ElementType element_type_of<double>() {
    return ElementType::float64;
}

ValueArray empty_values(ElementType t);
size_t size_of(const ValueArray& v);
size_t element_bytes(ElementType t);
// Shortest text that reads back to the same value (integers as integers, floats round-trip).
std::string format_value(const ValueArray& v, size_t i);
// Bitwise equality, so two traces compare equal only if every float has the same bits.
bool bitwise_equal(const ValueArray& a, const ValueArray& b);

}  // namespace scanlab

namespace scanlab {
ElementType element_type_of_values(const ValueArray& v);
}
