#include "kernels/bench/bench_inputs.hpp"

#include <cstring>
#include <numeric>
#include <variant>
#include <vector>

#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/operators.hpp"

namespace scanlab::bench {
namespace {

// xorshift64*: the same sequence on every platform.
struct Random {
    uint64_t state;
    explicit Random(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL) {
        if (state == 0) state = 1;
    }
    uint64_t next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 0x2545F4914F6CDD1DULL;
    }
    int64_t between(int64_t lo, int64_t hi) { return lo + int64_t(next() % uint64_t(hi - lo + 1)); }
};

template <class T, template <class> class Op>
std::vector<T> scan_with(const std::vector<T>& in, bool exclusive) {
    std::vector<T> out(in.size());
    const Op<T> op{};
    if (exclusive)
        std::exclusive_scan(in.begin(), in.end(), out.begin(), Op<T>::identity(), op);
    else
        std::inclusive_scan(in.begin(), in.end(), out.begin(), op);
    return out;
}

}  // namespace

ValueArray make_input(ElementType type, OpKind op, int64_t n, uint64_t seed) {
    if (n < 0) throw ScanError("make_input: negative length");
    return std::visit(
        [&](auto empty) -> ValueArray {
            using V = decltype(empty);
            using T = typename V::value_type;
            V v(static_cast<size_t>(n));
            Random r(seed);
            for (int64_t i = 0; i < n; ++i) {
                switch (op) {
                    case OpKind::sum: v[size_t(i)] = T(r.between(-4, 4)); break;
                    case OpKind::max: v[size_t(i)] = T((i >> 2) + r.between(-64, 64)); break;
                    case OpKind::min: v[size_t(i)] = T(-(i >> 2) + r.between(-64, 64)); break;
                }
            }
            return v;
        },
        empty_values(type));
}

ValueArray reference_scan(const ValueArray& input, OpKind op, bool exclusive) {
    return std::visit(
        [&](const auto& in) -> ValueArray {
            using T = typename std::decay_t<decltype(in)>::value_type;
            return with_op(op, [&]<template <class> class Op>(OpTag<Op>) -> ValueArray { return scan_with<T, Op>(in, exclusive); });
        },
        input);
}

Mismatch compare_exact(const ValueArray& got, const ValueArray& want) {
    Mismatch m;
    if (got.index() != want.index() || size_of(got) != size_of(want)) {
        m.count = int64_t(std::max(size_of(got), size_of(want)));
        m.first = 0;
        m.got = "an array of " + std::to_string(size_of(got)) + " " + std::string(name(element_type_of_values(got)));
        m.want = std::to_string(size_of(want)) + " " + std::string(name(element_type_of_values(want)));
        return m;
    }
    std::visit(
        [&](const auto& a) {
            using V = std::decay_t<decltype(a)>;
            const V& b = std::get<V>(want);
            for (size_t i = 0; i < a.size(); ++i) {
                if (std::memcmp(&a[i], &b[i], sizeof a[i]) == 0) continue;
                if (m.count++ == 0) m.first = int64_t(i);
            }
        },
        got);
    if (m.count) {
        m.got = format_value(got, size_t(m.first));
        m.want = format_value(want, size_t(m.first));
    }
    return m;
}

std::string Mismatch::sentence(int64_t n) const {
    if (ok()) return "";
    return std::to_string(count) + " of " + std::to_string(n) + " elements differ from the CPU reference; the first at index " +
           std::to_string(first) + ": " + got + " where " + want + " was expected";
}

}  // namespace scanlab::bench
