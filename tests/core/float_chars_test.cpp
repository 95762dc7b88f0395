// Floats and doubles as text and back: what every build writes and reads is byte for byte what
// the desktop build's std::to_chars and std::from_chars write and read. The sample is large and
// made with exact integer and IEEE arithmetic only, so it is the same on every platform; its text
// and what reading gives are summed up in digests taken from the desktop build (libstdc++), which
// the web edition (Scan Lab's own algorithm) must reproduce. Where std has the floating-point forms,
// Scan Lab's own algorithm is also held against std value by value.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/float_chars.hpp"

namespace scanlab {
namespace {

// The digests of the sample below as the desktop build writes and reads it; a change to the
// sample changes them (print them with SCANLAB_PRINT_FLOAT_DIGESTS=1 on the desktop build).
constexpr uint64_t kDoubleTextDigest = 0x4333fdb1448cf167ull;
constexpr uint64_t kFloatTextDigest = 0xd27dfa67b8599ec0ull;
constexpr uint64_t kDoubleReadDigest = 0xb064c766d85440dfull;
constexpr uint64_t kFloatReadDigest = 0xd566a9624d8217b5ull;

struct SplitMix {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
};

struct Digest {
    uint64_t h = 1469598103934665603ull;
    void mix(const void* p, size_t n) {
        const auto* b = static_cast<const unsigned char*>(p);
        for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
    }
};

template <class T>
using Bits = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;

// std::bit_cast, which the web edition's libc++ 13 lacks.
template <class To, class From>
To bit_copy(From v) {
    To t;
    std::memcpy(&t, &v, sizeof t);
    return t;
}

// Every kind of value a trace holds and then some: random bit patterns (every exponent, NaNs and
// infinities among them), whole numbers and running sums as scans make them, halves and tenths,
// every power of two, the ends of the range and their neighbours.
template <class T>
std::vector<T> sample(size_t n) {
    SplitMix rng{sizeof(T) == 8 ? 0x5ca11ab0ull : 0xf1047ull};
    std::vector<T> v;
    v.reserve(n + 4000);
    const int p = sizeof(T) == 8 ? 53 : 24;
    const int lowest = sizeof(T) == 8 ? -1074 : -149, highest = sizeof(T) == 8 ? 1023 : 127;
    for (int e = lowest; e <= highest; ++e) {
        const T x = std::ldexp(T(1), e);
        v.push_back(x), v.push_back(std::nextafter(x, T(0))), v.push_back(std::nextafter(x, T(2) * x));
    }
    for (T x : {T(0), -T(0), std::numeric_limits<T>::max(), std::numeric_limits<T>::min(), std::numeric_limits<T>::denorm_min(),
                std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(), std::numeric_limits<T>::quiet_NaN()})
        v.push_back(x);
    T sum = 0;
    while (v.size() < n) {
        // Each draw in a statement of its own: the order in which a call's arguments are evaluated
        // differs between compilers (GCC's right to left, clang's left to right).
        const uint64_t r = rng.next(), a = rng.next(), b = rng.next();
        switch (r % 8) {
            case 0:
            case 1:
            case 2: v.push_back(bit_copy<T>(Bits<T>(a))); break;  // any bit pattern
            case 3: v.push_back(T(int64_t(a >> (64 - p - 8)) - (int64_t(1) << (p + 6)))); break;  // whole, some past 2^p
            case 4: sum += T(int64_t(a % 2001) - 1000) / T(int64_t(1) << (b % 12)), v.push_back(sum); break;
            case 5: v.push_back(T(int64_t(a % 2000001) - 1000000) / T(10 + 90 * (b % 3))); break;  // tenths, hundredths
            case 6: v.push_back(std::ldexp(T(int64_t(a % (uint64_t(1) << p))), int(b % 120) - 60)); break;
            default: v.push_back(T(a % 1000003) / T(1 + b % 997)); break;
        }
    }
    return v;
}

// Texts to read: what the sample writes, decimal strings of random length and exponent, whole
// numbers exactly halfway between two of T, and the edges of std::from_chars' grammar.
std::vector<std::string> texts_to_read(size_t n) {
    SplitMix rng{0x7e47ull};
    std::vector<std::string> t = {"0",
                                  "-0",
                                  "1e",
                                  "1e+",
                                  ".5",
                                  "5.",
                                  ".",
                                  "-",
                                  "inf",
                                  "-INF",
                                  "Infinity",
                                  "infinit",
                                  "nan",
                                  "-nan(ab_1)",
                                  "nan(",
                                  "+1",
                                  " 1",
                                  "0x1p3",
                                  "1e-400",
                                  "1e400",
                                  "-1e-400",
                                  "2e-324",
                                  "3e-324",
                                  "1e-320",
                                  "1e-46",
                                  "7e-46",
                                  "8e-46",
                                  "1e39",
                                  "3.4028236e38",
                                  "3.40282357e38",
                                  "1.7976931348623158e308",
                                  "1.7976931348623159e308",
                                  "2.4703282292062328e-324",
                                  "2.4703282292062327e-324",
                                  "00012",
                                  "0.000",
                                  "1e99999999999999999999",
                                  "1e-99999999999999999999",
                                  "0e99999",
                                  "123456789012345678901234567890"};
    std::string many(900, '3');
    t.push_back("0." + many);
    t.push_back(many + "e-1200");
    t.push_back("1" + std::string(790, '0') + "1e-800");
    while (t.size() < n) {
        const uint64_t r = rng.next();
        std::string s;
        if (r % 5 == 0) {
            // A whole number halfway between two doubles or two floats (or near it).
            const int p = r % 10 == 0 ? 53 : 24;
            const uint64_t m = (uint64_t(1) << p) | (rng.next() & ((uint64_t(1) << p) - 1));
            const int shift = 1 + int(rng.next() % uint64_t(63 - p));
            uint64_t w = (m << shift) | (uint64_t(1) << (shift - 1));
            if (rng.next() % 4 == 0) w += rng.next() % 3 - 1;
            s = std::to_string(w);
        } else {
            if (r & 8) s += '-';
            const int digits = 1 + int(rng.next() % 25);
            const int point = int(rng.next() % uint64_t(digits + 2)) - 1;
            for (int i = 0; i < digits; ++i) {
                if (i == point) s += '.';
                s += char('0' + rng.next() % 10);
            }
            if (r & 16) s += (r & 32 ? "e-" : "e") + std::to_string(rng.next() % 400);
        }
        t.push_back(s);
    }
    return t;
}

template <class T>
std::string float_text(T x) {
    char buf[64];
    const auto r = scanlab::to_chars(buf, buf + sizeof buf, x);
    return std::string(buf, r.ptr);
}

template <class T>
uint64_t text_digest(const std::vector<T>& v) {
    Digest d;
    for (T x : v) {
        const std::string s = float_text(x);
        d.mix(s.data(), s.size());
        d.mix("\n", 1);
    }
    return d.h;
}

// Reading each text: the value's bits (as they were, 0x55..., when nothing was read), the error
// and how many characters were read.
template <class T>
uint64_t read_digest(const std::vector<std::string>& texts) {
    Digest d;
    for (const std::string& s : texts) {
        T x = bit_copy<T>(Bits<T>(0x5555555555555555ull));
        const auto r = scanlab::from_chars(s.data(), s.data() + s.size(), x);
        const Bits<T> bits = std::isnan(x) ? Bits<T>(std::signbit(x)) : bit_copy<Bits<T>>(x);
        // The error as a number of its own: errno's values differ between C libraries (EINVAL is 22
        // in glibc, 28 in the web edition's).
        const int ec = r.ec == std::errc() ? 0 : r.ec == std::errc::invalid_argument ? 1 : r.ec == std::errc::result_out_of_range ? 2 : 3;
        const int64_t used = r.ptr - s.data();
        d.mix(&bits, sizeof bits), d.mix(&ec, sizeof ec), d.mix(&used, sizeof used);
    }
    return d.h;
}

bool print_digests() {
    const char* p = std::getenv("SCANLAB_PRINT_FLOAT_DIGESTS");
    return p && *p == '1';
}

constexpr size_t kValues = 400'000;
constexpr size_t kTexts = 200'000;

TEST(FloatChars, DoublesAreWrittenAsTheDesktopBuildWritesThem) {
    const uint64_t got = text_digest(sample<double>(kValues));
    if (print_digests()) std::printf("kDoubleTextDigest = 0x%016llxull\n", (unsigned long long)got);
    EXPECT_EQ(got, kDoubleTextDigest);
}

TEST(FloatChars, FloatsAreWrittenAsTheDesktopBuildWritesThem) {
    const uint64_t got = text_digest(sample<float>(kValues));
    if (print_digests()) std::printf("kFloatTextDigest = 0x%016llxull\n", (unsigned long long)got);
    EXPECT_EQ(got, kFloatTextDigest);
}

TEST(FloatChars, DoublesAreReadAsTheDesktopBuildReadsThem) {
    const uint64_t got = read_digest<double>(texts_to_read(kTexts));
    if (print_digests()) std::printf("kDoubleReadDigest = 0x%016llxull\n", (unsigned long long)got);
    EXPECT_EQ(got, kDoubleReadDigest);
}

TEST(FloatChars, FloatsAreReadAsTheDesktopBuildReadsThem) {
    const uint64_t got = read_digest<float>(texts_to_read(kTexts));
    if (print_digests()) std::printf("kFloatReadDigest = 0x%016llxull\n", (unsigned long long)got);
    EXPECT_EQ(got, kFloatReadDigest);
}

template <class T>
void expect_every_text_reads_back(const std::vector<T>& v) {
    size_t wrong = 0;
    for (T x : v) {
        if (std::isnan(x)) continue;
        const std::string s = float_text(x);
        T y{};
        const auto r = scanlab::from_chars(s.data(), s.data() + s.size(), y);
        if (r.ec != std::errc() || r.ptr != s.data() + s.size() || bit_copy<Bits<T>>(y) != bit_copy<Bits<T>>(x))
            if (++wrong <= 5) ADD_FAILURE() << s << " does not read back to the value it was written from";
    }
    EXPECT_EQ(wrong, 0u);
}

TEST(FloatChars, EveryDoubleWrittenReadsBackToItsOwnBits) { expect_every_text_reads_back(sample<double>(kValues)); }
TEST(FloatChars, EveryFloatWrittenReadsBackToItsOwnBits) { expect_every_text_reads_back(sample<float>(kValues)); }

// Scan Lab's own algorithm against std, value by value, where std has them (the desktop build):
// a difference is named, not only a digest that moved.
template <class T>
void expect_own_writing_is_std(const std::vector<T>& v) {
    if constexpr (!kStdFloatChars) {
        GTEST_SKIP() << "this standard library has no floating-point std::to_chars to compare with";
    } else {
        size_t wrong = 0;
        for (T x : v) {
            char a[64], b[64];
            const auto ra = float_chars::to_chars(a, a + sizeof a, x);
            const auto rb = std::to_chars(b, b + sizeof b, x);
            if (std::string(a, ra.ptr) != std::string(b, rb.ptr))
                if (++wrong <= 5) ADD_FAILURE() << "own " << std::string(a, ra.ptr) << " std " << std::string(b, rb.ptr);
        }
        EXPECT_EQ(wrong, 0u);
    }
}

template <class T>
void expect_own_reading_is_std(const std::vector<std::string>& texts) {
    if constexpr (!kStdFloatChars) {
        GTEST_SKIP() << "this standard library has no floating-point std::from_chars to compare with";
    } else {
        size_t wrong = 0;
        for (const std::string& s : texts) {
            T a = T(0.25), b = T(0.25);
            const auto ra = float_chars::from_chars(s.data(), s.data() + s.size(), a);
            const auto rb = std::from_chars(s.data(), s.data() + s.size(), b);
            const bool same_value =
                std::isnan(a) ? std::isnan(b) && std::signbit(a) == std::signbit(b) : bit_copy<Bits<T>>(a) == bit_copy<Bits<T>>(b);
            if (!same_value || ra.ec != rb.ec || ra.ptr != rb.ptr)
                if (++wrong <= 5)
                    ADD_FAILURE() << "'" << s.substr(0, 60) << "': own " << float_text(a) << " (ec " << int(ra.ec) << ", read "
                                  << ra.ptr - s.data() << "), std " << float_text(b) << " (ec " << int(rb.ec) << ", read "
                                  << rb.ptr - s.data() << ")";
        }
        EXPECT_EQ(wrong, 0u);
    }
}

TEST(FloatChars, OwnDoubleTextIsStdTextValueByValue) { expect_own_writing_is_std(sample<double>(kValues)); }
TEST(FloatChars, OwnFloatTextIsStdTextValueByValue) { expect_own_writing_is_std(sample<float>(kValues)); }
TEST(FloatChars, OwnDoubleReadingIsStdReadingTextByText) { expect_own_reading_is_std<double>(texts_to_read(kTexts)); }
TEST(FloatChars, OwnFloatReadingIsStdReadingTextByText) { expect_own_reading_is_std<float>(texts_to_read(kTexts)); }

}  // namespace
}  // namespace scanlab
