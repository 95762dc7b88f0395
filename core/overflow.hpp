#pragma once
// Integer sums that do not fit the element type are refused before any kernel runs.
//
// Every value a scan algorithm ever holds — a Kogge-Stone partial sum, a Brent-Kung tree node,
// a block sum, a scanned block sum — is the sum of a contiguous run of (shifted) inputs. So the
// run is safe exactly when every contiguous run's sum fits, which is checked in O(N) with
// Kadane's maximum and minimum subarray sums.
#include <optional>
#include <string>

#include "values.hpp"
#include "wording.hpp"

namespace scanlab {

// A sentence naming where the sum leaves the type's range, or nothing if every partial sum fits.
std::optional<std::string> find_sum_overflow(const ValueArray& input, bool exclusive, Voice voice = Voice::cli);

}  // namespace scanlab
