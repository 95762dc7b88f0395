#include "kernel_tracer/host/grade.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include "core/emulation/emulate.hpp"
#include "core/error.hpp"
#include "core/input/run_spec.hpp"
#include "core/input/run_words.hpp"
#include "core/lesson/verdict.hpp"
#include "core/number_text.hpp"
#include "kernel_tracer/host/kernel_words.hpp"

namespace scanlab::kernel_tracer {

// The file as the report names it: as given, ready to paste into a shell, unless it holds a control
// or bidirectional character (a newline would start a line of its own, U+202E turn the rest of the
// line around): then quoted short with those escaped, as every sentence quotes a path.
std::string path_word(const std::string& file) { return shows_as_typed(file) ? file : quoted_path(file); }
namespace {

struct Exercise {
    Algorithm like;
    bool exclusive;
    std::vector<std::string> section;  // the run words that size a section
    std::vector<int> sizes;  // hidden inputs, smallest first
};

Exercise exercise_of(int n) {
    if (n == 4) return {Algorithm::kogge_stone, true, {}, {1, 7, 16, 33, 100}};
    if (n == 5) return {Algorithm::hierarchical, false, {"--section", "8"}, {1, 7, 9, 40, 65}};
    throw UsageError("--exercise " + std::to_string(n) +
                     ": grade takes Exercise 4 (the exclusive Kogge-Stone scan) or 5 (the hierarchical scan)");
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
    // The kernel's run, as the built-in algorithm runs it: its blocks in the algorithm's own order.
    RunSpec spec = parse_kernel_words(words).spec;
    spec.request.algorithm = e.like;
    spec.request.block_schedule = {};
    spec.backend = BackendChoice::cpu;
    const PreparedRun run = prepare(spec);
    return emulate(run.resolved, run.input).counts.additions;
}

// The grade as it is built: its checks in the order they first came, and the runs made.
struct Grading {
    const Exercise& e;
    const std::string& file;
    const GradeOptions& options;
    Grade g;
    std::map<std::string, GradeCheck> by_name;
    std::vector<std::string> order;
    int done = 0, total = 0;

    GradeCheck& check(const std::string& name) {
        if (!by_name.contains(name)) by_name[name].name = name, order.push_back(name);
        return by_name[name];
    }
    // The first failure of a check is its smallest input: sizes grow.
    static void fail(GradeCheck& c, const std::string& why, const std::string& replay, const std::vector<std::string>& words) {
        if (!c.passed) return;
        c.passed = false;
        c.failure = why;
        c.replay = replay;
        c.failing_words = words;
    }
    bool cancelled() const { return options.cancel && options.cancel->load(); }
    void run(const std::string& type, const std::string& op, int n, const std::vector<std::string>& schedule);
};

void Grading::run(const std::string& type, const std::string& op, int n, const std::vector<std::string>& schedule) {
    std::vector<std::string> words{"--random", std::to_string(n), "--seed", "11", "--type", type, "--op", op};
    if (e.exclusive) words.push_back("--exclusive");
    words.insert(words.end(), e.section.begin(), e.section.end());
    words.insert(words.end(), schedule.begin(), schedule.end());
    KernelRequest r;
    r.file = file;
    r.spec = parse_kernel_words(words).spec;
    r.type_given = true;
    r.like = e.like;
    r.cancel = options.cancel;
    r.trust = options.trust;
    const std::string replay = "scanlab trace --kernel " + path_word(file) + " --like " + std::string(name(e.like)) + " " + joined(words);
    const std::string scan = std::string(e.exclusive ? "exclusive" : "inclusive") + " scan of " + type + " with " + op;
    GradeCheck& right = check(scan);
    GradeCheck& clean = check("no findings (races, out-of-bounds accesses, unwritten reads, barriers)");
    // A scan already failed at a smaller input is not run again on larger ones.
    if (!right.passed) return;
    const std::string at = "N = " + std::to_string(n) + ": ";
    KernelTrace k;
    try {
        k = trace_kernel(r);
    } catch (const ScanError& e) {
        // A file that does not compile is no grade at all; a run refused for this type or size
        // (a kernel of its own type asked for another) fails this check, and the others go on.
        if (cancelled() || std::string_view(e.what()).starts_with(kDoesNotCompile)) throw;
        ++right.runs, ++clean.runs;
        return fail(right, at + e.what(), replay, words);
    }
    if (cancelled()) return;  // a run ended by Cancel says nothing of the kernel
    ++right.runs, ++clean.runs;
    if (!k.traced) return fail(right, at + k.ended, replay, words);
    const Verdict v = judge(k.trace);
    if (!v.correct())
        fail(right,
             at + std::to_string(v.wrong.size()) + " of " + std::to_string(v.n) + " values wrong, first at " +
                 std::to_string(v.wrong.front()),
             replay, words);
    if (!k.findings.empty()) fail(clean, at + k.findings.front().sentence, replay, words);
    if (schedule.empty() && op == "sum" && type == "int32") {
        GradeCheck& work = check(std::string("work within the chapter's ") + std::string(name(e.like)) + "'s additions");
        ++work.runs;
        const int64_t chapter = chapter_additions(e, words);
        if (k.trace.counts.additions > chapter)
            fail(work, at + std::to_string(k.trace.counts.additions) + " additions, the chapter's " + std::to_string(chapter), replay,
                 words);
    }
}

}  // namespace

Algorithm graded_like(int exercise) { return exercise_of(exercise).like; }

Grade grade_exercise(int number, const std::string& file, const GradeOptions& options) {
    const Exercise e = exercise_of(number);
    // Said once, before any run: each run would fail its check with this same sentence.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) throw ScanError("there is no kernel file " + quoted_path(file));
    Grading grading{e, file, options, {}, {}, {}, 0, 0};
    grading.g.exercise = number;
    grading.g.like = e.like;
    std::vector<std::pair<std::string, std::string>> kinds{{"int32", "sum"}, {"float64", "min"}};
    if (options.every_type) {
        kinds.clear();
        for (const char* type : {"int32", "int64", "float32", "float64"})
            for (const char* op : {"sum", "max", "min"}) kinds.emplace_back(type, op);
    }
    grading.total = int(kinds.size() * e.sizes.size() * schedules().size());
    for (const auto& [type, op] : kinds)
        for (int n : e.sizes)
            for (const std::vector<std::string>& schedule : schedules()) {
                if (grading.cancelled()) break;
                if (options.progress) options.progress(grading.done, grading.total);
                try {
                    grading.run(type, op, n, schedule);
                } catch (const ScanError&) {
                    if (grading.cancelled()) break;  // "the run was cancelled": the grade stops here
                    throw;
                }
                if (!grading.cancelled()) ++grading.done;
            }
    grading.g.cancelled = grading.cancelled();
    if (options.progress) options.progress(grading.done, grading.total);
    // The scans first, type by type; then the checks that hold across them.
    std::stable_partition(grading.order.begin(), grading.order.end(),
                          [](const std::string& name) { return name.find(" scan of ") != std::string::npos; });
    for (const std::string& name : grading.order) grading.g.checks.push_back(grading.by_name[name]);
    return grading.g;
}

}  // namespace scanlab::kernel_tracer
