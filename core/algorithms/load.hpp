#pragma once
// The load phase every in-block algorithm shares: section element j of block b comes from
// input element b*section + j, or — for an exclusive scan — from the element before it, so an
// exclusive scan is the inclusive scan of the input shifted right by one. Positions past the end
// (and position 0 of an exclusive scan) get the operator's identity.
#include "core/flagged.hpp"
#include "core/hd.hpp"

namespace scanlab {

// Index of the input element that lands at global position g, or -1 for the identity.
SCANLAB_HD inline long long load_source(long long g, long long n, bool exclusive) {
    const long long src = exclusive ? g - 1 : g;
    return (src >= 0 && src < n) ? src : -1;
}

// The element loaded at global position g. A segmented exclusive scan shifts the values but not
// the head flags, and an element that starts a segment loads the identity instead of the value
// before it (the last of the previous segment): every segment starts with the identity, as
// thrust::exclusive_scan_by_key does.
template <class Op, class T>
SCANLAB_HD inline T load_element(const T* X, long long g, long long n, bool exclusive) {
    const long long src = load_source(g, n, exclusive);
    if constexpr (is_flagged_v<T>) {
        if (exclusive) {
            T e = Op::identity();
            e.flag = g < n ? X[g].flag : 0;
            if (src >= 0 && !e.flag) e.value = X[src].value;
            return e;
        }
    }
    return src >= 0 ? X[src] : Op::identity();
}

}  // namespace scanlab
