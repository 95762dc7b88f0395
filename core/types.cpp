#include "core/types.hpp"

#include <array>
#include <utility>

// The names of the algorithms live with their rows, in core/algorithms/table.cpp.
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

constexpr std::array<std::pair<OpKind, std::string_view>, 3> kOps{{{OpKind::sum, "sum"}, {OpKind::max, "max"}, {OpKind::min, "min"}}};
constexpr std::array<std::pair<ElementType, std::string_view>, 4> kTypes{
    {{ElementType::int32, "int32"}, {ElementType::int64, "int64"}, {ElementType::float32, "float"}, {ElementType::float64, "double"}}};
constexpr std::array<std::pair<Kernel, std::string_view>, 5> kKernels{
    {{Kernel::single, "scan"}, {Kernel::k1, "K1"}, {Kernel::k2, "K2"}, {Kernel::k3, "K3"}, {Kernel::host, "host"}}};
constexpr std::array<std::pair<Phase, std::string_view>, 12> kPhases{{{Phase::load, "load"},
                                                                      {Phase::stride, "stride"},
                                                                      {Phase::reduction, "reduction"},
                                                                      {Phase::distribution, "distribution"},
                                                                      {Phase::sequential, "sequential"},
                                                                      {Phase::block_sum_write, "block-sum-write"},
                                                                      {Phase::host_scan, "host-scan"},
                                                                      {Phase::add_block_sums, "add-block-sums"},
                                                                      {Phase::thread_scan, "thread-scan"},
                                                                      {Phase::add_predecessor, "add-predecessor"},
                                                                      {Phase::event, "event"},
                                                                      {Phase::interval, "interval"}}};
constexpr std::array<std::pair<ArrayKind, std::string_view>, 3> kArrays{{{ArrayKind::xy, "XY"}, {ArrayKind::s, "S"}, {ArrayKind::y, "Y"}}};

}  // namespace

std::string_view name(OpKind o) { return name_from(kOps, o); }
std::string_view name(ElementType t) { return name_from(kTypes, t); }
std::string_view name(Kernel k) { return name_from(kKernels, k); }
std::string_view name(Phase p) { return name_from(kPhases, p); }
std::string_view name(ArrayKind a) { return name_from(kArrays, a); }

std::optional<OpKind> parse_op(std::string_view s) { return parse_from(kOps, s); }
std::optional<ElementType> parse_type(std::string_view s) {
    if (s == "float32") return ElementType::float32;
    if (s == "float64") return ElementType::float64;
    return parse_from(kTypes, s);
}

}  // namespace scanlab
