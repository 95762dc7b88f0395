// The benchmark's vocabulary and parsing: plain C++, the same in every build.
#include <charconv>

#include "core/error.hpp"
#include "core/request.hpp"
#include "core/whole_number.hpp"
#include "kernels/bench/bench.hpp"

namespace scanlab::bench {

const std::vector<Algo>& all_algos() {
    static const std::vector<Algo> all{Algo::copy,    Algo::cub,     Algo::thrust, Algo::book_ks,    Algo::book_bk,
                                       Algo::hier_ks, Algo::hier_bk, Algo::slides, Algo::single_pass};
    return all;
}

std::string_view name(Algo a) {
    switch (a) {
        case Algo::copy: return "copy";
        case Algo::cub: return "cub";
        case Algo::thrust: return "thrust";
        case Algo::book_ks: return "book-ks";
        case Algo::book_bk: return "book-bk";
        case Algo::hier_ks: return "hier-ks";
        case Algo::hier_bk: return "hier-bk";
        case Algo::slides: return "slides";
        case Algo::single_pass: return "single-pass";
    }
    return "?";
}

std::string_view describe(Algo a) {
    switch (a) {
        case Algo::copy: return "cudaMemcpyAsync device to device of the same bytes: the physical limit of any scan";
        case Algo::cub: return "cub::DeviceScan (CUDA's own single-pass scan)";
        case Algo::thrust: return "thrust::inclusive_scan / exclusive_scan on device pointers";
        case Algo::book_ks: return "the book's hierarchical scan written plainly: Kogge-Stone blocks of 1024, kernel 3 adds S";
        case Algo::book_bk: return "the book's hierarchical scan written plainly: Brent-Kung sections of 2048 on 1024 threads";
        case Algo::hier_ks: return "the chapter's hierarchical scan (9.5) with Kogge-Stone blocks of 1024, untraced";
        case Algo::hier_bk: return "the chapter's hierarchical scan (9.5) with Brent-Kung blocks of 2048, untraced";
        case Algo::slides: return "the slides' scan_cuda + host scan of the block sums + add_cuda, host round trip included";
        case Algo::single_pass: return "Scan Lab's single-pass scan with decoupled look-back (kernels/production/)";
    }
    return "";
}

std::optional<Algo> parse_algo(std::string_view word) {
    for (Algo a : all_algos())
        if (word == name(a)) return a;
    return std::nullopt;
}

std::vector<int64_t> default_sizes() {
    std::vector<int64_t> sizes;
    for (int e = 10; e <= 28; ++e) sizes.push_back(int64_t(1) << e);
    return sizes;
}

bool BenchResult::all_verified() const {
    for (const BenchRow& r : rows)
        if (!r.skipped && !r.verified) return false;
    return true;
}

namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> parts;
    size_t start = 0;
    for (;;) {
        const size_t end = text.find(sep, start);
        parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return parts;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

const std::string kMaxText = std::to_string(kMaxElements) + " (2^28)";

}  // namespace

void check_config(const BenchConfig& c) {
    if (c.sizes.empty()) throw ScanError("no sizes to run: give --sizes, e.g. pow2:10..28");
    if (c.algos.empty()) throw ScanError("no algorithms to run: give --algos, e.g. copy,cub,single-pass");
    if (c.reps < 1 || c.reps > 100000) throw ScanError("--reps " + std::to_string(c.reps) + " must be from 1 to 100000");
    if (c.warmups < 0 || c.warmups > 1000) throw ScanError("warm-ups must be from 0 to 1000");
    for (int64_t n : c.sizes)
        if (n < 1 || n > kMaxElements)
            throw ScanError("N = " + std::to_string(n) + " is out of range: the benchmark takes N from 1 to " + kMaxText);
}

std::vector<int64_t> parse_sizes(std::string_view text) {
    std::vector<int64_t> sizes;
    if (trim(text).empty()) throw ScanError("--sizes is empty: give e.g. pow2:10..28 or 1000,4096");
    for (std::string_view raw : split(text, ',')) {
        const std::string_view item = trim(raw);
        if (item.empty()) throw ScanError("--sizes '" + std::string(text) + "' has an empty item (two commas in a row?)");
        if (item.starts_with("pow2:")) {
            const std::string_view range = item.substr(5);
            const size_t dots = range.find("..");
            const auto lo = parse_whole<int>(dots == std::string_view::npos ? range : range.substr(0, dots));
            const auto hi = dots == std::string_view::npos ? lo : parse_whole<int>(range.substr(dots + 2));
            if (!lo || !hi)
                throw ScanError("--sizes item '" + std::string(item) +
                                "' is not pow2:A..B or pow2:A with whole exponents, e.g. pow2:10..28");
            if (*lo < 0 || *hi > 28 || *lo > *hi)
                throw ScanError("--sizes item '" + std::string(item) + "' must have exponents from 0 to 28, the smaller first");
            for (int e = *lo; e <= *hi; ++e) sizes.push_back(int64_t(1) << e);
            continue;
        }
        const auto n = parse_whole<int64_t>(item);
        if (!n) throw ScanError("--sizes item '" + std::string(item) + "' is not a whole number or pow2:A..B");
        if (*n < 1 || *n > kMaxElements)
            throw ScanError("--sizes item " + std::string(item) + " is out of range: give N from 1 to " + kMaxText);
        sizes.push_back(*n);
    }
    return sizes;
}

std::vector<Algo> parse_algos(std::string_view text) {
    if (trim(text) == "all") return all_algos();
    std::vector<Algo> algos;
    for (std::string_view raw : split(text, ',')) {
        const std::string_view word = trim(raw);
        const auto a = parse_algo(word);
        if (!a) {
            std::string names;
            for (Algo b : all_algos()) names += (names.empty() ? "" : ", ") + std::string(name(b));
            throw ScanError("unknown algorithm '" + std::string(word) + "' in --algos; choose from " + names + " (or all)");
        }
        bool seen = false;
        for (Algo b : algos) seen = seen || b == *a;
        if (!seen) algos.push_back(*a);
    }
    return algos;
}

}  // namespace scanlab::bench
