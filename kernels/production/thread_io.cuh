#pragma once
// One thread's loads and stores: whole 16-byte vectors where the tile is full and both arrays are
// 16-byte aligned (LDG.E.128 / STG.E.128 in the SASS), element by element everywhere else (the
// last, partial tile; misaligned pointers), with the operator's identity filling the positions past n.
#include <cstdint>
#include <cuda/std/bit>

#include "kernels/production/policy.cuh"

namespace scanlab::production {

template <class T>
inline constexpr int kVectorItems = int(16 / sizeof(T));

// The unsigned integer of a type's size, for moving values through bit patterns.
template <class T>
struct BitsOf;
template <>
struct BitsOf<int32_t> {
    using type = uint32_t;
};
template <>
struct BitsOf<float> {
    using type = uint32_t;
};
template <>
struct BitsOf<int64_t> {
    using type = uint64_t;
};
template <>
struct BitsOf<double> {
    using type = uint64_t;
};
template <class T>
using Bits = typename BitsOf<T>::type;

template <class T>
__device__ __forceinline__ Bits<T> to_bits(T x) {
    return cuda::std::bit_cast<Bits<T>>(x);
}
template <class T>
__device__ __forceinline__ T from_bits(Bits<T> b) {
    return cuda::std::bit_cast<T>(b);
}

template <CacheHints Hints>
__device__ __forceinline__ uint4 load_16(const void* p) {
    if constexpr (Hints == CacheHints::streaming)
        return __ldcs(static_cast<const uint4*>(p));
    else
        return __ldg(static_cast<const uint4*>(p));
}

// In PTX, so the compiler cannot split a vector store into four (it did, merging code paths).
template <CacheHints Hints>
__device__ __forceinline__ void store_16(void* p, uint4 v) {
    const size_t g = __cvta_generic_to_global(p);
    if constexpr (Hints == CacheHints::streaming)
        asm volatile("st.global.cs.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(g), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
    else
        asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(g), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}

// A 16-byte vector's items from its raw bits, and back.
template <class T>
__device__ __forceinline__ void unpack_vector(uint4 raw, T (&v)[kVectorItems<T>]) {
    if constexpr (sizeof(T) == 4) {
        v[0] = from_bits<T>(raw.x);
        v[1] = from_bits<T>(raw.y);
        v[2] = from_bits<T>(raw.z);
        v[3] = from_bits<T>(raw.w);
    } else {
        v[0] = from_bits<T>(uint64_t(raw.y) << 32 | raw.x);
        v[1] = from_bits<T>(uint64_t(raw.w) << 32 | raw.z);
    }
}

template <class T>
__device__ __forceinline__ uint4 pack_vector(const T (&v)[kVectorItems<T>]) {
    if constexpr (sizeof(T) == 4) {
        return make_uint4(to_bits(v[0]), to_bits(v[1]), to_bits(v[2]), to_bits(v[3]));
    } else {
        const uint64_t a = to_bits(v[0]), b = to_bits(v[1]);
        return make_uint4(uint32_t(a), uint32_t(a >> 32), uint32_t(b), uint32_t(b >> 32));
    }
}

// v[0..kVectorItems) = p[0..kVectorItems); p must be 16-byte aligned.
template <CacheHints Hints, class T>
__device__ __forceinline__ void load_vector(const T* p, T (&v)[kVectorItems<T>]) {
    unpack_vector(load_16<Hints>(p), v);
}

template <CacheHints Hints, class T>
__device__ __forceinline__ void store_vector(T* p, const T (&v)[kVectorItems<T>]) {
    store_16<Hints>(p, pack_vector(v));
}

// v = the vector at p in shared memory (LDS.128).
template <class T>
__device__ __forceinline__ void load_shared_vector(const T* p, T (&v)[kVectorItems<T>]) {
    unpack_vector(*reinterpret_cast<const uint4*>(p), v);
}

template <class T>
__device__ __forceinline__ void store_shared_vector(T* p, const T (&v)[kVectorItems<T>]) {
    *reinterpret_cast<uint4*>(p) = pack_vector(v);
}

// The same vector's positions one by one: those at or past n read as `fill`.
template <class T>
__device__ __forceinline__ void load_guarded(const T* in, int64_t first, int64_t n, T fill, T (&v)[kVectorItems<T>]) {
#pragma unroll
    for (int i = 0; i < kVectorItems<T>; ++i) v[i] = first + i < n ? in[first + i] : fill;
}

template <class T>
__device__ __forceinline__ void store_guarded(T* out, int64_t first, int64_t n, const T (&v)[kVectorItems<T>]) {
#pragma unroll
    for (int i = 0; i < kVectorItems<T>; ++i)
        if (first + i < n) out[first + i] = v[i];
}

// A vector of a partial tile: whole where it lies inside n and the arrays are aligned, else
// position by position.
template <CacheHints Hints, class T>
__device__ __forceinline__ void load_partial(const T* in, int64_t first, int64_t n, bool aligned, T fill, T (&v)[kVectorItems<T>]) {
    if (aligned && first + kVectorItems<T> <= n)
        load_vector<Hints>(in + first, v);
    else
        load_guarded(in, first, n, fill, v);
}

template <CacheHints Hints, class T>
__device__ __forceinline__ void store_partial(T* out, int64_t first, int64_t n, bool aligned, const T (&v)[kVectorItems<T>]) {
    if (aligned && first + kVectorItems<T> <= n)
        store_vector<Hints>(out + first, v);
    else
        store_guarded(out, first, n, v);
}

// One thread's K vectors of a tile, vector k at first + k * 32 * V ("warp-striped vectors",
// block_scan.cuh): whole vectors where the tile is whole and the arrays aligned, else vector by
// vector with the identity past n.
template <CacheHints Hints, int K, class T>
__device__ __forceinline__ void load_tile(const T* in, int64_t first, int64_t n, bool whole, bool aligned, T fill,
                                          T (&x)[K][kVectorItems<T>]) {
    constexpr int kStride = 32 * kVectorItems<T>;
    if (whole) {
#pragma unroll
        for (int k = 0; k < K; ++k) load_vector<Hints>(in + first + k * kStride, x[k]);
    } else {
#pragma unroll
        for (int k = 0; k < K; ++k) load_partial<Hints>(in, first + k * kStride, n, aligned, fill, x[k]);
    }
}

template <CacheHints Hints, int K, class T>
__device__ __forceinline__ void store_tile(T* out, int64_t first, int64_t n, bool whole, bool aligned, const T (&x)[K][kVectorItems<T>]) {
    constexpr int kStride = 32 * kVectorItems<T>;
    if (whole) {
#pragma unroll
        for (int k = 0; k < K; ++k) store_vector<Hints>(out + first + k * kStride, x[k]);
    } else {
#pragma unroll
        for (int k = 0; k < K; ++k) store_partial<Hints>(out, first + k * kStride, n, aligned, x[k]);
    }
}

}  // namespace scanlab::production
