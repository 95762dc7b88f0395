#include "types.hpp"

#include <array>
#include <utility>

namespace scanlab {
namespace {

template <class E, size_t N>
std::optional<E> parse_from(const std::array<std::pair<E, std::string_view>, N>& table, std::string_view s) {
    for (const auto& [e, n] : table)
        if (n == s) return e;
    return std::nullopt;
}
template <class E, size_t N>
std::string_view name_from(const std::array<std::pair<E, std::string_view>, N>& table, E e) {
    for (const auto& [v, n] : table)
        if (v == e) return n;
    return "?";
}

constexpr std::array<std::pair<Algorithm, std::string_view>, 8> kAlgorithms{{
    {Algorithm::sequential, "sequential"},
    {Algorithm::kogge_stone, "kogge-stone"},
    {Algorithm::kogge_stone_racy, "kogge-stone-racy"},
    {Algorithm::kogge_stone_double_buffer, "kogge-stone-double-buffer"},
    {Algorithm::brent_kung, "brent-kung"},
    {Algorithm::brent_kung_naive, "brent-kung-naive"},
    {Algorithm::hierarchical, "hierarchical"},
    {Algorithm::slides, "slides"},
}};
constexpr std::array<std::pair<OpKind, std::string_view>, 3> kOps{{
    {OpKind::sum, "sum"}, {OpKind::max, "max"}, {OpKind::min, "min"}}};
constexpr std::array<std::pair<ElementType, std::string_view>, 4> kTypes{{
    {ElementType::int32, "int32"}, {ElementType::int64, "int64"},
    {ElementType::float32, "float"}, {ElementType::float64, "double"}}};
constexpr std::array<std::pair<Kernel, std::string_view>, 5> kKernels{{
    {Kernel::single, "scan"}, {Kernel::k1, "K1"}, {Kernel::k2, "K2"}, {Kernel::k3, "K3"}, {Kernel::host, "host"}}};
constexpr std::array<std::pair<Phase, std::string_view>, 8> kPhases{{
    {Phase::load, "load"}, {Phase::stride, "stride"}, {Phase::reduction, "reduction"},
    {Phase::distribution, "distribution"}, {Phase::sequential, "sequential"},
    {Phase::block_sum_write, "block-sum-write"}, {Phase::host_scan, "host-scan"},
    {Phase::add_block_sums, "add-block-sums"}}};
constexpr std::array<std::pair<ArrayKind, std::string_view>, 3> kArrays{{
    {ArrayKind::xy, "XY"}, {ArrayKind::s, "S"}, {ArrayKind::y, "Y"}}};

}  // namespace

const std::vector<Algorithm>& all_algorithms() {
    static const std::vector<Algorithm> all = [] {
        std::vector<Algorithm> v;
        for (const auto& [a, n] : kAlgorithms) v.push_back(a);
        return v;
    }();
    return all;
}

std::string_view name(Algorithm a) { return name_from(kAlgorithms, a); }
std::string_view name(OpKind o) { return name_from(kOps, o); }
std::string_view name(ElementType t) { return name_from(kTypes, t); }
std::string_view name(Kernel k) { return name_from(kKernels, k); }
std::string_view name(Phase p) { return name_from(kPhases, p); }
std::string_view name(ArrayKind a) { return name_from(kArrays, a); }

std::optional<Algorithm> parse_algorithm(std::string_view s) { return parse_from(kAlgorithms, s); }
std::optional<OpKind> parse_op(std::string_view s) { return parse_from(kOps, s); }
std::optional<ElementType> parse_type(std::string_view s) {
    if (s == "float32") return ElementType::float32;
    if (s == "float64") return ElementType::float64;
    return parse_from(kTypes, s);
}

bool is_block_algorithm(Algorithm a) {
    return a == Algorithm::kogge_stone || a == Algorithm::kogge_stone_racy ||
           a == Algorithm::kogge_stone_double_buffer || a == Algorithm::brent_kung ||
           a == Algorithm::brent_kung_naive;
}

int max_section(Algorithm block_algo) { return block_algo == Algorithm::brent_kung ? 2048 : 1024; }

bool is_single_section(Algorithm a) { return is_block_algorithm(a); }

bool is_racy(Algorithm a) { return a == Algorithm::kogge_stone_racy; }

std::string_view describe(Algorithm a) {
    switch (a) {
        case Algorithm::sequential: return "one thread, N-1 additions (the work-efficiency baseline)";
        case Algorithm::kogge_stone: return "9.2 Kogge-Stone, in place with a temporary and two barriers per stride (the slides' kernel)";
        case Algorithm::kogge_stone_racy: return "LESSON, wrong on purpose: 9.2 in place with one barrier, XY[t] += XY[t-stride] races between warps";
        case Algorithm::kogge_stone_double_buffer: return "Kogge-Stone with two buffers swapped each stride";
        case Algorithm::brent_kung: return "9.4 Brent-Kung: reduction tree then distribution tree, index = (t+1)*2*stride-1";
        case Algorithm::brent_kung_naive: return "9.4 Brent-Kung with the (t+1) % (2*stride) == 0 test (more divergent warps)";
        case Algorithm::hierarchical: return "9.5 hierarchical scan: K1 scans sections and writes S, K2 scans S, K3 adds S";
        case Algorithm::slides: return "the slide deck: scan_cuda writes s[blockIdx.x+1], s scanned on the host, then add_cuda";
    }
    return "";
}

}  // namespace scanlab
