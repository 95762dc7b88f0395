#include "core/trace_io/trace_check.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <tuple>

#include "core/algorithms/table.hpp"
#include "core/emulation/emulate.hpp"
#include "core/emulation/event_scan.hpp"
#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_header.hpp"
#include "core/input/trace_budget.hpp"
#include "core/number_text.hpp"

namespace scanlab {
namespace {

std::string step_name(size_t i, const Step& s) { return "step " + std::to_string(i + 1) + " (" + step_label(s) + ")"; }

// The first index where two arrays of one type differ in their bits, or -1.
int64_t first_difference(const ValueArray& a, const ValueArray& b, int64_t a_from, int64_t b_from, int64_t count) {
    return std::visit(
        [&](const auto& va) -> int64_t {
            using V = std::decay_t<decltype(va)>;
            const auto& vb = std::get<V>(b);
            for (int64_t k = 0; k < count; ++k)
                if (std::memcmp(&va[size_t(a_from + k)], &vb[size_t(b_from + k)], sizeof(va[0])) != 0) return k;
            return -1;
        },
        a);
}

std::string counts_text(const StepCounts& c) {
    return std::to_string(c.additions) + " additions, " + std::to_string(c.active_threads) + " active and " +
           std::to_string(c.idle_threads) + " idle threads, " + std::to_string(c.barriers) + " barriers, " +
           std::to_string(c.divergent_warps) + " divergent warps, " + std::to_string(c.hazards) + " hazards";
}

std::string totals_text(const TraceCounts& c) {
    return std::to_string(c.additions) + " additions, " + std::to_string(c.steps) + " steps, " + std::to_string(c.barriers) +
           " barriers, " + std::to_string(c.divergent_warps) + " divergent warps, " + std::to_string(c.hazards) + " hazards";
}

// The racy kernel's hazards depend on the order warps ran in, which only the emulation repeats.
StepCounts without_hazards(StepCounts c) { return c.hazards = 0, c; }
TraceCounts without_hazards(TraceCounts c) { return c.hazards = 0, c; }

// An event step's event and snapshot against the run's.
std::string check_event(const std::string& at, const Step& got, const Step& want) {
    if (got.event != want.event)
        return at + " stands where the run has " + (want.event ? event_label(*want.event) : std::string("no event"));
    const EventSnapshot &g = got.snapshot, &w = want.snapshot;
    if (g.empty()) return "";
    if (g.state != w.state || g.tile != w.tile || g.polls != w.polls || g.waits_on != w.waits_on || g.window_first != w.window_first ||
        g.window_last != w.window_last)
        return at + " shows the blocks otherwise than the run leaves them";
    if (g.status != w.status) return at + " shows flags that the run does not set";
    for (const auto& [a, b, what] : {std::tuple{&g.aggregate, &w.aggregate, "local totals"},
                                     {&g.prefix, &w.prefix, "carried prefixes"},
                                     {&g.exclusive, &w.exclusive, "exclusive prefixes"}})
        if (size_of(*a) != size_of(*b) || first_difference(*a, *b, 0, 0, int64_t(size_of(*a))) >= 0)
            return at + " shows " + what + " that the run does not compute";
    return "";
}

std::string check_step(size_t i, const Step& got, const Step& want, bool exact) {
    const std::string at = step_name(i, got);
    if (got.event || want.event)
        if (std::string problem = check_event(at, got, want); !problem.empty()) return problem;
    if (got.kernel != want.kernel || got.phase != want.phase || got.level != want.level || got.depth != want.depth ||
        got.coarsening != want.coarsening)
        return at + " stands where the run its header describes has " + step_name(i, want);
    if (got.array != want.array)
        return at + " shows " + std::string(name(got.array)) + " where the run shows " + std::string(name(want.array));
    if (got.blocks != want.blocks || got.threads_per_block != want.threads_per_block)
        return at + " says " + std::to_string(got.blocks) + " block(s) of " + std::to_string(got.threads_per_block) +
               " threads, the run launches " + std::to_string(want.blocks) + " of " + std::to_string(want.threads_per_block);
    if (size_of(got.values) != size_of(want.values) || got.offset != want.offset)
        return at + " holds " + std::to_string(size_of(got.values)) + " values from index " + std::to_string(got.offset) +
               ", but its kind implies " + std::to_string(size_of(want.values)) + " from index " + std::to_string(want.offset);
    if (got.accesses != want.accesses) {
        if (got.accesses.size() != want.accesses.size())
            return at + " lists " + std::to_string(got.accesses.size()) + " memory accesses, but " + std::to_string(want.accesses.size()) +
                   " threads read or write in that step";
        return at + " lists memory accesses the algorithm does not make";
    }
    for (size_t k = 0; k < got.hazards.size(); ++k)
        if (got.hazards[k] < 0 || size_t(got.hazards[k]) >= size_of(got.values) + size_t(got.offset) ||
            (k > 0 && got.hazards[k] <= got.hazards[k - 1]))
            return at + " marks hazards that are not sorted positions of its array";
    if (exact ? !(got.counts == want.counts) : !(without_hazards(got.counts) == without_hazards(want.counts)))
        return at + " counts " + counts_text(got.counts) + "; the run counts " + counts_text(want.counts);
    if (got.flags.size() != want.flags.size())
        return at + " holds " + std::to_string(got.flags.size()) + " head flags, but the run holds " + std::to_string(want.flags.size());
    for (size_t k = 0; k < got.flags.size(); ++k)
        if (got.flags[k] != want.flags[k])
            return at + " has flag " + std::to_string(got.flags[k]) + " at index " + std::to_string(got.offset + int64_t(k)) +
                   ", but the run gives " + std::to_string(want.flags[k]);
    if (exact) {
        if (got.hazards != want.hazards) return at + " marks hazards the run does not have";
        if (const int64_t k = first_difference(got.values, want.values, 0, 0, int64_t(size_of(got.values))); k >= 0)
            return at + " has " + format_value(got.values, size_t(k)) + " at index " + std::to_string(got.offset + k) +
                   ", but the run gives " + format_value(want.values, size_t(k));
    }
    return "";
}

// A student's kernel (kernel_tracer/) has no run to repeat: its trace is held to the shapes every
// view relies on, and its result to nothing (a wrong result is what the student came to see).
std::string kernel_trace_inconsistency(const Trace& t) {
    if (t.backend != "cpu") return "it records a student's kernel, which only the CPU runner traces";
    // A kernel's blocks ran one after another in the order of its block schedule; a replay is a device's.
    if (!t.block_schedule.empty() && !parse_block_schedule(t.block_schedule))
        return "its block schedule '" + t.block_schedule + "' is not one a student's kernel runs under";
    if (size_of(t.input) != size_t(t.n) || size_of(t.result) != size_t(t.n))
        return "its input and result do not both hold n = " + std::to_string(t.n) + " values";
    for (size_t i = 0; i < t.steps.size(); ++i) {
        const Step& s = t.steps[i];
        const std::string at = step_name(i, s);
        if (s.phase != Phase::load && s.phase != Phase::interval) return at + " is not a step a kernel's barriers make";
        // Host code's launches (K1, K2, K3) each have their own grid; the header gives the first's.
        const int64_t threads = int64_t(s.blocks) * int64_t(s.threads_per_block);
        if (s.blocks < 1 || s.threads_per_block < 1 ||
            (s.kernel == Kernel::single && (s.blocks != t.grid || s.threads_per_block != t.threads_per_block)))
            return at + " says " + std::to_string(s.blocks) + " block(s) of " + std::to_string(s.threads_per_block) +
                   " threads, the header " + std::to_string(t.grid) + " of " + std::to_string(t.threads_per_block);
        const int64_t length = int64_t(size_of(s.values)), from = s.phase == Phase::load ? t.n : length;
        for (const Access& a : s.accesses)
            if (a.thread < 0 || a.thread >= threads || a.dst < 0 || a.dst >= length || a.src < -1 || a.src >= from)
                return at + " lists an access outside its threads or its array";
        for (size_t k = 0; k < s.hazards.size(); ++k)
            if (s.hazards[k] < 0 || s.hazards[k] >= length || (k > 0 && s.hazards[k] <= s.hazards[k - 1]))
                return at + " marks hazards that are not sorted positions of its array";
        if (s.counts.hazards != int64_t(s.hazards.size())) return at + " counts hazards it does not mark";
    }
    if (t.detail == Detail::full && !(t.counts == total_counts(t.steps)))
        return "its counts say " + totals_text(t.counts) + ", but its steps add up to " + totals_text(total_counts(t.steps));
    return "";
}

// What the header and shape of `t` say before its run is repeated: a sentence, or "" with the run
// to repeat in `r` (and `result_only` where only its result can be held against the file's).
std::string header_inconsistency(const Trace& t, ResolvedRequest& r, bool& result_only) {
    if (!t.kernel.empty()) return kernel_trace_inconsistency(t);
    // A GPU trace's warps ran in the hardware's order; every kernel but the racy lesson gives the same
    // trace under any order, and the lesson's values are not compared for a GPU trace (below).
    if (t.schedule == "hardware" && t.backend != "gpu") return "its warp schedule '" + t.schedule + "' is not one Scan Lab has";
    ScanRequest q;
    try {
        q = request_of(t.run(), t.flags);
    } catch (const ScanError& e) {
        return e.what();
    }
    if (size_of(t.input) != size_t(t.n) || size_of(t.result) != size_t(t.n))
        return "its input and result do not both hold n = " + std::to_string(t.n) + " values";
    if (algorithm_info(t.algorithm).reach == Reach::one_thread && t.section != 0)
        return "it is a sequential trace with a section of " + std::to_string(t.section);
    const bool single_pass = algorithm_info(t.algorithm).reach == Reach::single_pass;
    if (single_pass) {
        // A device's run: its own order of events is what the emulation replays.
        if (replays_device_order(t.run())) q.block_schedule = replay_of(t);
    } else if (!t.block_schedule.empty() || t.static_index || !t.deadlock.empty()) {
        return "it has a block schedule, but " + std::string(name(t.algorithm)) + " is not a single-pass scan";
    }

    try {
        r = resolve(q, t.input);
    } catch (const ScanError& e) {
        return "its header and input describe no run Scan Lab makes (" + std::string(e.what()) + ")";
    }
    if (r.request.coarsening != t.coarsening)
        return "its coarsening is " + std::to_string(t.coarsening) + ", but " + std::string(name(t.algorithm)) + " with block algorithm " +
               std::string(name(t.block_algorithm)) + " runs " +
               (r.request.coarsening ? "C = " + std::to_string(r.request.coarsening) : "no coarsened blocks");
    if (r.section != t.section || r.threads_per_block != t.threads_per_block || r.grid != t.grid)
        return "N = " + std::to_string(t.n) + " in sections of " + std::to_string(r.section) + " runs " + std::to_string(r.grid) +
               " block(s) of " + std::to_string(r.threads_per_block) + " threads, but the header says " + std::to_string(t.grid) + " of " +
               std::to_string(t.threads_per_block);
    if (r.request.block_algorithm != t.block_algorithm)
        return "its block algorithm is " + std::string(name(t.block_algorithm)) + ", but " + std::string(name(t.algorithm)) +
               " scans its blocks with " + std::string(name(r.request.block_algorithm));
    if (r.request.sample.blocks != t.sample.blocks) return "its sample window runs past the last block";

    // The reference run is no larger than the trace itself once the step count agrees, so
    // checking it costs about what loading the file did.
    const TraceEstimate estimate = estimate_trace(r);
    if (t.detail == Detail::full && !single_pass) {
        if (int64_t(t.steps.size()) != estimate.steps)
            return "it lists " + std::to_string(t.steps.size()) + " steps, but " + std::string(name(t.algorithm)) +
                   " on N = " + std::to_string(t.n) + " takes " + std::to_string(estimate.steps);
        size_t bytes = 0;
        for (const Step& s : t.steps) bytes += step_bytes(size_of(s.values), s.accesses.size(), 0, t.type);
        if (estimate.trace_bytes > 2 * bytes + (size_t(64) << 20))
            return "its steps hold far fewer values than N = " + std::to_string(t.n) + " implies";
    }
    if (single_pass && t.detail == Detail::counts && q.block_schedule.kind == BlockSchedule::Kind::replay) {
        // A device's counts-only trace keeps no order of events to replay: its result must still be the scan.
        ScanRequest in_order = q;
        in_order.block_schedule = {};
        r = resolve(in_order, t.input);
        result_only = true;
        return "";
    }
    // Repeating an event-scheduled run costs its block turns, which a small file can ask for by
    // the billion (many resident blocks on a long chain of tiles): the check does no more work
    // than the file's own size justifies, a fixed multiple of the values and snapshot entries it holds.
    if (const EmulationCost c = emulation_cost(r); c.turns > 0) {
        const int64_t holds = t.n + int64_t(t.steps.size()) * (t.grid + 1);
        if (c.turns > std::max(kCheckTurnsFloor, kCheckTurnsPerEntry * holds))
            return "checking it would repeat a run of up to " + grouped(c.turns) + " block turns (" + grouped(c.tiles) + " tiles x " +
                   grouped(c.resident) + " resident blocks), far more work than a file of its size justifies";
    }
    return "";
}

// What the repeated run `want` says of `t`, once its `steps` steps went by (the first that differs
// from the file's in `step_problem`).
std::string run_inconsistency(const Trace& t, const Trace& want, size_t steps, const std::string& step_problem, bool exact) {
    const bool single_pass = algorithm_info(t.algorithm).reach == Reach::single_pass;
    if (t.steps.size() != steps) return "it lists " + std::to_string(t.steps.size()) + " steps, but its run takes " + std::to_string(steps);
    if (t.deadlock != want.deadlock)
        return want.deadlock.empty() ? "it reports a deadlock its run does not fall into" : "it does not report its run's deadlock";
    if (!step_problem.empty()) return step_problem;

    if (exact)
        if (const int64_t k = first_difference(t.result, want.result, 0, 0, t.n); k >= 0)
            return "its result has " + format_value(t.result, size_t(k)) + " at index " + std::to_string(k) + ", but the " +
                   (t.exclusive ? "exclusive " : "inclusive ") + std::string(name(t.op)) + " scan of its input gives " +
                   format_value(want.result, size_t(k));

    if (!t.steps.empty() && !single_pass) {
        const Step& last = t.steps.back();
        if (last.depth == 0 && last.array != ArrayKind::s && last.offset < t.n) {
            const int64_t count = std::min<int64_t>(int64_t(size_of(last.values)), t.n - last.offset);
            if (const int64_t k = first_difference(last.values, t.result, 0, last.offset, count); k >= 0)
                return "its last step has " + format_value(last.values, size_t(k)) + " at index " + std::to_string(last.offset + k) +
                       ", but its result has " + format_value(t.result, size_t(last.offset + k));
        }
    }
    const TraceCounts& c = t.counts;
    if (t.detail == Detail::full && !(c == total_counts(t.steps)))
        return "its counts say " + totals_text(c) + ", but its steps add up to " + totals_text(total_counts(t.steps));
    if (exact ? !(c == want.counts) : !(without_hazards(c) == without_hazards(want.counts)))
        return "its counts say " + totals_text(c) + ", but the run counts " + totals_text(want.counts);
    return "";
}

}  // namespace

// The run repeated a piece at a time: its steps are compared as it records them and none is kept,
// so the check holds one step of its own beside the file's trace, not a second trace.
struct TraceCheck::Run {
    ResolvedRequest r;
    bool result_only = false;  // a device's counts-only single-pass trace: only its result is held
    bool exact = true;  // the racy kernel's values are only repeatable where the emulation recorded them
    size_t steps = 0;
    int64_t expected_steps = 1;
    std::string step_problem;
    StepSink sink;
    std::optional<Emulation> emulation;
};

TraceCheck::TraceCheck(const Trace& t) : t_(t), run_(std::make_unique<Run>()) {
    Run& run = *run_;
    problem_ = header_inconsistency(t, run.r, run.result_only);
    if (!problem_.empty()) {
        done_ = true;
        return;
    }
    if (!t.kernel.empty()) {  // a student's kernel's trace has no run to repeat
        done_ = true;
        return;
    }
    run.exact = !algorithm_info(t.algorithm).racy || t.backend == "cpu";
    run.expected_steps = std::max<int64_t>(1, estimate_trace(run.r).steps);
    if (run.result_only) {
        // Its refusals are the run's own, as emulate() makes them.
        run.emulation.emplace(run.r, t.input);
        return;
    }
    run.sink = [this](Step&& s) {
        Run& run = *run_;
        if (run.step_problem.empty() && run.steps < t_.steps.size())
            run.step_problem = check_step(run.steps, t_.steps[run.steps], s, run.exact);
        ++run.steps;
    };
    try {
        run.emulation.emplace(run.r, t.input, &run.sink);
    } catch (const ScanError& e) {
        problem_ = std::string("its run could not be repeated (") + e.what() + ")";
        done_ = true;
    }
}

TraceCheck::~TraceCheck() = default;

bool TraceCheck::advance(int64_t pieces) {
    if (done_) return true;
    Run& run = *run_;
    if (run.result_only) {
        for (int64_t i = 0; i < pieces; ++i)
            if (run.emulation->advance()) {
                const Trace want = run.emulation->take();
                if (const int64_t k = first_difference(t_.result, want.result, 0, 0, t_.n); k >= 0)
                    problem_ = "its result has " + format_value(t_.result, size_t(k)) + " at index " + std::to_string(k) +
                               ", but the scan of its input gives " + format_value(want.result, size_t(k));
                return done_ = true;
            }
        return false;
    }
    try {
        for (int64_t i = 0; i < pieces; ++i)
            if (run.emulation->advance()) {
                problem_ = run_inconsistency(t_, run.emulation->take(), run.steps, run.step_problem, run.exact);
                run.emulation.reset();
                return done_ = true;
            }
    } catch (const ScanError& e) {
        problem_ = std::string("its run could not be repeated (") + e.what() + ")";
        run.emulation.reset();
        return done_ = true;
    }
    return false;
}

double TraceCheck::progress() const {
    if (done_) return 1.0;
    return std::min(0.99, double(run_->steps) / double(run_->expected_steps));
}

std::string first_inconsistency(const Trace& t) {
    TraceCheck check(t);
    while (!check.advance(int64_t(1) << 20)) {}
    return check.problem();
}

std::string stated_counts_inconsistency(const Trace& t, const StatedCounts& stated) {
    if (stated.has_phases) {
        const std::vector<PhaseCount> want = phase_counts(t);
        for (size_t i = 0; i < std::max(want.size(), stated.phases.size()); ++i) {
            if (i >= stated.phases.size()) return "its counts by phase leave out " + want[i].phase;
            const PhaseCount& p = stated.phases[i];
            if (i >= want.size()) return "its counts by phase list " + p.phase + ", a phase its steps do not have";
            if (!(p == want[i]))
                return "its counts by phase say " + p.phase + ": " + grouped(p.additions) + " additions, " + grouped(p.padding) +
                       " on padding, but its steps give " + want[i].phase + ": " + grouped(want[i].additions) + ", " +
                       grouped(want[i].padding);
        }
    }
    if (stated.bound) {
        const StatedBound& b = *stated.bound;
        const std::optional<WorkBound> want = work_bound(t);
        if (!want) return "it states a bound " + b.formula + ", but the table gives " + std::string(name(t.algorithm)) + " none";
        if (b.formula != want->text || b.n != want->n || b.value != want->value || b.work != want->work)
            return "its work_bound says real work " + grouped(b.work) + " against " + b.formula + " = " + grouped(b.value) +
                   " at N = " + grouped(b.n) + ", but its run gives " + want->sentence();
    }
    return "";
}

}  // namespace scanlab
