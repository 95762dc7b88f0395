#include "core/course/slide_run.hpp"

#include <algorithm>
#include <set>

#include "core/algorithms/table.hpp"
#include "core/engine/backend.hpp"
#include "core/input/run_words.hpp"
#include "core/lesson/explain.hpp"
#include "core/lesson/step_text.hpp"
#include "core/lesson/verdict.hpp"
#include "core/lesson/work_counts.hpp"
#include "core/number_text.hpp"

namespace scanlab {
namespace {

// The cells step k writes by applying the operator: what a predict checkpoint asks for.
std::vector<int64_t> written_cells(const Step& s) {
    std::set<int64_t> cells;
    for (const Access& a : s.accesses)
        if (a.applies_op) cells.insert(a.dst + s.offset);
    return {cells.begin(), cells.end()};
}

// The block sums as the run leaves them: the last step whose array is S.
const Step* last_s_step(const Trace& t) {
    for (auto it = t.steps.rbegin(); it != t.steps.rend(); ++it)
        if (it->array == ArrayKind::s) return &*it;
    return nullptr;
}

void add_step_facts(SlideFacts& f, const Trace& t, size_t k) {
    const Step& s = t.steps[k];
    int64_t so_far = 0;
    for (size_t i = 0; i <= k; ++i) so_far += t.steps[i].counts.additions;
    f.numbers.push_back({"additions", so_far});
    f.numbers.push_back({"step", int64_t(k)});
    f.numbers.push_back({"active", s.counts.active_threads});
    f.numbers.push_back({"idle", s.counts.idle_threads});
    f.numbers.push_back({"step_additions", s.counts.additions});
    f.numbers.push_back({"level", s.level});
    f.words["label"] = step_label(s);
    f.words["cells"] = ranges(written_cells(s));
    const Verdict v = judge(t);
    const Explanation e = explain_step(t, final_steps(t, v), k, formula_for(t));
    // As Markdown: each sentence its paragraph, the indented lines (one per thread) a list.
    std::string said;
    for (const std::string& line : e.lines) {
        const bool item = line.rfind("  ", 0) == 0;
        said += (said.empty() ? "" : item ? "\n" : "\n\n") + (item ? "- " + line.substr(line.find_first_not_of(' ')) : line);
    }
    for (size_t at; (at = said.find("\n  ")) != std::string::npos;) said.replace(at, 3, "\n- ");
    f.words["explain"] = said;
}

void add_run_facts(SlideFacts& f, const Trace& t) {
    f.numbers.push_back({"N", t.n});
    f.numbers.push_back({"log2N", ceil_log2(t.n)});
    f.numbers.push_back({"section", t.section});
    f.numbers.push_back({"coarsening", t.coarsening});
    f.numbers.push_back({"resident", t.resident_blocks});
    f.numbers.push_back({"blocks", t.grid});
    f.numbers.push_back({"threads", t.threads_per_block});
    f.numbers.push_back({"warp", t.warp_width});
    f.numbers.push_back({"steps", int64_t(t.steps.size())});
    f.numbers.push_back({"total", t.counts.additions});
    f.numbers.push_back({"barriers", t.counts.barriers});
    f.numbers.push_back({"hazards", t.counts.hazards});
    f.numbers.push_back({"divergent", t.counts.divergent_warps});
    const PhaseCount whole = total_count(t);
    f.numbers.push_back({"work", whole.work()});
    f.numbers.push_back({"padding", whole.padding});
    const Verdict v = judge(t);
    f.numbers.push_back({"wrong", int64_t(v.wrong.size())});
    f.words["verdict"] = v.headline().empty() ? "the result equals the correct scan" : v.headline();
    f.words["algorithm"] = std::string(name(t.algorithm));
    f.words["schedule"] = t.schedule;
    f.words["input"] = row_text(t.input);
    f.words["result"] = row_text(t.result);
    if (const std::optional<WorkBound> b = work_bound(t)) {
        f.numbers.push_back({"bound", b->value});
        f.words["bound_text"] = b->text;
        f.words["bound_sentence"] = b->sentence();
    }
    if (const std::optional<Formula> fo = formula_for(t)) {
        f.numbers.push_back({"formula", fo->value});
        f.words["formula_text"] = fo->text;
    }
}

std::optional<std::string> element_value(const SlideFacts& f, const std::string& what) {
    // "Y[5]", "X[0]", "S[2]"
    if (what.size() < 4 || what[1] != '[' || what.back() != ']') return std::nullopt;
    const std::optional<int64_t> i = evaluate(what.substr(2, what.size() - 3), f.numbers);
    if (!i || *i < 0) return std::nullopt;
    const Trace& t = *f.trace;
    const ValueArray* v = nullptr;
    int64_t offset = 0;
    if (what[0] == 'X')
        v = &t.input;
    else if (what[0] == 'Y')
        v = &t.result;
    else if (what[0] == 'S' && last_s_step(t))
        v = &last_s_step(t)->values, offset = last_s_step(t)->offset;
    if (!v || *i - offset >= int64_t(size_of(*v)) || *i < offset) return std::nullopt;
    return format_value(*v, size_t(*i - offset));
}

std::optional<std::string> cell_value(const SlideFacts& f, const std::string& index) {
    if (f.step < 0) return std::nullopt;
    const Step& s = f.trace->steps[size_t(f.step)];
    const std::optional<int64_t> i = evaluate(index, f.numbers);
    if (!i || *i < s.offset || *i - s.offset >= int64_t(size_of(s.values))) return std::nullopt;
    return format_value(s.values, size_t(*i - s.offset));
}

}  // namespace

std::optional<std::string> placeholder_value(const SlideFacts& f, const std::string& inside) {
    const size_t space = inside.find(' ');
    const std::string head = inside.substr(0, space);
    const std::string rest = space == std::string::npos ? "" : inside.substr(space + 1);
    if (head == "value") return element_value(f, rest);
    if (head == "cell") return cell_value(f, rest);
    if (auto w = f.words.find(inside); w != f.words.end()) return w->second;
    const std::string formula = (head == "=" || head == "formula") && !rest.empty() ? rest : inside;
    if (const std::optional<int64_t> n = evaluate(formula, f.numbers)) return grouped(*n);
    return std::nullopt;
}

namespace {

std::string known_names(const SlideFacts& f) {
    std::string s;
    for (const auto& [name, value] : f.numbers) s += (s.empty() ? "" : ", ") + std::string(name);
    for (const auto& [name, text] : f.words) s += ", " + name;
    return s;
}

}  // namespace

RunSpec LessonRuns::spec(const std::string& file, const Slide& slide) {
    if (slide.run_words.empty())
        throw LessonError(at_line(file, slide.line, "this slide has no run: state one with ::: run --algo ALGO --preset NAME"));
    try {
        // The words of `scanlab trace`, read by the same parser; a lesson has no words of its own.
        RunSpec spec = parse_run_words(slide.run_words, [](const std::string&, const auto&) { return false; });
        spec.backend = BackendChoice::cpu;
        return spec;
    } catch (const ScanError& e) {
        throw LessonError(at_line(file, slide.run_line, e.what()));
    }
}

const Trace& LessonRuns::trace(const std::string& file, const Slide& slide) {
    const RunSpec s = spec(file, slide);
    auto& made = made_[slide.run_words];
    if (made) return *made;
    try {
        const PreparedRun run = prepare(s, Voice::cli, true);
        made = std::make_shared<const Trace>(make_cpu_backend()->run(run.resolved, run.input));
    } catch (const ScanError& e) {
        throw LessonError(at_line(file, slide.run_line, e.what()));
    }
    return *made;
}

SlideFacts slide_facts(const std::string& file, const Slide& slide, const Trace& trace) {
    SlideFacts f;
    f.trace = &trace;
    add_run_facts(f, trace);
    if (slide.first_step) {
        const long long steps = (long long)trace.steps.size();
        if (*slide.last_step >= steps)
            throw LessonError(at_line(file, slide.step_line,
                                      "step " + std::to_string(*slide.last_step) + " does not exist: this run of " +
                                          std::string(name(trace.algorithm)) + " has " + counted(steps, "step", "steps") +
                                          (steps ? ", #0 to #" + std::to_string(steps - 1) : std::string())));
        f.step = *slide.last_step;
        add_step_facts(f, trace, size_t(f.step));
    } else {
        f.numbers.push_back({"additions", trace.counts.additions});
    }
    return f;
}

std::string fill_placeholders(const std::string& file, int line, const std::string& text, const SlideFacts& facts) {
    std::string out;
    size_t at = 0;
    for (;;) {
        const size_t open = text.find("{{", at);
        if (open == std::string::npos) break;
        const size_t close = text.find("}}", open);
        if (close == std::string::npos) throw LessonError(at_line(file, line, "a placeholder {{ is not closed with }}"));
        const std::string inside = text.substr(open + 2, close - open - 2);
        const std::optional<std::string> value = placeholder_value(facts, inside);
        if (!value)
            throw LessonError(at_line(file, line,
                                      "{{" + inside + "}} has no value on this slide; its run gives " + known_names(facts) +
                                          ", value X[i], Y[i], S[i]" + (facts.step >= 0 ? ", cell i" : "")));
        out += text.substr(at, open - at) + *value;
        at = close + 2;
    }
    return out + text.substr(at);
}

std::string slide_markdown(const std::string& file, const Slide& slide, const SlideFacts& facts) {
    std::string md;
    for (const ProseLine& p : slide.prose) {
        const std::string line = fill_placeholders(file, p.line, p.text, facts);
        // The directives' lines leave blank lines behind; one blank line is a paragraph's end.
        if (line.find_first_not_of(" \t\r") == std::string::npos && (md.empty() || md.ends_with("\n\n"))) continue;
        md += line + "\n";
    }
    // A slide's prose keeps its blank lines inside, not at its ends.
    while (md.size() > 1 && md[md.size() - 1] == '\n' && md[md.size() - 2] == '\n') md.pop_back();
    return md;
}

}  // namespace scanlab
