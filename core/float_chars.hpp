#pragma once
// Numbers as text and back, the way std::to_chars and std::from_chars write and read them: the
// shortest text that reads back to the same float or double, and reading it correctly rounded.
// Where the standard library has the floating-point forms (libstdc++, the desktop builds) they are
// std's own; where it has not (the web edition's libc++ 13 has none), Scan Lab's, which write and
// read the same bytes (tests/core/float_chars_test.cpp holds the two together on a large sample).
#include <charconv>
#include <type_traits>
#include <version>

namespace scanlab {

namespace float_chars {

// The shortest digits that read back to v, the closest to v of those (ties to an even digit),
// found exactly with big integers (Steele & White's free-format digits as Burger & Dybvig give
// them); written as std::to_chars writes with no format: fixed or scientific, whichever is shorter
// (fixed on a tie), a fixed whole number with all its exact digits, "inf", "-nan".
std::to_chars_result to_chars(char* first, char* last, double v);
std::to_chars_result to_chars(char* first, char* last, float v);

// std::from_chars' general format ('-'? digits with an optional point and exponent, or inf,
// infinity, nan, nan(...), any case), rounded correctly to the nearest (ties to even). A value that
// rounds to zero or infinity is out of range, and v is then left as it was.
std::from_chars_result from_chars(const char* first, const char* last, double& v);
std::from_chars_result from_chars(const char* first, const char* last, float& v);

}  // namespace float_chars

// Whether this standard library writes and reads floating point itself.
inline constexpr bool kStdFloatChars =
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
    true;
#else
    false;
#endif

// std::to_chars and std::from_chars for every number Scan Lab writes and reads.
template <class T>
std::to_chars_result to_chars(char* first, char* last, T v) {
    if constexpr (std::is_floating_point_v<T> && !kStdFloatChars)
        return float_chars::to_chars(first, last, v);
    else
        return std::to_chars(first, last, v);
}

template <class T>
std::from_chars_result from_chars(const char* first, const char* last, T& v) {
    if constexpr (std::is_floating_point_v<T> && !kStdFloatChars)
        return float_chars::from_chars(first, last, v);
    else
        return std::from_chars(first, last, v);
}

}  // namespace scanlab
