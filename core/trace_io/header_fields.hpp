#pragma once
// A trace file's header: each field of the run (core/trace.hpp's RunHeader) under its key, in the
// order the file writes them, with what a reader accepts. The writer and the reader both walk this
// one list, so a new run option is its field in RunHeader and one line here.
#include <cstdint>
#include <string_view>

#include "core/algorithms/lookback_window.hpp"
#include "core/algorithms/table.hpp"
#include "core/request.hpp"
#include "core/trace.hpp"

namespace scanlab {

// When a field is in the file.
enum class Presence : uint8_t {
    always,  // written always, required
    unless_zero,  // written when set (not 0, false or empty), optional: absent reads as unset
    with_block_schedule,  // written and required exactly when the run has a block schedule (the single-pass scans)
};

struct FieldRule {
    Presence presence = Presence::always;
    int64_t lo = 0, hi = 0;  // whole numbers: the range a reader accepts
};

// v(key, field, rule) for every field of the header, in file order. H is RunHeader or const RunHeader.
template <class H, class V>
void visit_header_fields(H& h, V&& v) {
    v("algorithm", h.algorithm, FieldRule{});
    v("block_algorithm", h.block_algorithm, FieldRule{});
    v("op", h.op, FieldRule{});
    v("type", h.type, FieldRule{});
    v("exclusive", h.exclusive, FieldRule{});
    v("n", h.n, FieldRule{Presence::always, 1, kMaxElements});
    v("section", h.section, FieldRule{Presence::always, 0, largest_section()});
    v("coarsening", h.coarsening, FieldRule{Presence::unless_zero, 1, largest_section()});
    v("threads_per_block", h.threads_per_block, FieldRule{Presence::always, 1, kMaxThreadsPerBlock});
    v("grid", h.grid, FieldRule{Presence::always, 1, kMaxElements});
    v("warp_width", h.warp_width, FieldRule{Presence::always, 1, kWarpSize});
    v("schedule", h.schedule, FieldRule{});
    v("detail", h.detail, FieldRule{});
    v("block_schedule", h.block_schedule, FieldRule{Presence::unless_zero});
    v("static_index", h.static_index, FieldRule{Presence::with_block_schedule});
    v("resident_blocks", h.resident_blocks, FieldRule{Presence::with_block_schedule, 0, kMaxResidentBlocks});
    v("window", h.lookback_window, FieldRule{Presence::unless_zero, 1, kMaxLookbackWindow});
    v("kernel", h.kernel, FieldRule{Presence::unless_zero});
}

}  // namespace scanlab
