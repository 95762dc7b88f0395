#pragma once
// Resolving a scan request against its input into a fully specified run (section, block size,
// grid), with every refusal explained. Both backends take the resolved form (core/request.hpp).
#include "core/input/wording.hpp"
#include "core/request.hpp"
#include "core/values.hpp"

namespace scanlab {

// Throws ScanError with a sentence the user can act on, naming the controls in `voice`.
ResolvedRequest resolve(const ScanRequest& request, const ValueArray& input, Voice voice = Voice::cli);
// The same from N alone, before any value is made or read: every refusal but the input's own (its
// type, an integer sum that overflows). What a run of N costs is known here.
ResolvedRequest resolve_shape(const ScanRequest& request, int64_t n, Voice voice = Voice::cli);
// The same but the head flags, which are made from N (every:K) or counted later: what a run of N
// costs, known before its values and its flags are made.
ResolvedRequest resolve_size(const ScanRequest& request, int64_t n, Voice voice = Voice::cli);

}  // namespace scanlab
