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

// Where the value loaded at global position g comes from, as load_element takes it: the input
// element, or -1 for the identity, which a segmented exclusive scan also loads where a segment
// starts at g (`starts_segment`: the head flag at g). What the traces record and the explanation
// states, so a deed line never names a value the load did not take.
SCANLAB_HD inline long long loaded_source(long long g, long long n, bool exclusive, bool starts_segment) {
    return exclusive && starts_segment && g < n ? -1 : load_source(g, n, exclusive);
}
// The same for input X of a run: the head flag is X[g]'s own where X holds (flag, value) pairs.
template <class T>
SCANLAB_HD inline long long loaded_source(const T* X, long long g, long long n, bool exclusive) {
    if constexpr (is_flagged_v<T>) return loaded_source(g, n, exclusive, g < n && X[g].flag);
    return load_source(g, n, exclusive);
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
