#pragma once
// Small helpers shared by the core tests: build a request, run the emulation, read typed values.
#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "core/algorithms/table.hpp"
#include "core/emulation/emulate.hpp"
#include "core/error.hpp"
#include "core/input/input.hpp"
#include "core/trace_io/trace_json.hpp"

namespace scanlab::testing {

// Small integers (−20 … 20): no overflow at any size, float sums exact so results compare bit
// for bit, and max and min see the identity lose.
template <class T>
std::vector<T> random_input(int64_t n, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<T> v(static_cast<size_t>(n));
    for (auto& x : v) x = static_cast<T>(int64_t(rng() % 41) - 20);
    return v;
}

// What every scan must give: std::inclusive_scan or exclusive_scan with the operator (std applies
// op(sum so far, next), the operand order of ours).
template <class T, template <class> class OpT>
std::vector<T> std_scan(const std::vector<T>& x, bool exclusive) {
    std::vector<T> y(x.size());
    if (exclusive)
        std::exclusive_scan(x.begin(), x.end(), y.begin(), OpT<T>::identity(), OpT<T>{});
    else
        std::inclusive_scan(x.begin(), x.end(), y.begin(), OpT<T>{});
    return y;
}

// A test parameter of operator, element type and direction, and its name: "sum_int32_inclusive".
using OpTypeDirection = std::tuple<OpKind, ElementType, bool>;
inline std::string op_type_direction_name(const ::testing::TestParamInfo<OpTypeDirection>& info) {
    const auto& [op, type, exclusive] = info.param;
    return std::string(name(op)) + "_" + std::string(name(type)) + (exclusive ? "_exclusive" : "_inclusive");
}

inline ScanRequest request(Algorithm a, int section = 0, Detail detail = Detail::full) {
    ScanRequest r;
    r.algorithm = a;
    r.section = section;
    r.detail = detail;
    return r;
}

// `r` with head flags for n values when it is a segmented scan given none: a segment every
// `every` values (0: no flag at all, the plain scan of the whole input).
inline ScanRequest flagged(ScanRequest r, int64_t n, int every = 5) {
    if (!algorithm_info(r.algorithm).takes_flags || !r.flags.empty()) return r;
    r.flags.assign(size_t(n), 0);
    for (int64_t i = 0; every > 0 && i < n; i += every) r.flags[size_t(i)] = 1;
    return r;
}

inline Trace run_text(const ScanRequest& r, const std::string& text) {
    const ValueArray x = parse_values(text, r.type);
    return emulate(flagged(r, int64_t(size_of(x))), x);
}

template <class T = int32_t>
std::vector<T> as(const ValueArray& v) {
    return std::get<std::vector<T>>(v);
}

// Figure 9.10's input as the book prints it (the fig9.10 preset), for a test that types it.
inline const std::string kFig910 = "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2";

inline std::vector<int32_t> ints(const std::string& text) { return as(parse_values(text, ElementType::int32)); }

// The sentence read_trace_json refuses `text` with, or "" when it loads.
inline std::string load_refusal(const std::string& text, const std::string& origin = "t.json") {
    std::istringstream in(text);
    try {
        read_trace_json(in, origin);
    } catch (const ScanError& e) {
        return e.what();
    }
    return "";
}

// The first step whose label contains `needle` (after `from`), or nullptr.
inline const Step* find_step(const Trace& t, const std::string& needle, size_t from = 0) {
    for (size_t i = from; i < t.steps.size(); ++i)
        if (step_label(t.steps[i]).find(needle) != std::string::npos) return &t.steps[i];
    return nullptr;
}

// The last step whose label contains `needle`.
inline const Step* find_last_step(const Trace& t, const std::string& needle) {
    const Step* found = nullptr;
    for (const Step& s : t.steps)
        if (step_label(s).find(needle) != std::string::npos) found = &s;
    return found;
}

}  // namespace scanlab::testing
