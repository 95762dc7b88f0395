// Writing a trace file as a stream: each value goes out as it is formatted, so writing costs no
// memory beyond the trace itself at any size. The header comes first, so a reader knows n, the
// type and the run before it meets the arrays.
#include <ostream>
#include <type_traits>

#include "core/lesson/barrier_notes.hpp"
#include "core/lesson/explain.hpp"
#include "core/lesson/verdict.hpp"
#include "core/lesson/work_counts.hpp"
#include "core/trace_io/header_fields.hpp"
#include "core/trace_io/json_text.hpp"
#include "core/trace_io/trace_json.hpp"

namespace scanlab {
namespace {

void values(std::ostream& out, const ValueArray& v) {
    std::visit(
        [&out](const auto& vec) {
            out.put('[');
            for (size_t i = 0; i < vec.size(); ++i) {
                if (i) out.put(',');
                json_text::number(out, vec[i]);
            }
            out.put(']');
        },
        v);
}

void flags(std::ostream& out, const std::vector<uint8_t>& f) {
    out.put('[');
    for (size_t i = 0; i < f.size(); ++i) {
        if (i) out.put(',');
        out.put(f[i] ? '1' : '0');
    }
    out.put(']');
}

void key(std::ostream& out, std::string_view k, const char* indent) {
    out << indent;
    json_text::quoted(out, k);
    out << ": ";
}

void write_field(std::ostream& out, std::string_view k, int64_t v, const char* indent = "\n ") {
    key(out, k, indent);
    json_text::number(out, v);
    out.put(',');
}

void write_field(std::ostream& out, std::string_view k, std::string_view v, const char* indent = "\n ") {
    key(out, k, indent);
    json_text::quoted(out, v);
    out.put(',');
}

// The run's fields, as core/trace_io/header_fields.hpp lists them.
void header(std::ostream& out, const RunHeader& h) {
    visit_header_fields(h, [&]<class F>(std::string_view k, const F& v, FieldRule rule) {
        if (rule.presence == Presence::unless_zero && v == F{}) return;
        if (rule.presence == Presence::with_block_schedule && h.block_schedule.empty()) return;
        if constexpr (std::is_same_v<F, bool>) {
            key(out, k, "\n ");
            out << (v ? "true," : "false,");
        } else if constexpr (std::is_same_v<F, Detail>) {
            write_field(out, k, v == Detail::full ? "full" : "counts");
        } else if constexpr (std::is_enum_v<F>) {
            write_field(out, k, name(v));
        } else if constexpr (std::is_integral_v<F>) {
            write_field(out, k, int64_t(v));
        } else {
            write_field(out, k, std::string_view(v));
        }
    });
}

template <class V, class F>
void list(std::ostream& out, const std::vector<V>& v, F&& item) {
    out.put('[');
    for (size_t i = 0; i < v.size(); ++i) {
        if (i) out.put(',');
        item(v[i]);
    }
    out.put(']');
}

// A single-pass scan's event and the snapshot of every block and tile after it.
void event(std::ostream& out, const Event& e, const EventSnapshot& b, const char* in) {
    key(out, "event", in);
    out << "{\"seq\": " << e.seq << ", \"kind\": ";
    json_text::quoted(out, name(e.kind));
    out << ", \"block\": " << e.block << ", \"tile\": " << e.tile << ", \"polls\": " << e.polls;
    if (e.window_first >= 0)
        out << ", \"window_first\": " << e.window_first << ", \"window_last\": " << e.window_last << ", \"found\": " << e.found;
    out << "},";
    if (b.empty()) return;
    auto number = [&](auto x) { json_text::number(out, int64_t(x)); };
    key(out, "block_state", in);
    out << "{\"state\": ";
    list(out, b.state, [&](BlockState x) { json_text::quoted(out, name(x)); });
    out << ", \"tile\": ";
    list(out, b.tile, number);
    out << ", \"polls\": ";
    list(out, b.polls, number);
    out << ", \"waits_on\": ";
    list(out, b.waits_on, number);
    if (!b.window_first.empty()) {
        out << ", \"window_first\": ";
        list(out, b.window_first, number);
        out << ", \"window_last\": ";
        list(out, b.window_last, number);
    }
    out << "},";
    key(out, "tiles", in);
    out << "{\"status\": ";
    list(out, b.status, [&](TileStatus x) { json_text::quoted(out, name(x)); });
    out << ", \"aggregate\": ";
    values(out, b.aggregate);
    out << ", \"prefix\": ";
    values(out, b.prefix);
    out << ", \"exclusive\": ";
    values(out, b.exclusive);
    out << "},";
}

void step(std::ostream& out, const Trace& t, const Step& s, const std::vector<std::string>& explanation) {
    const char* in = "\n   ";
    out << "\n  {";
    write_field(out, "kernel", name(s.kernel), in);
    write_field(out, "phase", name(s.phase), in);
    write_field(out, "level", s.level, in);
    if (s.coarsening) write_field(out, "coarsening", s.coarsening, in);
    write_field(out, "depth", s.depth, in);
    write_field(out, "label", step_label(s), in);
    // Said for the reader, like the label; a file read back derives it again.
    if (const std::string note = unreached_barrier_note(t, s); !note.empty()) write_field(out, "note", note, in);
    // The step's explanation, as the app's pane and `scanlab trace --explain` say it: derived from
    // the trace like the label, for a reader of the file (a reader skips it and derives it again).
    if (!explanation.empty()) {
        key(out, "explanation", in);
        out.put('[');
        for (size_t i = 0; i < explanation.size(); ++i) {
            if (i) out << ", ";
            json_text::quoted(out, explanation[i]);
        }
        out << "],";
    }
    write_field(out, "array", name(s.array), in);
    if (!s.array_name.empty()) write_field(out, "array_name", s.array_name, in);
    write_field(out, "blocks", s.blocks, in);
    write_field(out, "threads_per_block", s.threads_per_block, in);
    if (s.offset) write_field(out, "offset", s.offset, in);
    write_field(out, "additions", s.counts.additions, in);
    write_field(out, "active_threads", s.counts.active_threads, in);
    write_field(out, "idle_threads", s.counts.idle_threads, in);
    write_field(out, "barriers", s.counts.barriers, in);
    write_field(out, "divergent_warps", s.counts.divergent_warps, in);
    write_field(out, "hazards", s.counts.hazards, in);
    if (s.event) {
        write_field(out, "polls", s.counts.polls, in);
        write_field(out, "waits", s.counts.waits, in);
        event(out, *s.event, s.snapshot, in);
    }
    key(out, "hazard_elements", in);
    out.put('[');
    for (size_t i = 0; i < s.hazards.size(); ++i) {
        if (i) out.put(',');
        json_text::number(out, s.hazards[i]);
    }
    out << "],";
    key(out, "accesses", in);
    out.put('[');
    for (size_t i = 0; i < s.accesses.size(); ++i) {
        const Access& a = s.accesses[i];
        if (i) out.put(',');
        out.put('[');
        json_text::number(out, a.thread);
        out.put(',');
        json_text::number(out, a.src);
        out.put(',');
        json_text::number(out, a.dst);
        out << (a.applies_op ? ",1]" : ",0]");
    }
    out << "],";
    key(out, "values", in);
    values(out, s.values);
    if (!s.flags.empty()) {
        out.put(',');
        key(out, "flags", in);
        flags(out, s.flags);
    }
    out << "\n  }";
}

// Whether the result is the scan of the input: derived from the trace (a reader recomputes it),
// written for the reader of the file and for scripts that check a run.
void verdict(std::ostream& out, const Trace& t) {
    const Verdict v = judge(t);
    key(out, "verdict", "\n ");
    out << "{\"correct\": " << (v.correct() ? "true" : "false") << ", \"wrong\": " << v.wrong.size();
    if (v.racy) out << ", \"possible_hazards\": " << v.possible_hazards;
    out << ", \"wrong_elements\": [";
    for (size_t i = 0; i < v.wrong.size(); ++i) {
        if (i) out.put(',');
        json_text::number(out, int64_t(v.wrong[i]));
    }
    out << "], \"expected_first\": " << v.first << ", \"expected\": ";
    values(out, v.expected);
    out << "},";
}

// Counts a student can quote, derived from the steps (a reader recomputes and checks them):
// each phase's additions with real work and padding apart, and the real work against the table's
// bound for the algorithm at N. A trace that keeps counts only has no steps to split.
void phases(std::ostream& out, const Trace& t) {
    const std::vector<PhaseCount> all = phase_counts(t);
    if (all.empty()) return;
    key(out, "phases", "\n ");
    out.put('[');
    for (size_t i = 0; i < all.size(); ++i) {
        const PhaseCount& p = all[i];
        out << (i ? ",\n  " : "\n  ") << "{\"phase\": ";
        json_text::quoted(out, p.phase);
        out << ", \"additions\": " << p.additions << ", \"work\": " << p.work() << ", \"padding\": " << p.padding << "}";
    }
    out << "],";
    if (const std::optional<WorkBound> b = work_bound(t)) {
        key(out, "work_bound", "\n ");
        out << "{\"formula\": ";
        json_text::quoted(out, b->text);
        out << ", \"chapter\": " << (b->chapter ? "true" : "false") << ", \"n\": " << b->n << ", \"value\": " << b->value
            << ", \"work\": " << b->work << ", \"relation\": ";
        json_text::quoted(out, b->relation());
        out << "},";
    }
}

// The head of the file, everything before the first step.
void write_head(std::ostream& out, const Trace& t) {
    out << '{';
    write_field(out, "format", "scanlab-trace");
    write_field(out, "version", kTraceFormatVersion);
    header(out, t.run());
    write_field(out, "backend", t.backend);
    if (!t.deadlock.empty()) write_field(out, "deadlock", t.deadlock);
    if (!t.sample.all()) {
        key(out, "sample", "\n ");
        out << "{\"first_block\": " << t.sample.first_block << ", \"blocks\": " << t.sample.blocks << "},";
    }
    const TraceCounts& c = t.counts;
    key(out, "counts", "\n ");
    out << "{\"additions\": " << c.additions << ", \"steps\": " << c.steps << ", \"barriers\": " << c.barriers
        << ", \"divergent_warps\": " << c.divergent_warps << ", \"hazards\": " << c.hazards;
    if (!t.block_schedule.empty() && t.kernel.empty()) out << ", \"polls\": " << c.polls << ", \"waits\": " << c.waits;
    out << "},";
    phases(out, t);
    key(out, "input", "\n ");
    values(out, t.input);
    out.put(',');
    if (!t.flags.empty()) {
        key(out, "flags", "\n ");
        flags(out, t.flags);
        out.put(',');
    }
    key(out, "steps", "\n ");
    out.put('[');
}

void write_tail(std::ostream& out, const Trace& t) {
    out << "],";
    verdict(out, t);
    key(out, "result", "\n ");
    values(out, t.result);
    out << "\n}\n";
}

}  // namespace

TraceJsonWriter::TraceJsonWriter(const Trace& trace, const std::vector<StepFinding>* findings) : t_(trace), findings_(findings) {}

bool TraceJsonWriter::write_some(std::ostream& out, size_t max_steps) {
    if (done()) return true;
    if (!started_) {
        write_head(out, t_);
        explained_ = t_.detail == Detail::full;
        if (explained_) finals_ = final_steps(t_, judge(t_));
        chapter_ = formula_for(t_);
        started_ = true;
        return done();
    }
    for (size_t written = 0; next_ < t_.steps.size() && written < max_steps; ++written, ++next_) {
        if (next_) out.put(',');
        step(out, t_, t_.steps[next_],
             explained_ ? explain_step(t_, finals_, next_, chapter_, findings_).lines : std::vector<std::string>{});
    }
    if (next_ == t_.steps.size()) {
        write_tail(out, t_);
        finished_ = true;
    }
    return done();
}

double TraceJsonWriter::progress() const {
    if (finished_) return 1.0;
    return started_ ? double(next_ + 1) / double(t_.steps.size() + 2) : 0.0;
}

void write_trace_json(std::ostream& out, const Trace& t, const std::vector<StepFinding>* findings) {
    TraceJsonWriter writer(t, findings);
    while (!writer.write_some(out, SIZE_MAX)) {}
}

}  // namespace scanlab
