#pragma once
// The segmented scan's element and operator. A segmented scan is an ordinary scan over pairs
// (flag, value) with the operator
//     (f1, v1) ⊕ (f2, v2) = (f1 | f2,  f2 ? v2 : v1 ⊕ v2)
// which restarts at every head flag: a later element that starts a segment keeps its own value,
// any other adds the earlier one's. The operator is associative (Schwartz 1980; Blelloch 1990),
// so every block algorithm and the hierarchical plan run it unchanged, and the flag of a section's
// total says whether any segment started in it: kernel 3's carry-in stops at a block's first flag.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/hd.hpp"

namespace scanlab {

template <class V>
struct Flagged {
    V value;
    uint8_t flag;  // 1: this element starts a segment (after a scan: a segment started at or before it)
};

template <class T>
struct FlaggedTraits {
    static constexpr bool flagged = false;
};
template <class V>
struct FlaggedTraits<Flagged<V>> {
    static constexpr bool flagged = true;
    using Value = V;
};
template <class T>
inline constexpr bool is_flagged_v = FlaggedTraits<T>::flagged;

// Op is an operator of core/operators.hpp over V.
template <class V, class Op>
struct SegmentedOp {
    SCANLAB_HD Flagged<V> operator()(Flagged<V> earlier, Flagged<V> later) const {
        return {later.flag ? later.value : Op()(earlier.value, later.value), uint8_t(earlier.flag | later.flag)};
    }
    SCANLAB_HD static constexpr Flagged<V> identity() { return {Op::identity(), 0}; }
};

// The input as pairs, and the values of the first n pairs of a result (host side, both backends).
template <class V>
std::vector<Flagged<V>> flagged_input(const std::vector<V>& values, const std::vector<uint8_t>& flags) {
    std::vector<Flagged<V>> x(values.size());
    for (size_t i = 0; i < values.size(); ++i) x[i] = {values[i], uint8_t(i < flags.size() ? flags[i] : 0)};
    return x;
}
template <class V>
std::vector<V> flagged_values(const std::vector<Flagged<V>>& y, int64_t n) {
    std::vector<V> v(static_cast<size_t>(n));
    for (size_t i = 0; i < v.size(); ++i) v[i] = y[i].value;
    return v;
}

}  // namespace scanlab
