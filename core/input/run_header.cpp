#include "core/input/run_header.hpp"

#include "core/algorithms/table.hpp"
#include "core/error.hpp"
#include "core/number_text.hpp"

namespace scanlab {

namespace {

// The options of the scan itself, which every run takes (a student's kernel's too), copied in
// either direction between a request and a header: a new option of that kind is one line here.
template <class From, class To>
void copy_scan_options(const From& from, To& to) {
    to.op = from.op;
    to.type = from.type;
    to.exclusive = from.exclusive;
    to.warp_width = from.warp_width;
}

// ... and with them the built-in algorithms' own, which a request and a header both hold under
// one name and one type.
template <class From, class To>
void copy_shared_options(const From& from, To& to) {
    copy_scan_options(from, to);
    to.algorithm = from.algorithm;
    to.block_algorithm = from.block_algorithm;
    to.coarsening = from.coarsening;
    to.detail = from.detail;
    to.sample = from.sample;
}

// The first launch and the warp order a header records.
void set_launch(RunHeader& h, LaunchShape launch, const Schedule& schedule) {
    h.section = launch.section;
    h.threads_per_block = launch.threads_per_block;
    h.grid = launch.grid;
    h.schedule = schedule.text();
}

}  // namespace

RunHeader run_header(const ResolvedRequest& r) {
    const ScanRequest& q = r.request;
    RunHeader h;
    copy_shared_options(q, h);
    h.n = r.n;
    set_launch(h, {r.section, r.threads_per_block, r.grid}, q.schedule);
    const AlgorithmInfo& row = algorithm_info(q.algorithm);
    if (row.reach == Reach::single_pass) {
        h.block_schedule = q.block_schedule.text();
        h.static_index = q.static_index;
        h.resident_blocks = q.block_schedule.kind == BlockSchedule::Kind::replay ? 0 : q.resident_blocks;
        if (row.takes_window) h.lookback_window = q.lookback_window;
    }
    return h;
}

RunHeader kernel_run_header(const ScanRequest& q, Algorithm like, LaunchShape launch, const std::string& kernel) {
    RunHeader h;
    copy_scan_options(q, h);
    h.algorithm = like;
    set_launch(h, launch, q.schedule);
    h.block_schedule = q.block_schedule.text();
    h.kernel = kernel;
    return h;
}

bool replays_device_order(const RunHeader& h) { return h.block_schedule == "hardware" || h.block_schedule == "replay"; }

ScanRequest request_of(const RunHeader& h, std::vector<uint8_t> flags) {
    ScanRequest q;
    copy_shared_options(h, q);
    q.section = algorithm_info(h.algorithm).reach == Reach::one_thread ? 0 : h.section;
    // A GPU trace's warps ran in the hardware's order; every kernel but the racy lesson gives the
    // same trace under any order.
    if (h.schedule != "hardware") {
        const auto schedule = parse_schedule(h.schedule);
        if (!schedule) throw ScanError("its warp schedule " + quoted_word(h.schedule) + " is not one Scan Lab has");
        q.schedule = *schedule;
    }
    q.flags = std::move(flags);
    if (algorithm_info(h.algorithm).reach == Reach::single_pass) {
        q.static_index = h.static_index;
        if (h.lookback_window > 0) q.lookback_window = h.lookback_window;
        if (!replays_device_order(h)) {
            const auto b = parse_block_schedule(h.block_schedule);
            if (!b) throw ScanError("its block schedule " + quoted_word(h.block_schedule) + " is not one Scan Lab has");
            q.block_schedule = *b;
            q.resident_blocks = h.resident_blocks;
        }
    }
    return q;
}

}  // namespace scanlab
