#include "core/lesson/exercises.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <map>
#include <sstream>
#include <utility>

#include "core/algorithms/table.hpp"
#include "core/error.hpp"
#include "core/input/input.hpp"
#include "core/input/run_words.hpp"
#include "core/lesson/listings.hpp"
#include "core/lesson/work_counts.hpp"
#include "core/number_text.hpp"

namespace scanlab {
namespace {

// One run of the backend, stated once as the words of `scanlab trace`: the spec the app opens and
// the command that repeats it are both read from them, so neither can drift from the run.
struct Run {
    std::string command;
    RunSpec spec;
    Trace trace;
};

// `counts_only`: an answer that reads only the run's counts keeps the steps of its first block
// alone (and S whole: a sampled trace, whose counts cover every block), a tenth of the time for
// 100,000 elements; its command, and the run the app opens, trace it in full.
Run run(Backend& backend, const std::vector<std::string>& words, bool counts_only = false) {
    RunSpec spec = parse_run_words(words, [](const std::string&, const std::function<const std::string&()>&) { return false; });
    spec.request.detail = Detail::full;
    RunSpec ran = spec;
    if (counts_only) ran.request.sample = {0, 1};
    const PreparedRun p = prepare(ran);
    std::string command = "scanlab trace";
    for (const std::string& w : words) command += " " + (w.find(' ') == std::string::npos ? w : "\"" + w + "\"");
    return {command + " --backend " + backend.name(), spec, backend.run(p.resolved, p.input)};
}

ExerciseAnswer answer(int number, std::string text, const std::vector<const Run*>& runs, size_t main_run = 0) {
    ExerciseAnswer a{number, std::move(text), {}, {}, main_run};
    for (const Run* r : runs) {
        a.commands.push_back(r->command);
        a.runs.push_back(r->spec);
    }
    return a;
}

std::string row(const ValueArray& v) {
    std::string s;
    for (size_t i = 0; i < size_of(v); ++i) s += (i ? " " : "") + format_value(v, i);
    return s;
}

// The four choices exercises 2 and 3 give, and the one nearest a measured count.
struct Choice {
    char letter;
    std::string text;
    int64_t value;
};
const std::vector<Choice>& choices() {
    static const std::vector<Choice> c{
        {'a', "(2048 - 1) x 2", 4094}, {'b', "(1024 - 1) x 2", 2046}, {'c', "1024 x 1024", 1048576}, {'d', "10 x 1024", 10240}};
    return c;
}
const Choice& closest(int64_t measured) {
    return *std::min_element(choices().begin(), choices().end(), [&](const Choice& a, const Choice& b) {
        return std::llabs(a.value - measured) < std::llabs(b.value - measured);
    });
}
std::string choice_list() {
    std::string s;
    for (const Choice& c : choices()) s += std::string(s.empty() ? "" : ", ") + "(" + c.letter + ") " + c.text + " = " + grouped(c.value);
    return s;
}

std::string phase_lines(const std::vector<PhaseCount>& phases) {
    std::string s;
    for (const PhaseCount& p : phases)
        s += "  " + p.phase + ": " + grouped(p.additions) + " additions (" + grouped(p.work()) + " on real elements, " +
             grouped(p.padding) + " on padding)\n";
    return s;
}

ExerciseAnswer exercise1(Backend& b) {
    // Two blocks of 1024 threads (kernel 1 of a hierarchical Kogge-Stone scan), warps of 32.
    const Run r = run(b, {"--algo", "hierarchical", "--section", "1024", "--random", "2048"});
    const int threads = r.trace.threads_per_block, warp = r.trace.warp_width;
    std::string text = "Kogge-Stone (Fig. 9.2's loop, a thread adds when threadIdx.x >= stride), 2 blocks of " + std::to_string(threads) +
                       " threads, warps of " + std::to_string(warp) + ", kernel 1's strides:\n";
    std::vector<int> divergent_strides;
    for (const Step& s : r.trace.steps) {
        if (s.kernel != Kernel::k1 || s.phase != Phase::stride) continue;
        std::map<int64_t, int> active;  // global warp -> adding threads
        for (const Access& a : s.accesses) ++active[a.thread / warp];
        std::string diverging;
        for (int64_t w = 0; w < int64_t(s.blocks) * threads / warp; ++w) {
            const int on = active.count(w) ? active[w] : 0;
            if (on > 0 && on < warp)
                diverging += std::string(diverging.empty() ? "" : ", ") + "block " + std::to_string(w * warp / threads) + " warp " +
                             std::to_string(w % (threads / warp)) + " (" + std::to_string(on) + " of " + std::to_string(warp) + " add)";
        }
        if (!diverging.empty()) divergent_strides.push_back(s.level);
        text += "  stride " + std::to_string(s.level) + ": " + (diverging.empty() ? "no warp diverges" : diverging) + "\n";
    }
    std::string strides;
    for (int st : divergent_strides) strides += (strides.empty() ? "" : ", ") + std::to_string(st);
    text += "Answer: control divergence only in the first warp of each block, at strides " + strides +
            " (up to half the warp size); from stride " + std::to_string(warp) + " on, whole warps are idle or add.\n";
    return answer(1, text, {&r});
}

ExerciseAnswer exercise2(Backend& b) {
    const Run r = run(b, {"--algo", "brent-kung", "--random", "2048"});
    const std::vector<PhaseCount> phases = phase_counts(r.trace);
    const int64_t total = r.trace.counts.additions;
    std::string text = "Brent-Kung on one section of 2048 elements (1024 threads):\n" + phase_lines(phases) +
                       "  both trees: " + grouped(total) + " additions (2N - 2 - log2 N = " + grouped(2 * 2048 - 2 - 11) + ")\n";
    const Choice& c = closest(total);
    text += "Choices: " + choice_list() + ".\nAnswer: (" + c.letter + ") " + c.text + " = " + grouped(c.value) + ", the closest to the " +
            grouped(total) + " measured (the chapter's 2N - 3 = 4,093 is a bound).\n";
    return answer(2, text, {&r});
}

ExerciseAnswer exercise3(Backend& b) {
    // A block has at most 1024 threads, so 2048 elements take two Kogge-Stone sections.
    const Run r = run(b, {"--algo", "hierarchical", "--section", "1024", "--random", "2048"});
    const std::vector<PhaseCount> phases = phase_counts(r.trace);
    const PhaseCount total = total_count(r.trace);
    const int64_t one_section = 2048 * 11 - 2047;
    std::string text = "Kogge-Stone on 2048 elements: one block cannot have 2048 threads, so the run scans two sections of 1024:\n" +
                       phase_lines(phases) + "  in all: " + grouped(total.additions) + " additions, " + grouped(total.work()) +
                       " of them on real elements\nOne section of 2048 would take N log2 N - (N - 1) = " + grouped(one_section) + ".\n";
    const Choice& c = closest(total.work());
    text += "Choices: " + choice_list() + ".\nAnswer: (" + c.letter + ") " + c.text + " = " + grouped(c.value) + ", the closest to the " +
            grouped(total.work()) + " measured (and to " + grouped(one_section) + "): about log2 N times the sequential N - 1.\n";
    return answer(3, text, {&r});
}

const char* kSevenEight = "4 6 7 1 2 8 5 2";

ExerciseAnswer states(int number, Backend& b, Algorithm a) {
    const Run r = run(b, {"--algo", std::string(name(a)), "--input", kSevenEight});
    std::string text = std::string(algorithm_info(a).title) + " on " + kSevenEight + ", the array after each step:\n";
    for (const Step& s : r.trace.steps) text += "  " + step_label(s) + ": " + row(s.values) + "\n";
    text += "Answer: " + row(r.trace.result) + " (" + grouped(r.trace.counts.additions) + " additions)\n";
    return answer(number, text, {&r});
}

// The listing a run of `a` shows, as the run executes it (the exclusive load lines in place for
// an exclusive run), each line numbered as the source pane numbers it.
std::string listing_text(Algorithm a, Algorithm block, bool exclusive) {
    const std::string stem = listing_name(a, block);
    const Listing* l = find_listing(stem);
    if (!l) throw ScanError("internal: no listing is built in for " + stem);
    std::string text = "// " + l->title + "\n";
    const std::vector<std::string> lines = shown_lines(*l, exclusive);
    for (size_t i = 0; i < lines.size(); ++i) {
        char number[16];
        std::snprintf(number, sizeof number, "%3zu  ", i + 1);
        text += number + lines[i] + "\n";
    }
    return text;
}

ExerciseAnswer exercise4(Backend& b) {
    const Run r = run(b, {"--algo", "kogge-stone", "--exclusive", "--input", kSevenEight});
    std::string text =
        "An exclusive scan is the inclusive scan of the input shifted right by one, so only the load changes: thread t loads "
        "X[i - 1], and thread 0 of block 0 the identity. The Kogge-Stone kernel as an exclusive run executes it (scanlab listing "
        "--algo kogge-stone --exclusive prints it; the app's source pane shows it):\n" +
        listing_text(Algorithm::kogge_stone, Algorithm::kogge_stone, true) + "A run on " + std::string(kSevenEight) + ": loaded " +
        row(r.trace.steps.front().values) + ", result " + row(r.trace.result) + ".\n";
    return answer(4, text, {&r});
}

ExerciseAnswer exercise5(Backend& b) {
    const Run r = run(b, {"--algo", "hierarchical", "--preset", "fig9.10"});
    std::string s_written, s_scanned;
    for (const Step& s : r.trace.steps) {
        if (s.phase == Phase::block_sum_write && s.depth == 0) s_written = row(s.values);
        if (s.kernel == Kernel::k2) s_scanned = row(s.values);
    }
    std::string text =
        "The host code and the three kernels of the hierarchical scan: K1 scans each section and its last thread writes "
        "S[blockIdx.x]; K2 scans S in one block (hierarchically when S is longer than a section); K3 adds S[blockIdx.x - 1] to "
        "every element of block blockIdx.x > 0. With Kogge-Stone sections (--block-algo brent-kung gives the 2048-element "
        "sections of 9.4; scanlab listing --algo hierarchical --block-algo kogge-stone prints it):\n" +
        listing_text(Algorithm::hierarchical, Algorithm::kogge_stone, false) + "Figure 9.10 run through them: K1 writes S = " + s_written +
        ", K2 scans it to " + s_scanned + ", K3 gives " + row(r.trace.result) + ".\n";
    return answer(5, text, {&r});
}

ExerciseAnswer exercise6(Backend& b) {
    std::string text =
        "Hierarchical scan with Brent-Kung sections of 2048 (the work-efficient kernel of 9.4 inside 9.5):\n"
        "        N      additions   real work   padding    4N - 3   work <= 4N - 3\n";
    std::vector<Run> runs;
    bool holds = true;
    int64_t w2049 = 0, a2049 = 0;
    for (int64_t n : {int64_t(1), int64_t(2), int64_t(3), int64_t(100), int64_t(2047), int64_t(2048), int64_t(2049), int64_t(4096),
                      int64_t(6145), int64_t(100000)}) {
        const Run& r = runs.emplace_back(
            run(b, {"--algo", "hierarchical", "--block-algo", "brent-kung", "--section", "2048", "--random", std::to_string(n)}, true));
        const PhaseCount t = total_count(r.trace);
        const int64_t bound = 4 * n - 3;
        holds = holds && t.work() <= bound;
        if (n == 2049) w2049 = t.work(), a2049 = t.additions;
        char line[160];
        std::snprintf(line, sizeof line, "  %7lld  %13s  %10s  %8s  %8s   %s\n", (long long)n, grouped(t.additions).c_str(),
                      grouped(t.work()).c_str(), grouped(t.padding).c_str(), grouped(bound).c_str(), t.work() <= bound ? "yes" : "NO");
        text += line;
    }
    text += std::string("Answer: ") +
            (holds ? "the real work stays within 4N - 3 at every N run" : "the real work passes 4N - 3 at some N above") +
            ": K1 does at most 2N, K2 at most 2N/2048 more, K3 N - 2048, so the total is about 3N (linear: work-efficient). "
            "The additions on identity padding are what a partial last section costs the hardware: at N = 2049 the real work, " +
            grouped(w2049) + ", stays within 4N - 3 = " + grouped(4 * 2049 - 3) + ", while the additions counted with the padding, " +
            grouped(a2049) + ", exceed it.\n";
    // N = 2049 is the run the answer speaks of: one element past a section.
    std::vector<const Run*> all;
    size_t main_run = 0;
    for (const Run& r : runs) {
        if (r.trace.n == 2049) main_run = all.size();
        all.push_back(&r);
    }
    return answer(6, text, all, main_run);
}

std::string limit_name(BindingLimit b) {
    switch (b) {
        case BindingLimit::threads: return "threads per block (kernel 2's one block scans one section of S)";
        case BindingLimit::shared_memory: return "shared memory per block (kernel 2's one block scans one section of S)";
        case BindingLimit::grid: return "the grid (its x dimension's blocks of one section each)";
        case BindingLimit::memory: return "memory (X, Y and S as float in one GPU's memory)";
    }
    return "";
}

// "2 GiB", "1.5 GiB", "79.1 GiB".
std::string gib_short(int64_t bytes) {
    char s[32];
    const double g = double(bytes) / double(int64_t(1) << 30);
    std::snprintf(s, sizeof s, g == double(int64_t(g)) ? "%.0f GiB" : "%.1f GiB", g);
    return s;
}

ExerciseAnswer exercise9(const ExerciseOptions& o) {
    std::vector<DeviceLimits> devices;
    for (const DeviceLimits& d : exercise9_devices())
        if (o.device.empty() || d.name.find(o.device) != std::string::npos) devices.push_back(d);
    if (!o.device.empty() && devices.empty()) {
        std::string names;
        for (const DeviceLimits& d : exercise9_devices()) names += (names.empty() ? "" : ", ") + d.name;
        throw ScanError("no device of exercise 9 is called " + quoted_word(o.device) + "; the table has " + names);
    }
    if (o.this_gpu && o.device.empty()) devices.push_back(*o.this_gpu);
    std::string text =
        "The largest input of the two-level hierarchical scan (9.5) with Brent-Kung sections of 2 x max threads per block of float. "
        "Strictly two levels, kernel 2 scans S in one block, so S holds at most one section's worth of block sums: the answer is "
        "the least of section² (threads, or shared memory, per block), section x max grid x (the grid) and what one GPU's memory "
        "holds of X and Y as float and S (memory):\n";
    for (const DeviceLimits& d : devices) {
        const TwoLevelLimit l = two_level_limit(d);
        text += "  " + d.name + " (compute capability " + d.compute_capability + ", " + grouped(d.max_threads_per_block) +
                " threads per block, grid x up to " + grouped(d.max_grid_x) + ", " + grouped(d.shared_memory_per_block / 1024) +
                " KiB shared per block" + (d.global_memory > 0 ? ", " + gib_short(d.global_memory) + " of memory per GPU" : "") +
                "): section " + grouped(l.section) + "\n    section² " + grouped(l.one_block_for_s) + "; section x grid " +
                grouped(l.grid_limited) + (l.memory_limited > 0 ? "; memory " + grouped(l.memory_limited) : "") +
                "\n    Answer: " + grouped(l.answer) + " elements, bound by " + limit_name(l.binding) +
                ".\n    Read as 9.5 reads it (kernel 2 "
                "hierarchical in turn): " +
                grouped(l.book_answer) + ", bound by " + limit_name(l.book_binding) +
                (l.book_binding == BindingLimit::memory ? ", long before the grid's " + grouped(l.grid_limited) : "") + ".\n";
    }
    text +=
        "9.5 itself reads the grid limit as 65,536 blocks: 65,536 x 2,048 = 134,217,728. The grid's x dimension stops at 65,535 "
        "blocks below compute capability 3.0, which makes it 65,535 x 2,048 = 134,215,680 on the Tesla C2050. Past section² Scan "
        "Lab scans S hierarchically (a third level).\n";
    return answer(9, text, {});
}

}  // namespace

const std::vector<Exercise>& chapter9_exercises() {
    static const std::vector<Exercise> all{
        {1, "Show that Fig. 9.2's Kogge-Stone kernel diverges only in the first warp of each block, at strides up to half the warp size",
         "4th ed. ch. 11 exercise 3"},
        {2, "Brent-Kung on 2048 elements: how many additions in the reduction tree and the distribution tree? (four choices)",
         "4th ed. ch. 11 exercise 6"},
        {3, "Kogge-Stone on 2048 elements: which choice is closest to the number of additions? (the same four choices)",
         "4th ed. ch. 11 exercise 4"},
        {4, "Write an exclusive scan kernel from the Kogge-Stone kernel", "4th ed. ch. 11 exercise 7"},
        {5, "Complete the host code and the three kernels of the hierarchical scan of Fig. 9.9", "4th ed. ch. 11 exercise 8"},
        {6, "Show that the hierarchical scan is work-efficient: no more than 4N - 3 additions", "not in the 4th edition's list"},
        {7, "The intermediate states of 4 6 7 1 2 8 5 2 under the work-inefficient (Kogge-Stone) scan",
         "4th ed. ch. 11 exercise 1, naming the algorithm Kogge-Stone"},
        {8, "Exercise 7 with the work-efficient (Brent-Kung) scan", "4th ed. ch. 11 exercise 5, naming it Brent-Kung"},
        {9, "The largest input of the two-level hierarchical scan on a GeForce GTX 280, a Tesla C2050 and a GeForce GTX 690",
         "not in the 4th edition's list"},
    };
    return all;
}

const std::vector<DeviceLimits>& exercise9_devices() {
    // CUDA C Programming Guide, "Features and Technical Specifications" (docs/exercises.md cites each).
    static const std::vector<DeviceLimits> all{
        {"GeForce GTX 280", "1.3", 512, 65535, 16 * 1024, int64_t(1) << 30},
        {"Tesla C2050", "2.0", 1024, 65535, 48 * 1024, int64_t(3) << 30},
        {"GeForce GTX 690", "3.0", 1024, 2147483647, 48 * 1024, int64_t(2) << 30},
    };
    return all;
}

TwoLevelLimit two_level_limit(const DeviceLimits& d) {
    // Two floats per thread, and no more than shared memory holds.
    TwoLevelLimit l;
    l.section = 2 * d.max_threads_per_block;
    while (int64_t(l.section) * int64_t(sizeof(float)) > d.shared_memory_per_block) {
        l.section /= 2;
        l.section_limit = BindingLimit::shared_memory;
    }
    l.one_block_for_s = int64_t(l.section) * l.section;
    l.grid_limited = int64_t(l.section) * d.max_grid_x;
    // X and Y of N floats and S of one float per section: 8N + 4·ceil(N / section) bytes.
    if (d.global_memory > 0) {
        auto bytes = [&](int64_t n) { return 8 * n + 4 * ((n + l.section - 1) / l.section); };
        int64_t n = d.global_memory / 8;
        while (n > 0 && bytes(n) > d.global_memory) n -= 1 + (bytes(n) - d.global_memory) / 8;
        while (bytes(n + 1) <= d.global_memory) ++n;
        l.memory_limited = n;
    }
    auto least = [&](int64_t& value, BindingLimit& binding, std::initializer_list<std::pair<int64_t, BindingLimit>> limits) {
        for (const auto& [v, b] : limits)
            if (v > 0 && (value == 0 || v < value)) value = v, binding = b;
    };
    least(l.answer, l.binding,
          {{l.one_block_for_s, l.section_limit}, {l.grid_limited, BindingLimit::grid}, {l.memory_limited, BindingLimit::memory}});
    least(l.book_answer, l.book_binding, {{l.grid_limited, BindingLimit::grid}, {l.memory_limited, BindingLimit::memory}});
    return l;
}

std::string exercise_text(const ExerciseAnswer& a) {
    const Exercise& e = chapter9_exercises().at(size_t(a.number - 1));
    std::string s = "Exercise " + std::to_string(e.number) + " (PMPP 3rd ed., chapter 9; " + std::string(e.fourth_edition) +
                    "): " + std::string(e.statement) + "\n\n" + a.text;
    if (!a.commands.empty()) {
        s += std::string("\nRepeat the run") + (a.commands.size() > 1 ? "s" : "") + ":\n";
        for (const std::string& c : a.commands) s += "  " + c + "\n";
    }
    return s;
}

ExerciseAnswer answer_exercise(int number, Backend& backend, const ExerciseOptions& options) {
    switch (number) {
        case 1: return exercise1(backend);
        case 2: return exercise2(backend);
        case 3: return exercise3(backend);
        case 4: return exercise4(backend);
        case 5: return exercise5(backend);
        case 6: return exercise6(backend);
        case 7: return states(7, backend, Algorithm::kogge_stone);
        case 8: return states(8, backend, Algorithm::brent_kung);
        case 9: return exercise9(options);
    }
    throw ScanError("chapter 9 has exercises 1 to 9, not " + std::to_string(number));
}

}  // namespace scanlab
