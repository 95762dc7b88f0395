#include "core/input/overflow.hpp"
#include "core/input/resolve.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

namespace scanlab {
namespace {

template <class T, class Wide>
std::optional<std::string> check(const std::vector<T>& x, bool exclusive, bool prefixes_only, const std::vector<uint8_t>& flags,
                                 const char* type_name, const std::string& advice) {
    // An exclusive scan combines x[0..n-2]; the last input never enters a sum.
    const size_t n = exclusive ? (x.empty() ? 0 : x.size() - 1) : x.size();
    const Wide lo = std::numeric_limits<T>::lowest(), hi = std::numeric_limits<T>::max();
    // With head flags, input i starts a new run where its flag is set; in an exclusive segmented
    // scan, the last input of a segment never enters a sum (the next position loads the identity).
    const bool segmented = !flags.empty();
    auto restarts = [&](size_t i) { return segmented && flags[i]; };
    auto enters = [&](size_t i) { return !segmented || !exclusive || !flags[i + 1]; };
    Wide prefix = 0;
    for (size_t i = 0; i < n; ++i) {
        if (restarts(i)) prefix = 0;
        if (!enters(i)) continue;
        prefix += x[i];
        if (prefix > hi || prefix < lo)
            return "the running sum leaves the " + std::string(type_name) + " range at index " + std::to_string(i) + " (value " +
                   std::to_string(i + 1) + " of the input, " + std::to_string(x[i]) + "); " + advice;
    }
    if (prefixes_only) return std::nullopt;
    // Kadane: the largest and smallest sums of a contiguous run, with where that run starts.
    Wide best_hi = 0, best_lo = 0, run_hi = 0, run_lo = 0;
    size_t start_hi = 0, start_lo = 0, from = 0, to = 0;
    bool bad = false;
    for (size_t i = 0; i < n; ++i) {
        if (run_hi <= 0 || restarts(i)) {
            run_hi = 0;
            start_hi = i;
        }
        if (run_lo >= 0 || restarts(i)) {
            run_lo = 0;
            start_lo = i;
        }
        if (!enters(i)) continue;
        run_hi += x[i];
        run_lo += x[i];
        if (!bad && run_hi > hi) {
            bad = true;
            from = start_hi;
            to = i;
        }
        if (!bad && run_lo < lo) {
            bad = true;
            from = start_lo;
            to = i;
        }
        if (run_hi > best_hi) best_hi = run_hi;
        if (run_lo < best_lo) best_lo = run_lo;
    }
    if (bad)
        return "the partial sum of input elements " + std::to_string(from) + ".." + std::to_string(to) + " does not fit " + type_name +
               ", and the parallel algorithms add such runs; " + advice;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> find_sum_overflow(const ValueArray& input, bool exclusive, Voice voice, bool prefixes_only,
                                             const std::vector<uint8_t>& flags) {
    static const std::vector<uint8_t> none;
    const std::vector<uint8_t>& segments = flags.size() == size_of(input) ? flags : none;  // a mismatch is refused by resolve()
    if (auto* v = std::get_if<std::vector<int32_t>>(&input))
        return check<int32_t, int64_t>(*v, exclusive, prefixes_only, segments, "int32", "use " + setting(voice, Control::type, "int64"));
    if (auto* v = std::get_if<std::vector<int64_t>>(&input))
        return check<int64_t, __int128>(*v, exclusive, prefixes_only, segments, "int64",
                                        "use smaller values or " + setting(voice, Control::type, "double"));
    return std::nullopt;  // floats saturate to infinity instead of wrapping
}

std::string float_range_warning(const ValueArray& result, ElementType type) {
    return std::visit(
        [&result, type](const auto& r) -> std::string {
            using T = typename std::decay_t<decltype(r)>::value_type;
            if constexpr (std::is_floating_point_v<T>) {
                for (size_t i = 0; i < r.size(); ++i)
                    if (!std::isfinite(r[i]))
                        return "warning: the " + std::string(name(type)) + " scan leaves the finite range at index " + std::to_string(i) +
                               " (" + format_value(result, i) + "); a sum past the largest " + std::string(name(type)) +
                               " becomes inf (and inf + -inf becomes nan), and each algorithm adds in its own order "
                               "(sequential from the left, Kogge-Stone and Brent-Kung along their trees, block sums last), "
                               "so another algorithm can give other values from here on";
            }
            return "";
        },
        result);
}

}  // namespace scanlab
