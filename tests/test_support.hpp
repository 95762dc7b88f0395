#pragma once
// Small helpers shared by the core tests: build a request, run the emulation, read typed values.
#include <sstream>
#include <string>
#include <vector>

#include "core/algorithms/table.hpp"
#include "core/emulate.hpp"
#include "core/error.hpp"
#include "core/input.hpp"
#include "core/trace_json.hpp"

namespace scanlab::testing {

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
