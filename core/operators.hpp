#pragma once
// The scan operators. Each is an associative function with an identity; the identity fills the
// padding of a partial last section and the first element of an exclusive scan.
#include <cstdint>

#include "core/hd.hpp"

namespace scanlab {

template <class T>
struct Extremes;
template <>
struct Extremes<int32_t> {
    SCANLAB_HD static constexpr int32_t lowest() { return -2147483647 - 1; }
    SCANLAB_HD static constexpr int32_t highest() { return 2147483647; }
};
template <>
struct Extremes<int64_t> {
    SCANLAB_HD static constexpr int64_t lowest() { return -9223372036854775807LL - 1; }
    SCANLAB_HD static constexpr int64_t highest() { return 9223372036854775807LL; }
};
template <>
struct Extremes<float> {
    SCANLAB_HD static constexpr float lowest() { return -3.40282346638528859812e+38F; }
    SCANLAB_HD static constexpr float highest() { return 3.40282346638528859812e+38F; }
};
template <>
struct Extremes<double> {
    SCANLAB_HD static constexpr double lowest() { return -1.7976931348623157e+308; }
    SCANLAB_HD static constexpr double highest() { return 1.7976931348623157e+308; }
};

// Integer sums are done in unsigned arithmetic: signed overflow is undefined in C++, and the
// request validation (core/input/overflow.hpp) refuses any input whose partial sums would not fit,
// so wrapping never shows up in a result or a snapshot.
template <class T>
SCANLAB_HD inline T add_values(T a, T b) {
    return a + b;
}
template <>
SCANLAB_HD inline int32_t add_values(int32_t a, int32_t b) {
    return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
template <>
SCANLAB_HD inline int64_t add_values(int64_t a, int64_t b) {
    return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

// Operands are always (earlier element, later element), so a non-commutative operator would
// still be applied in scan order.
template <class T>
struct SumOp {
    SCANLAB_HD T operator()(T earlier, T later) const { return add_values(earlier, later); }
    SCANLAB_HD static constexpr T identity() { return T(0); }
};
template <class T>
struct MaxOp {
    SCANLAB_HD T operator()(T earlier, T later) const { return later > earlier ? later : earlier; }
    SCANLAB_HD static constexpr T identity() { return Extremes<T>::lowest(); }
};
template <class T>
struct MinOp {
    SCANLAB_HD T operator()(T earlier, T later) const { return later < earlier ? later : earlier; }
    SCANLAB_HD static constexpr T identity() { return Extremes<T>::highest(); }
};

}  // namespace scanlab
