// Floating point to text and back, exactly: the shortest digits by Steele & White's free-format
// algorithm in Burger & Dybvig's form (big integers for the value and its rounding interval), and
// reading by the exact value of the digits (a big integer, or a quotient of two) rounded once.
// Both agree with std::to_chars and std::from_chars byte for byte and bit for bit; the desktop
// builds use std's, the web edition these (core/float_chars.hpp says why).
#include "core/float_chars.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>

namespace scanlab::float_chars {
namespace {

// A non-negative integer of up to kWords 32-bit words, lowest first. The largest Scan Lab makes is
// about 2,700 bits (reading 800 digits at the bottom of double's range).
class Big {
public:
    static constexpr int kWords = 128;
    Big() = default;
    explicit Big(uint64_t v) { set(v); }
    Big(const Big& o) : n_(o.n_) { std::memcpy(w_, o.w_, sizeof(uint32_t) * size_t(n_)); }
    Big& operator=(const Big& o) {
        n_ = o.n_;
        std::memcpy(w_, o.w_, sizeof(uint32_t) * size_t(n_));
        return *this;
    }

    void set(uint64_t v) {
        n_ = 0;
        for (; v; v >>= 32) w_[n_++] = uint32_t(v);
    }
    bool zero() const { return n_ == 0; }
    int bits() const { return n_ == 0 ? 0 : 32 * (n_ - 1) + 32 - std::countl_zero(w_[n_ - 1]); }
    bool bit(int i) const { return i / 32 < n_ && (w_[i / 32] >> (i % 32)) & 1; }
    // Whether any bit below `i` is set.
    bool any_below(int i) const {
        for (int k = 0; k < std::min(i / 32, n_); ++k)
            if (w_[k]) return true;
        return i / 32 < n_ && i % 32 && (w_[i / 32] & ((1u << (i % 32)) - 1));
    }
    // The 64 bits from bit `i` up.
    uint64_t bits_from(int i) const {
        uint64_t v = 0;
        for (int b = 63; b >= 0; --b) v = v << 1 | uint64_t(bit(i + b));
        return v;
    }

    void mul_small(uint32_t m) {
        uint64_t carry = 0;
        for (int i = 0; i < n_; ++i) {
            const uint64_t p = uint64_t(w_[i]) * m + carry;
            w_[i] = uint32_t(p);
            carry = p >> 32;
        }
        if (carry) w_[n_++] = uint32_t(carry);
    }
    void mul_pow5(int e) {
        for (; e >= 13; e -= 13) mul_small(1220703125u);  // 5^13, the largest power of 5 in 32 bits
        static constexpr uint32_t pow5[13] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125, 244140625};
        if (e > 0) mul_small(pow5[e]);
    }
    void mul_pow10(int e) {
        mul_pow5(e);
        shl(e);
    }
    void shl(int b) {
        if (n_ == 0 || b == 0) return;
        const int words = b / 32, s = b % 32;
        if (s == 0) {
            for (int i = n_ - 1; i >= 0; --i) w_[i + words] = w_[i];
        } else {
            w_[n_ + words] = 0;
            for (int i = n_ - 1; i >= 0; --i) {
                w_[i + words + 1] |= w_[i] >> (32 - s);
                w_[i + words] = w_[i] << s;
            }
            ++n_;
        }
        for (int i = 0; i < words; ++i) w_[i] = 0;
        n_ += words;
        trim();
    }
    void shr1() {
        for (int i = 0; i < n_; ++i) w_[i] = (w_[i] >> 1) | (i + 1 < n_ ? w_[i + 1] << 31 : 0);
        trim();
    }
    void add(const Big& o) {
        uint64_t carry = 0;
        const int n = std::max(n_, o.n_);
        for (int i = 0; i < n; ++i) {
            const uint64_t s = uint64_t(i < n_ ? w_[i] : 0) + (i < o.n_ ? o.w_[i] : 0) + carry;
            w_[i] = uint32_t(s);
            carry = s >> 32;
        }
        n_ = n;
        if (carry) w_[n_++] = uint32_t(carry);
    }
    // *this -= q * o, which must not go below zero.
    void sub_mul(const Big& o, uint32_t q) {
        uint64_t carry = 0;  // of q * o
        int64_t borrow = 0;
        for (int i = 0; i < n_; ++i) {
            uint64_t p = carry;
            if (i < o.n_) p += uint64_t(o.w_[i]) * q;
            carry = p >> 32;
            const int64_t d = int64_t(w_[i]) - int64_t(uint32_t(p)) - borrow;
            w_[i] = uint32_t(d);
            borrow = d < 0;
        }
        trim();
    }
    friend int compare(const Big& a, const Big& b) {
        if (a.n_ != b.n_) return a.n_ < b.n_ ? -1 : 1;
        for (int i = a.n_ - 1; i >= 0; --i)
            if (a.w_[i] != b.w_[i]) return a.w_[i] < b.w_[i] ? -1 : 1;
        return 0;
    }
    // For *this < 10 * s: returns floor(*this / s) and keeps the remainder.
    int divide_digit(const Big& s) {
        if (compare(*this, s) < 0) return 0;
        // An estimate from the top 96 and 64 bits, never above the quotient, then exact.
        uint32_t q = 0;
        if (s.n_ >= 2) {
            const int j = s.n_ - 1;
            const unsigned __int128 a = (unsigned __int128)(j + 1 < n_ ? w_[j + 1] : 0) << 64 | (unsigned __int128)w_[j] << 32 | w_[j - 1];
            const unsigned __int128 b = ((unsigned __int128)s.w_[j] << 32 | s.w_[j - 1]) + 1;
            q = uint32_t(a / b);
        }
        if (q) sub_mul(s, q);
        while (compare(*this, s) >= 0) sub_mul(s, 1), ++q;
        return int(q);
    }

private:
    void trim() {
        while (n_ > 0 && w_[n_ - 1] == 0) --n_;
    }
    uint32_t w_[kWords];
    int n_ = 0;
};

// std::bit_cast, which the web edition's libc++ 13 lacks.
template <class To, class From>
To bit_copy(From v) {
    To t;
    std::memcpy(&t, &v, sizeof t);
    return t;
}

template <class T>
struct Ieee;
template <>
struct Ieee<double> {
    using Bits = uint64_t;
    static constexpr int p = 53;  // significand bits, the hidden one included
    static constexpr int bias = 1075;  // a normal number is 1.f * 2^(be - 1023): f * 2^(be - bias)
    static constexpr int emin = -1022, emax = 1023;
    static constexpr int max_l = 310, min_l = -324;  // decimal magnitudes past which it is inf or 0
    static constexpr int fast_exp = 22;  // 10^22 is the largest power of ten a double holds exactly
};
template <>
struct Ieee<float> {
    using Bits = uint32_t;
    static constexpr int p = 24;
    static constexpr int bias = 150;
    static constexpr int emin = -126, emax = 127;
    static constexpr int max_l = 40, min_l = -46;
    static constexpr int fast_exp = 10;
};

// ---- writing ----

// v > 0 as f * 2^e with f a whole number of at most p bits (the hidden bit made explicit).
template <class T>
std::pair<uint64_t, int> decompose(T v) {
    using F = Ieee<T>;
    const auto b = bit_copy<typename F::Bits>(v);
    const uint64_t frac = uint64_t(b) & ((uint64_t(1) << (F::p - 1)) - 1);
    const int be = int(uint64_t(b) >> (F::p - 1));
    return {be ? frac | uint64_t(1) << (F::p - 1) : frac, (be ? be : 1) - F::bias};
}

// The shortest digits of v > 0 that read back to v, closest to v: v ~ 0.d1d2...dn * 10^k.
template <class T>
int shortest_digits(T v, char* d, int& k) {
    const auto [f, e] = decompose(v);
    // A whole number below 2^p: its own digits, less trailing zeros, are the shortest.
    if (e <= 0 && (e > -64 && (f & ((uint64_t(1) << -e) - 1)) == 0)) {
        uint64_t m = f >> -e;
        char tmp[24] = {};
        int n = 0;
        for (; m; m /= 10) tmp[n++] = char('0' + m % 10);
        k = n;
        int first = 0;
        while (tmp[first] == '0') ++first;
        for (int i = n - 1; i >= first; --i) *d++ = tmp[i];
        return n - first;
    }
    // Where a reader rounds to nearest even, the interval's ends read back to v when f is even.
    const bool even = (f & 1) == 0;
    // The interval below a power of two is half as wide as above it.
    // (f is the hidden bit alone, and the exponent is above the smallest normal one.)
    const bool unequal = f == uint64_t(1) << (Ieee<T>::p - 1) && e > 1 - Ieee<T>::bias;
    Big r, s, mp, mm;
    r.set(f);
    if (e >= 0) {
        r.shl(e + (unequal ? 2 : 1));
        s.set(unequal ? 4 : 2);
        mp.set(1), mp.shl(e + (unequal ? 1 : 0));
        mm.set(1), mm.shl(e);
    } else {
        r.shl(unequal ? 2 : 1);
        s.set(1), s.shl((unequal ? 2 : 1) - e);
        mp.set(unequal ? 2 : 1);
        mm.set(1);
    }
    // v's upper end is below 10^k for this k or the next one (fixed up below).
    k = int(std::ceil((e + int(std::bit_width(f)) - 1) * 0.30102999566398114 - 1e-10));
    if (k >= 0) {
        s.mul_pow10(k);
    } else {
        r.mul_pow10(-k), mp.mul_pow10(-k), mm.mul_pow10(-k);
    }
    Big t = r;
    t.add(mp);
    if (const int c = compare(t, s); even ? c >= 0 : c > 0) s.mul_small(10), ++k;
    int n = 0;
    for (;;) {
        r.mul_small(10), mp.mul_small(10), mm.mul_small(10);
        int digit = r.divide_digit(s);
        const int cl = compare(r, mm);
        const bool low = even ? cl <= 0 : cl < 0;  // this digit ends a text inside the interval
        t = r;
        t.add(mp);
        const int ch = compare(t, s);
        const bool high = even ? ch >= 0 : ch > 0;  // and the next digit up too
        if (!low && !high) {
            d[n++] = char('0' + digit);
            continue;
        }
        if (high && !low) {
            ++digit;
        } else if (high && low) {  // both: the closer, on a tie the even one
            t = r;
            t.shl(1);
            const int c = compare(t, s);
            if (c > 0 || (c == 0 && (digit & 1))) ++digit;
        }
        d[n++] = char('0' + digit);
        return n;
    }
}

// v's whole-number digits, exactly (fixed text of a whole number below 10^23).
template <class T>
int exact_whole_digits(T v, char* d) {
    const auto [f, e] = decompose(v);
    unsigned __int128 m = e >= 0 ? (unsigned __int128)f << e : f >> -e;
    char tmp[48];
    int n = 0;
    do tmp[n++] = char('0' + int(m % 10)), m /= 10;
    while (m);
    for (int i = 0; i < n; ++i) d[i] = tmp[n - 1 - i];
    return n;
}

template <class T>
std::to_chars_result write(char* first, char* last, T v) {
    char out[64];
    char* o = out;
    if (std::signbit(v)) *o++ = '-';
    if (std::isnan(v) || std::isinf(v)) {
        for (const char* c = std::isnan(v) ? "nan" : "inf"; *c; ++c) *o++ = *c;
    } else if (v == 0) {
        *o++ = '0';
    } else {
        const T a = std::fabs(v);
        char d[32];
        int k = 0;
        const int n = shortest_digits(a, d, k);
        const int x = k - 1;  // the scientific exponent
        const int ax = x < 0 ? -x : x;
        const int sci_len = n + (n > 1) + 2 + (ax >= 100 ? 3 : 2);
        const int fixed_len = x >= 0 ? (n <= x + 1 ? x + 1 : n + 1) : n + 1 - x;
        if (fixed_len <= sci_len) {
            if (x >= 0 && n <= x + 1) {
                o += exact_whole_digits(a, o);
            } else if (x >= 0) {
                for (int i = 0; i < n; ++i) {
                    if (i == x + 1) *o++ = '.';
                    *o++ = d[i];
                }
            } else {
                *o++ = '0', *o++ = '.';
                for (int i = 0; i < -x - 1; ++i) *o++ = '0';
                for (int i = 0; i < n; ++i) *o++ = d[i];
            }
        } else {
            *o++ = d[0];
            if (n > 1) *o++ = '.';
            for (int i = 1; i < n; ++i) *o++ = d[i];
            *o++ = 'e', *o++ = x < 0 ? '-' : '+';
            if (ax >= 100) *o++ = char('0' + ax / 100);
            *o++ = char('0' + ax / 10 % 10), *o++ = char('0' + ax % 10);
        }
    }
    const size_t len = size_t(o - out);
    if (size_t(last - first) < len) return {last, std::errc::value_too_large};
    std::memcpy(first, out, len);
    return {first + len, std::errc()};
}

// ---- reading ----

// Rounds (q + a fraction, nonzero when `sticky`) * 2^k2 to the nearest T, ties to even. False
// when it rounds to zero or past the largest finite T.
template <class T>
bool round_binary(uint64_t q, int k2, bool sticky, T& out) {
    using F = Ieee<T>;
    const int e = int(std::bit_width(q)) - 1 + k2;  // the exponent of q's top bit
    if (e > F::emax) return false;
    int u = std::max(e, F::emin) - (F::p - 1);  // the exponent of the result's last bit
    const int shift = u - k2;
    uint64_t m = 0;
    bool half = false, rest = sticky;
    if (shift <= 0) {
        m = q << -shift;  // exact: only when q has no more bits than the result (and no fraction)
    } else if (shift <= 64) {
        m = shift == 64 ? 0 : q >> shift;
        half = (q >> (shift - 1)) & 1;
        rest = rest || (shift > 1 && (q & ((uint64_t(1) << (shift - 1)) - 1)));
    } else {
        rest = true;
    }
    if (half && (rest || (m & 1))) ++m;
    if (m == 0) return false;
    if (m >> F::p) m >>= 1, ++u;
    if (u + F::p - 1 > F::emax) return false;
    out = std::ldexp(T(m), u);
    return true;
}

bool ascii_iequal(const char* p, const char* last, const char* word) {
    for (; *word; ++word, ++p)
        if (p == last || (*p | 0x20) != *word) return false;
    return true;
}

template <class T>
std::from_chars_result read(const char* first, const char* last, T& value) {
    using F = Ieee<T>;
    const char* p = first;
    const bool negative = p != last && *p == '-';
    if (negative) ++p;
    if (p != last && ((*p | 0x20) == 'i' || (*p | 0x20) == 'n')) {
        if (ascii_iequal(p, last, "inf")) {
            p += 3;
            if (ascii_iequal(p, last, "inity")) p += 5;
            value = negative ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
            return {p, std::errc()};
        }
        if (ascii_iequal(p, last, "nan")) {
            p += 3;
            if (p != last && *p == '(') {
                const char* q = p + 1;
                while (q != last && (std::isalnum(static_cast<unsigned char>(*q)) || *q == '_')) ++q;
                if (q != last && *q == ')') p = q + 1;
            }
            value = negative ? -std::numeric_limits<T>::quiet_NaN() : std::numeric_limits<T>::quiet_NaN();
            return {p, std::errc()};
        }
        return {first, std::errc::invalid_argument};
    }
    // The significant digits (no leading zeros, at most kKept of them) as the whole number D, and
    // value = D * 10^E (plus something below D's last digit, when digits were dropped: `sticky`).
    // Every halfway point between two doubles has at most 767 significant digits, so the first 800
    // round as all of them do.
    constexpr int kKept = 800;
    char digits[kKept];
    int nd = 0;
    int64_t e10 = 0;
    bool sticky = false, any_digit = false;
    auto take = [&](char c, bool fraction) {
        any_digit = true;
        if (nd == 0 && c == '0') {
            if (fraction) --e10;
            return;
        }
        if (nd < kKept) {
            digits[nd++] = c;
            if (fraction) --e10;
        } else {
            sticky = sticky || c != '0';
            if (!fraction) ++e10;
        }
    };
    for (; p != last && *p >= '0' && *p <= '9'; ++p) take(*p, false);
    if (p != last && *p == '.') {
        ++p;
        for (; p != last && *p >= '0' && *p <= '9'; ++p) take(*p, true);
    }
    if (!any_digit) return {first, std::errc::invalid_argument};
    if (p != last && (*p | 0x20) == 'e') {
        const char* q = p + 1;
        const bool exp_negative = q != last && *q == '-';
        if (q != last && (*q == '-' || *q == '+')) ++q;
        if (q != last && *q >= '0' && *q <= '9') {
            int64_t x = 0;
            for (; q != last && *q >= '0' && *q <= '9'; ++q) x = std::min<int64_t>(x * 10 + (*q - '0'), 1'000'000'000);
            e10 += exp_negative ? -x : x;
            p = q;
        }
    }
    while (nd > 0 && digits[nd - 1] == '0') --nd, ++e10;
    const T sign = negative ? T(-1) : T(1);
    if (nd == 0) {
        value = sign * T(0);
        return {p, std::errc()};
    }
    const int64_t magnitude = nd + e10;  // 10^(magnitude-1) <= value < 10^magnitude
    if (magnitude > F::max_l || magnitude < F::min_l) return {p, std::errc::result_out_of_range};
    const int e = int(e10);
    // Few digits and a small power of ten: one exact division or product, rounded once.
    if (nd <= 19 && !sticky) {
        uint64_t w = 0;
        for (int i = 0; i < nd; ++i) w = w * 10 + uint64_t(digits[i] - '0');
        if (w <= (uint64_t(1) << F::p) && e >= -F::fast_exp && e <= F::fast_exp) {
            T pow10 = 1;
            for (int i = 0; i < (e < 0 ? -e : e); ++i) pow10 *= 10;
            value = sign * (e < 0 ? T(w) / pow10 : T(w) * pow10);
            return {p, std::errc()};
        }
    }
    Big d;
    for (int i = 0; i < nd; ++i) d.mul_small(10), d.add(Big(uint64_t(digits[i] - '0')));
    uint64_t q = 0;
    int k2 = 0;
    if (e >= 0) {
        d.mul_pow10(e);
        const int shift = std::max(0, d.bits() - 64);
        q = d.bits_from(shift);
        sticky = sticky || d.any_below(shift);
        k2 = shift;
    } else {
        // D / 10^-E = (D / 5^-E) * 2^E: a quotient of 63 or 64 bits, by long division.
        Big s(1);
        s.mul_pow5(-e);
        const int k = 63 + s.bits() - d.bits();  // D * 2^k / S has 63 or 64 bits
        if (k >= 0)
            d.shl(k);
        else
            s.shl(-k);
        const int top = d.bits() - s.bits();
        Big t = s;
        t.shl(std::max(top, 0));
        for (int i = top; i >= 0; --i) {
            if (compare(d, t) >= 0) d.sub_mul(t, 1), q |= uint64_t(1) << i;
            t.shr1();
        }
        sticky = sticky || !d.zero();
        k2 = e - k;
    }
    T rounded{};
    if (!round_binary(q, k2, sticky, rounded)) return {p, std::errc::result_out_of_range};
    value = sign * rounded;
    return {p, std::errc()};
}

}  // namespace

std::to_chars_result to_chars(char* first, char* last, double v) { return write(first, last, v); }
std::to_chars_result to_chars(char* first, char* last, float v) { return write(first, last, v); }
std::from_chars_result from_chars(const char* first, const char* last, double& v) { return read(first, last, v); }
std::from_chars_result from_chars(const char* first, const char* last, float& v) { return read(first, last, v); }

}  // namespace scanlab::float_chars
