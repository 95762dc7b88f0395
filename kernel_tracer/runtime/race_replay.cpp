#include "kernel_tracer/runtime/race_replay.hpp"

#include <algorithm>
#include <chrono>

#include "core/emulation/warp_order.hpp"

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

namespace {

// The search for the shortest wrong schedule: replays until a budget is spent, so a large kernel's
// finding never waits long for it (each replay is a whole run).
struct Search {
    const Trace& run;
    const std::function<Replay(const TriedSchedule&)>& replay;
    int warps = 1;
    int replays_left = 200;
    std::chrono::steady_clock::time_point until = std::chrono::steady_clock::now() + std::chrono::seconds(2);

    bool spent() const { return replays_left <= 0 || std::chrono::steady_clock::now() > until; }
    // Wrong under `s`: its replay and verdict kept in `out`.
    bool wrong(const TriedSchedule& s, Replay& out, Verdict& v) {
        --replays_left;
        out = replay(s);
        if (!out.ran) return false;  // it did not end under this schedule
        Trace judged = run;
        judged.result = out.result;
        v = judge(judged);
        return !v.correct();
    }
    int64_t cost(const TriedSchedule& s) const {
        int64_t n = 0;
        for (const Schedule::Ahead& a : s.schedule.ahead) n += reorderings(warp_order(s.schedule, uint64_t(a.step) - 1, 0, warps));
        return n;
    }
};

// A schedule of the fixed list as steps whose warps run first (the last warp of each order is
// implied: it runs after all those listed).
TriedSchedule explicit_form(const TriedSchedule& s, int warps, int steps) {
    TriedSchedule e{s.warp_width, {}};
    e.schedule.kind = Schedule::Kind::first;
    for (int step = 0; step < steps; ++step) {
        std::vector<int> order = warp_order(s.schedule, uint64_t(step) - 1, 0, warps);
        order.pop_back();
        // Listing 0, 1, ... k-1 first changes nothing: that step runs in order.
        bool in_order = true;
        for (size_t i = 0; i < order.size(); ++i) in_order = in_order && order[i] == int(i);
        if (!in_order) e.schedule.ahead.push_back({step, order});
    }
    return e;
}

// Shrinks a wrong schedule while it stays wrong: whole steps back in order, then single warps
// back to their place, then a warp that runs first moved only just ahead of the one before it.
// Keeps the wrong schedule with the fewest reorderings.
void shrink(Search& search, TriedSchedule& best, Replay& best_replay, Verdict& best_verdict) {
    auto attempt = [&](const TriedSchedule& candidate) {
        if (search.spent() || search.cost(candidate) >= search.cost(best)) return false;
        Replay r;
        Verdict v;
        if (!search.wrong(candidate, r, v)) return false;
        best = candidate, best_replay = std::move(r), best_verdict = std::move(v);
        return true;
    };
    std::vector<Schedule::Ahead>& ahead = best.schedule.ahead;
    for (size_t k = ahead.size(); k-- > 0;) {
        TriedSchedule c = best;
        c.schedule.ahead.erase(c.schedule.ahead.begin() + std::ptrdiff_t(k));
        attempt(c);
    }
    // From the front: the warps listed first are the ones a reversed or shuffled order moved
    // furthest, and what stays is the lowest warp that still makes it wrong.
    for (size_t k = 0; k < ahead.size(); ++k)
        for (size_t i = 0; i < ahead[k].warps.size() && ahead[k].warps.size() > 1;) {
            TriedSchedule c = best;
            c.schedule.ahead[k].warps.erase(c.schedule.ahead[k].warps.begin() + std::ptrdiff_t(i));
            if (!attempt(c)) ++i;
        }
    // A warp w listed alone runs before all of 0..w-1; listed after 0..j-1 it passes only j..w-1.
    for (size_t k = 0; k < ahead.size(); ++k) {
        if (ahead[k].warps.size() != 1) continue;
        const int w = ahead[k].warps.front();
        for (int j = w - 1; j >= 1; --j) {
            TriedSchedule c = best;
            std::vector<int> listed;
            for (int i = 0; i < j; ++i) listed.push_back(i);
            listed.push_back(w);
            c.schedule.ahead[k].warps = listed;
            if (attempt(c)) break;
        }
    }
}

}  // namespace

void explain_races(std::vector<RawFinding>& findings, const Trace& run, bool used_warp_calls,
                   const std::function<Replay(const TriedSchedule&)>& replay) {
    Schedule mine = parse_schedule(run.schedule).value_or(Schedule{});
    std::string tried;
    const bool blocks = run.grid > 1;
    Search search{run, replay};
    for (const TriedSchedule& s : schedules_to_try(run.warp_width, mine, used_warp_calls)) {
        Replay r;
        Verdict v;
        search.warps = std::max(1, (run.threads_per_block + s.warp_width - 1) / s.warp_width);
        const bool wrong = search.wrong(s, r, v);
        if (!r.ran) continue;  // an endless loop under this schedule: not counted among those tried
        tried += (tried.empty() ? "" : "; ") + s.words();
        if (!wrong) continue;
        // The shortest wrong schedule the search finds from this one, within its budget.
        TriedSchedule best = s;
        int64_t count = 0;
        if (s.schedule.kind != Schedule::Kind::in_order) {
            const TriedSchedule e = explicit_form(s, search.warps, int(run.steps.size()) + 1);
            Replay er;
            Verdict ev;
            if (search.wrong(e, er, ev)) {
                best = e, r = std::move(er), v = std::move(ev);
                shrink(search, best, r, v);
                count = search.cost(best);
            } else {
                count = search.cost(e);  // the same orders (one block's): what the fixed schedule reorders
            }
        }
        for (RawFinding& f : findings) {
            if (!is_race(f)) continue;
            auto match =
                std::find_if(r.findings.begin(), r.findings.end(), [&](const RawFinding& x) { return is_race(x) && same_pair(x, f); });
            if (match == r.findings.end())
                match = std::find_if(r.findings.begin(), r.findings.end(), [](const RawFinding& x) { return is_race(x); });
            const std::string order = match == r.findings.end() ? "" : order_of(*match, blocks);
            f.detail = "wrong|" + best.words() + "|" + std::to_string(v.wrong.size()) + "|" + std::to_string(v.n) + "|" + order + "|" +
                       std::to_string(count) + "|" + (best.warp_width == 1 ? "thread" : "warp");
        }
        return;
    }
    for (RawFinding& f : findings)
        if (is_race(f)) f.detail = "right|" + tried;
}

}  // namespace scanlab::kernel_tracer
