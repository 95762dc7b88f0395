#pragma once
// The index formulas of the algorithms' step rules (core/algorithms/table.hpp, StepRule), read as
// the explanation prints them: "(t + 1)·2·stride − 1", "t ≥ stride", "(t + 1) mod (2·stride) ≠ 0".
// The explanation evaluates the very text it shows, so a formula that says another algorithm's
// index math names other threads and other elements than the trace has, and the tests see it.
//
// The words: whole numbers; the names bound in `Bindings`; + − · (or *) / (floor division) mod ^;
// ⌊ ⌋ and ( ); the comparisons < ≤ > ≥ = ≠ and the words "and", "or". A comparison is 1 or 0.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace scanlab {

using Bindings = std::vector<std::pair<std::string_view, int64_t>>;

// The formula's value, or nothing where it names an unbound word or does not parse.
std::optional<int64_t> evaluate(std::string_view formula, const Bindings& names);

}  // namespace scanlab
