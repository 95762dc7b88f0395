#pragma once
// Small helpers shared by the core tests: build a request, run the emulation, read typed values.
#include <string>
#include <vector>

#include "core/emulate.hpp"
#include "core/input.hpp"

namespace scanlab::testing {

inline ScanRequest request(Algorithm a, int section = 0, Detail detail = Detail::full) {
    ScanRequest r;
    r.algorithm = a;
    r.section = section;
    r.detail = detail;
    return r;
}

inline Trace run_text(const ScanRequest& r, const std::string& text) {
    return emulate(r, parse_values(text, r.type));
}

template <class T = int32_t>
std::vector<T> as(const ValueArray& v) {
    return std::get<std::vector<T>>(v);
}

inline std::vector<int32_t> ints(const std::string& text) { return as(parse_values(text, ElementType::int32)); }

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
