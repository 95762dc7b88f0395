#pragma once
// From a run's operator and element type, chosen at run time, to the template code that scans
// with them: one switch each, here, rather than one per caller (PyTorch's AT_DISPATCH idea,
// without the macro). The callee is a generic lambda that receives a tag:
//
//     with_type(t, [&]<class T>(TypeTag<T>) { ... std::vector<T> ... });
//     with_op(o, [&]<template <class> class Op>(OpTag<Op>) { ... run<T, Op>(...) ... });
//
// Every branch must return the same type. Host code only: nvcc compiles these for the kernels'
// host side as well.
#include <cstdint>
#include <utility>

#include "core/operators.hpp"
#include "core/types.hpp"

namespace scanlab {

template <class T>
struct TypeTag {
    using type = T;
};

template <template <class> class Op>
struct OpTag {
    template <class T>
    using of = Op<T>;
};

template <class F>
decltype(auto) with_type(ElementType t, F&& f) {
    switch (t) {
        case ElementType::int32: return std::forward<F>(f)(TypeTag<int32_t>{});
        case ElementType::int64: return std::forward<F>(f)(TypeTag<int64_t>{});
        case ElementType::float32: return std::forward<F>(f)(TypeTag<float>{});
        case ElementType::float64: break;
    }
    return std::forward<F>(f)(TypeTag<double>{});
}

template <class F>
decltype(auto) with_op(OpKind o, F&& f) {
    switch (o) {
        case OpKind::sum: return std::forward<F>(f)(OpTag<SumOp>{});
        case OpKind::max: return std::forward<F>(f)(OpTag<MaxOp>{});
        case OpKind::min: break;
    }
    return std::forward<F>(f)(OpTag<MinOp>{});
}

// Both at once: f(TypeTag<T>, OpTag<Op>).
template <class F>
decltype(auto) with_type_and_op(ElementType t, OpKind o, F&& f) {
    return with_type(t, [&]<class T>(TypeTag<T> type) -> decltype(auto) {
        return with_op(o, [&]<template <class> class Op>(OpTag<Op> op) -> decltype(auto) { return f(type, op); });
    });
}

}  // namespace scanlab
