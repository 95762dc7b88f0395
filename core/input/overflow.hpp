#pragma once
// Integer sums that do not fit the element type are refused before any kernel runs.
//
// Every value a scan algorithm ever holds — a Kogge-Stone partial sum, a Brent-Kung tree node,
// a block sum, a scanned block sum — is the sum of a contiguous run of (shifted) inputs. So the
// run is safe exactly when every contiguous run's sum fits, which is checked in O(N) with
// Kadane's maximum and minimum subarray sums.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/input/wording.hpp"
#include "core/values.hpp"

namespace scanlab {

// A sentence naming where the sum leaves the type's range, or nothing if every partial sum fits.
// `prefixes_only`: the sequential loop only ever holds running sums from element 0, so for it only
// those must fit (-1, 2147483647, 1 scans fine in int32, though the run 2147483647 + 1 does not).
// `flags`: a segmented scan's head flags; its sums never cross the start of a segment, so only the
// runs inside each segment must fit.
std::optional<std::string> find_sum_overflow(const ValueArray& input, bool exclusive, Voice voice = Voice::cli, bool prefixes_only = false,
                                             const std::vector<uint8_t>& flags = {});

// For a float or double scan whose result left the finite range (the CLI warns on stderr, the app
// in its status line), a sentence naming the first index where it did; "" when every value is
// finite. Integer overflow is refused before a run; a float sum saturates instead, and where it
// saturates depends on the algorithm's order of additions.
std::string float_range_warning(const ValueArray& result, ElementType type);

}  // namespace scanlab
