#include "kernel_tracer/host/grade.hpp"

#include <algorithm>
#include <map>

#include "core/emulation/emulate.hpp"
#include "core/error.hpp"
#include "core/input/run_spec.hpp"
#include "core/input/run_words.hpp"
#include "core/lesson/verdict.hpp"
#include "kernel_tracer/runtime/block_order_words.hpp"

namespace scanlab::kernel_tracer {
namespace {

struct Exercise {
    Algorithm like;
    bool exclusive;
    std::vector<std::string> section;  // the run words that size a section
    std::vector<int> sizes;            // hidden inputs, smallest first
};

Exercise exercise_of(int n) {
    if (n == 4) return {Algorithm::kogge_stone, true, {}, {1, 7, 16, 33, 100}};
    if (n == 5) return {Algorithm::hierarchical, false, {"--section", "8"}, {1, 7, 9, 40, 65}};
    throw UsageError("--exercise " + std::to_string(n) + ": grade takes Exercise 4 (the exclusive Kogge-Stone scan) or 5 (the hierarchical scan)");
}

// The schedules each input runs under: warps of 32 in order, then the warps and blocks reversed
// with warps of 8, then threads one at a time.
const std::vector<std::vector<std::string>>& schedules() {
    static const std::vector<std::vector<std::string>> all{
        {},
        {"--warp-width", "8", "--schedule", "reverse", "--block-schedule", "reverse"},
        {"--warp-width", "1", "--schedule", "random:5", "--block-schedule", "random:5"},
    };
    return all;
}

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
    return s;
}

// The built-in algorithm's additions on the same input: the chapter's work for it.
int64_t chapter_additions(const Exercise& e, const std::vector<std::string>& words) {
    std::vector<std::string> built = words;
    take_block_schedule(built);
    built.insert(built.end(), {"--algo", std::string(name(e.like)), "--backend", "cpu"});
    const RunSpec spec = parse_run_words(built, [](const std::string&, const auto&) { return false; });
    const PreparedRun run = prepare(spec);
    return emulate(run.resolved, run.input).counts.additions;
}

}  // namespace

bool Grade::passed() const {
    return std::all_of(checks.begin(), checks.end(), [](const GradeCheck& c) { return c.passed; });
}

Grade grade_exercise(int number, const std::string& file, bool every_type) {
    const Exercise e = exercise_of(number);
    Grade g;
    g.exercise = number;
    std::map<std::string, GradeCheck> by_name;
    std::vector<std::string> order;
    auto check = [&](const std::string& name) -> GradeCheck& {
        if (!by_name.contains(name)) by_name[name].name = name, order.push_back(name);
        return by_name[name];
    };
    auto fail = [](GradeCheck& c, const std::string& why, const std::string& replay) {
        if (!c.passed) return;  // the first failure is the smallest input: sizes grow
        c.passed = false;
        c.failure = why;
        c.replay = replay;
    };
    std::vector<std::pair<std::string, std::string>> kinds{{"int32", "sum"}, {"float64", "min"}};
    if (every_type) {
        kinds.clear();
        for (const char* type : {"int32", "int64", "float32", "float64"})
            for (const char* op : {"sum", "max", "min"}) kinds.emplace_back(type, op);
    }
    for (const auto& [type, op] : kinds)
            for (int n : e.sizes)
                for (const std::vector<std::string>& schedule : schedules()) {
                    std::vector<std::string> words{"--random", std::to_string(n), "--seed", "11", "--type", type, "--op", op};
                    if (e.exclusive) words.push_back("--exclusive");
                    words.insert(words.end(), e.section.begin(), e.section.end());
                    words.insert(words.end(), schedule.begin(), schedule.end());
                    KernelRequest r;
                    r.file = file;
                    r.words = words;
                    r.type_given = true;
                    r.like = e.like;
                    const std::string replay = "scanlab trace --kernel " + file + " --like " + std::string(name(e.like)) + " " + joined(words);
                    const std::string scan = std::string(e.exclusive ? "exclusive" : "inclusive") + " scan of " + type + " with " + op;
                    GradeCheck& right = check(scan);
                    GradeCheck& clean = check("no findings (races, out-of-bounds accesses, unwritten reads, barriers)");
                    // A scan already failed at a smaller input is not run again on larger ones.
                    if (!right.passed) continue;
                    ++right.runs, ++clean.runs;
                    const KernelTrace k = trace_kernel(r);
                    if (!k.traced) {
                        fail(right, "N = " + std::to_string(n) + ": " + k.ended, replay);
                        continue;
                    }
                    const Verdict v = judge(k.trace);
                    if (!v.correct())
                        fail(right, "N = " + std::to_string(n) + ": " + std::to_string(v.wrong.size()) + " of " + std::to_string(v.n) +
                                        " values wrong, first at " + std::to_string(v.wrong.front()), replay);
                    if (!k.findings.empty()) fail(clean, "N = " + std::to_string(n) + ": " + k.findings.front().sentence, replay);
                    if (schedule.empty() && op == "sum" && type == "int32") {
                        GradeCheck& work = check(std::string("work within the chapter's ") + std::string(name(e.like)) + "'s additions");
                        ++work.runs;
                        const int64_t chapter = chapter_additions(e, words);
                        if (k.trace.counts.additions > chapter)
                            fail(work, "N = " + std::to_string(n) + ": " + std::to_string(k.trace.counts.additions) + " additions, the chapter's " +
                                           std::to_string(chapter), replay);
                    }
                }
    // The scans first, type by type; then the checks that hold across them.
    std::stable_partition(order.begin(), order.end(), [](const std::string& name) { return name.find(" scan of ") != std::string::npos; });
    for (const std::string& name : order) g.checks.push_back(by_name[name]);
    return g;
}

}  // namespace scanlab::kernel_tracer
