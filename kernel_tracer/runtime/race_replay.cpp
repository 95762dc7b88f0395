#include "kernel_tracer/runtime/race_replay.hpp"

#include <algorithm>

#include "core/lesson/verdict.hpp"

namespace scanlab::kernel_tracer {
namespace {

std::string who(int32_t thread, int64_t block, bool blocks) {
    return "thread " + std::to_string(thread) + (blocks ? " of block " + std::to_string(block) : std::string());
}

// The order the replay's race put the two accesses in, said as it happened.
std::string order_of(const RawFinding& r, bool blocks) {
    const std::string e = r.array + "[" + std::to_string(r.element) + "]";
    const std::string first = who(r.other_thread, r.block, blocks), then = who(r.thread, r.block, blocks);
    switch (r.kind) {
        case FindingKind::race_raw: return first + " writes " + e + " before " + then + " reads it";
        case FindingKind::race_war: return first + " reads " + e + " before " + then + " writes it";
        default: return first + " writes " + e + " before " + then + " writes it too";
    }
}

bool same_pair(const RawFinding& a, const RawFinding& b) {
    return (a.pc == b.pc && a.other_pc == b.other_pc) || (a.pc == b.other_pc && a.other_pc == b.pc);
}

}  // namespace

bool is_race(const RawFinding& f) {
    return f.kind == FindingKind::race_raw || f.kind == FindingKind::race_war || f.kind == FindingKind::race_waw;
}

std::string TriedSchedule::words() const { return "--warp-width " + std::to_string(warp_width) + " --schedule " + schedule.text(); }

std::vector<TriedSchedule> schedules_to_try(int warp_width, const Schedule& schedule, bool used_warp_calls) {
    std::vector<TriedSchedule> all;
    Schedule reverse;
    reverse.kind = Schedule::Kind::reverse;
    Schedule random;
    random.kind = Schedule::Kind::random;
    random.seed = 1;
    if (!used_warp_calls && warp_width > 1) all.insert(all.end(), {{1, Schedule{}}, {1, reverse}});
    all.insert(all.end(), {{warp_width, Schedule{}}, {warp_width, reverse}, {warp_width, random}});
    std::erase_if(all, [&](const TriedSchedule& s) { return s.warp_width == warp_width && s.schedule.text() == schedule.text(); });
    return all;
}

void explain_races(std::vector<RawFinding>& findings, const Trace& run, bool used_warp_calls,
                   const std::function<Replay(const TriedSchedule&)>& replay) {
    Schedule mine = parse_schedule(run.schedule).value_or(Schedule{});
    std::string tried;
    const bool blocks = run.grid > 1;
    for (const TriedSchedule& s : schedules_to_try(run.warp_width, mine, used_warp_calls)) {
        const Replay r = replay(s);
        if (!r.ran) continue;
        tried += (tried.empty() ? "" : "; ") + s.words();
        Trace judged = run;
        judged.result = r.result;
        const Verdict v = judge(judged);
        if (v.correct()) continue;
        for (RawFinding& f : findings) {
            if (!is_race(f)) continue;
            auto match = std::find_if(r.findings.begin(), r.findings.end(), [&](const RawFinding& x) { return is_race(x) && same_pair(x, f); });
            if (match == r.findings.end())
                match = std::find_if(r.findings.begin(), r.findings.end(), [](const RawFinding& x) { return is_race(x); });
            const std::string order = match == r.findings.end() ? "" : order_of(*match, blocks);
            f.detail = "wrong|" + s.words() + "|" + std::to_string(v.wrong.size()) + "|" + std::to_string(v.n) + "|" + order;
        }
        return;
    }
    for (RawFinding& f : findings)
        if (is_race(f)) f.detail = "right|" + tried;
}

}  // namespace scanlab::kernel_tracer
