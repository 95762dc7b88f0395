#pragma once
// A race found in a run is shown, where it can be, by a schedule under which the result is wrong:
// the runner replays the kernel under a few other schedules, shortest first (threads one at a
// time in order, then reversed: `--warp-width 1`; then the warps in other orders), and each race
// finding says the first that gave a wrong result, with the order of the two accesses in it
// ("thread 3 writes XY[3] before thread 4 reads it"), or that the result was right under all.
#include <functional>
#include <string>
#include <vector>

#include "core/request.hpp"
#include "core/trace.hpp"
#include "kernel_tracer/runtime/block_runner.hpp"
#include "kernel_tracer/runtime/findings_log.hpp"

namespace scanlab::kernel_tracer {

bool is_race(const RawFinding& f);

// One schedule to replay: the warp width and warp order as run words give them.
struct TriedSchedule {
    int warp_width = kWarpSize;
    Schedule schedule;
    std::string words() const;  // "--warp-width 1 --schedule reverse"
};

// The schedules tried after a run with `warp_width` and `schedule`: threads one at a time (warp
// width 1, in order and reversed) unless the kernel makes warp-wide calls, which need whole warps;
// then the warps reversed and in a random order. The run's own schedule is left out.
std::vector<TriedSchedule> schedules_to_try(int warp_width, const Schedule& schedule, bool used_warp_calls);

struct Replay {
    bool ran = false;  // false: the replay stopped (an endless loop under this schedule); not counted
    ValueArray result;
    std::vector<RawFinding> findings;
};

// Replays under each schedule to try until one gives a wrong result (`run` holds the trace, whose
// result the replay's replaces to judge it), and writes into each race finding's detail what came
// of it (finding_text.cpp says it): "wrong|WORDS|K|N|ORDER" or "right|SCHEDULES".
void explain_races(std::vector<RawFinding>& findings, const Trace& run, bool used_warp_calls,
                   const std::function<Replay(const TriedSchedule&)>& replay);

}  // namespace scanlab::kernel_tracer
