#pragma once
// The load phase every in-block algorithm shares: section element j of block b comes from
// input element b*section + j, or — for an exclusive scan — from the element before it, so an
// exclusive scan is the inclusive scan of the input shifted right by one. Positions past the end
// (and position 0 of an exclusive scan) get the operator's identity.
#include "../hd.hpp"

namespace scanlab {

// Index of the input element that lands at global position g, or -1 for the identity.
SCANLAB_HD inline long long load_source(long long g, long long n, bool exclusive) {
    const long long src = exclusive ? g - 1 : g;
    return (src >= 0 && src < n) ? src : -1;
}

}  // namespace scanlab
