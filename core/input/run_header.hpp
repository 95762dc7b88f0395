#pragma once
// From a resolved request to the run a trace records, and back: a backend writes the header with
// run_header(), and a check or a front end gets the request that runs the trace again with
// request_of(). Every option crosses here once, in both directions.
#include <vector>

#include "core/request.hpp"
#include "core/trace.hpp"

namespace scanlab {

RunHeader run_header(const ResolvedRequest& r);

// A run's first launch: its blocks, their threads, and the elements each block's section holds.
struct LaunchShape {
    int section = 0;
    int threads_per_block = 1;
    int64_t grid = 1;
};

// The run a student's kernel records: `request`'s operator, scan, warp width and warp and block
// schedules (the block schedule orders every launch's blocks, whatever the kernel is like), under
// the algorithm the student says it is like, at its own first launch, its file named `kernel`.
RunHeader kernel_run_header(const ScanRequest& request, Algorithm like, LaunchShape launch, const std::string& kernel);

// The request that runs `header` again on its input with `flags` (the segmented scan's). A device's
// block order ("hardware", "replay") cannot be said in words: it comes back in-order, and the caller
// replays the trace's own events instead. Throws ScanError, naming the field, for a schedule Scan
// Lab does not have.
ScanRequest request_of(const RunHeader& header, std::vector<uint8_t> flags = {});

// The block schedule of a header that comes from a device's own order of events.
bool replays_device_order(const RunHeader& header);

}  // namespace scanlab
