// The benchmark's reports: a table, a one-line-per-size summary with the goals, JSON and CSV.
// Plain C++, the same in every build.
#include <cstdio>
#include <map>
#include <ostream>
#include <sstream>

#include "core/trace_io/json_text.hpp"
#include "core/values.hpp"
#include "kernels/bench/bench.hpp"

namespace scanlab::bench {
namespace {

std::string format(const char* fmt, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v);
    return buf;
}

std::string size_text(int64_t n) {
    if (n > 0 && (n & (n - 1)) == 0) {
        int e = 0;
        while ((int64_t(1) << e) < n) ++e;
        return "2^" + std::to_string(e);
    }
    return std::to_string(n);
}

std::string pad_left(const std::string& s, size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; }
std::string pad_right(const std::string& s, size_t w) { return s.size() >= w ? s : s + std::string(w - s.size(), ' '); }

std::string status_text(const BenchRow& r) {
    if (r.skipped) return "skipped: " + r.problem;
    if (!r.verified) return "FAILED: " + r.problem;
    return "ok";
}

std::string ratio_text(double v) { return v > 0 ? format("%.2f", v) : "-"; }

// "single-pass[512x16]" as a column heading: "sp[512x16]".
std::string short_name(const std::string& algorithm) {
    const std::string long_prefix = "single-pass[";
    return algorithm.rfind(long_prefix, 0) == 0 ? "sp[" + algorithm.substr(long_prefix.size()) : algorithm;
}

// The algorithms' column names in the order they first appear.
std::vector<std::string> columns(const BenchResult& result) {
    std::vector<std::string> names;
    for (const BenchRow& r : result.rows) {
        bool seen = false;
        for (const std::string& n : names) seen = seen || n == r.algorithm;
        if (!seen) names.push_back(r.algorithm);
    }
    return names;
}

const BenchRow* find(const BenchResult& result, int64_t n, const std::string& algorithm) {
    for (const BenchRow& r : result.rows)
        if (r.n == n && r.algorithm == algorithm) return &r;
    return nullptr;
}

std::vector<int64_t> sizes_run(const BenchResult& result) {
    std::vector<int64_t> sizes;
    for (const BenchRow& r : result.rows)
        if (sizes.empty() || sizes.back() != r.n) sizes.push_back(r.n);
    return sizes;
}

std::string headline(const BenchResult& result) {
    const BenchConfig& c = result.config;
    std::string s = "scanlab bench on " + (result.gpu.summary.empty() ? std::string("(no GPU)") : result.gpu.summary) + "\n";
    s += std::string(name(c.type)) + " " + std::string(name(c.op)) + (c.exclusive ? " exclusive" : " inclusive") + "; " + result.method +
         "\n";
    if (!result.policy.empty()) s += result.policy + "\n";
    return s;
}

// The goals of docs/performance.md, measured in one run (they are reported, never asserted).
struct Goals {
    double cub = 0;  // the smallest speed-up over CUB at 2^24..2^28
    int64_t cub_n = 0;
    double copy = 0;  // the fraction of the copy's bandwidth at 2^28
    double small = 0;  // the largest time over the copy's at N <= 2^16
    int64_t small_n = 0;
    struct Chapter {
        const char* chapter;
        const char* book;
        double worst = 0;  // the chapter's time over the book's, the largest over the sizes run
        int64_t worst_n = 0;
    };
    Chapter chapter[3] = {{"hier-ks", "book-ks"}, {"hier-bk", "book-bk"}, {"slides", "book-ks"}};
};

bool usable(const BenchRow* r) { return r && !r->skipped && r->verified && r->median_ms > 0; }

Goals measure_goals(const BenchResult& result) {
    Goals g;
    const int64_t big = int64_t(1) << 28;
    for (int64_t n : sizes_run(result)) {
        const BenchRow* sp = find(result, n, "single-pass");
        const BenchRow* copy = find(result, n, "copy");
        const BenchRow* cub = find(result, n, "cub");
        if (usable(sp) && usable(cub) && n >= (int64_t(1) << 24) && n <= big && (!g.cub_n || sp->speedup_vs_cub < g.cub))
            g.cub = sp->speedup_vs_cub, g.cub_n = n;
        if (usable(sp) && usable(copy) && n == big) g.copy = sp->fraction_of_copy;
        if (usable(sp) && usable(copy) && n <= (int64_t(1) << 16) && sp->median_ms / copy->median_ms > g.small)
            g.small = sp->median_ms / copy->median_ms, g.small_n = n;
        for (Goals::Chapter& c : g.chapter) {
            const BenchRow* a = find(result, n, c.chapter);
            const BenchRow* b = find(result, n, c.book);
            if (usable(a) && usable(b) && a->median_ms / b->median_ms > c.worst) c.worst = a->median_ms / b->median_ms, c.worst_n = n;
        }
    }
    return g;
}

const char* verdict(bool met) { return met ? "met" : "NOT met"; }

void write_goals(std::ostream& out, const BenchResult& result) {
    const BenchConfig& c = result.config;
    const Goals g = measure_goals(result);
    out << "goals (" << name(c.type) << " " << name(c.op) << (c.exclusive ? " exclusive" : " inclusive") << "), this run:\n";
    if (g.cub_n)
        out << "  N = 2^24..2^28: single-pass at least " << format("%.3f", g.cub) << " x CUB's speed (at N = " << size_text(g.cub_n)
            << "; goal >= 1.10): " << verdict(g.cub >= 1.10) << "\n";
    if (g.copy > 0)
        out << "  N = 2^28:  single-pass at " << format("%.3f", g.copy) << " of copy bandwidth (goal >= 0.95): " << verdict(g.copy >= 0.95)
            << "\n";
    else
        out << "  N = 2^28:  no verified single-pass and copy rows at 2^28 in this run\n";
    if (g.small_n)
        out << "  N <= 2^16: single-pass takes at most " << format("%.3f", g.small) << " x the copy's time (at N = " << size_text(g.small_n)
            << "; goal <= 1.2): " << verdict(g.small <= 1.2) << "\n";
    for (const Goals::Chapter& ch : g.chapter)
        if (ch.worst_n)
            out << "  " << ch.chapter << " (untraced) takes at most " << format("%.3f", ch.worst) << " x " << ch.book
                << "'s time (at N = " << size_text(ch.worst_n) << "; goal <= 1.05): " << verdict(ch.worst <= 1.05) << "\n";
}

}  // namespace

void write_table(std::ostream& out, const BenchResult& result) {
    std::ostringstream s;
    s << headline(result);
    s << pad_left("n", 9) << "  " << pad_right("algorithm", 30) << pad_left("median ms", 11) << pad_left("min ms", 11)
      << pad_left("GB/s", 10) << pad_left("of copy", 9) << pad_left("vs CUB", 8) << "  check\n";
    int64_t last_n = -1;
    for (const BenchRow& r : result.rows) {
        if (last_n != -1 && r.n != last_n) s << "\n";
        last_n = r.n;
        s << pad_left(size_text(r.n), 9) << "  " << pad_right(r.algorithm, 30);
        if (r.skipped) {
            s << "  " << status_text(r) << "\n";
            continue;
        }
        s << pad_left(format("%.4f", r.median_ms), 11) << pad_left(format("%.4f", r.min_ms), 11) << pad_left(format("%.1f", r.gb_per_s), 10)
          << pad_left(ratio_text(r.fraction_of_copy), 9) << pad_left(ratio_text(r.speedup_vs_cub), 8) << "  " << status_text(r) << "\n";
    }
    if (result.cancelled) s << "(cancelled: the sweep stopped early)\n";
    out << s.str();
}

void write_summary(std::ostream& out, const BenchResult& result) {
    std::ostringstream s;
    const std::vector<std::string> names = columns(result);
    s << "summary: " << headline(result);
    s << "GB/s by size (2 * n * " << element_bytes(result.config.type)
      << " bytes / median time); sp = single-pass; x = a row that failed its check\n";
    s << pad_left("n", 6);
    for (const std::string& n : names) s << pad_left(short_name(n), std::max<size_t>(9, short_name(n).size() + 2));
    s << pad_left("sp/copy", 9) << pad_left("sp/cub", 8) << "\n";
    for (int64_t n : sizes_run(result)) {
        s << pad_left(size_text(n), 6);
        for (const std::string& a : names) {
            const BenchRow* r = find(result, n, a);
            std::string cell = !r || r->skipped ? "-" : format("%.0f", r->gb_per_s) + (r->verified ? "" : "x");
            s << pad_left(cell, std::max<size_t>(9, short_name(a).size() + 2));
        }
        const BenchRow* sp = find(result, n, "single-pass");
        s << pad_left(sp ? ratio_text(sp->fraction_of_copy) : "-", 9) << pad_left(sp ? ratio_text(sp->speedup_vs_cub) : "-", 8) << "\n";
    }
    write_goals(s, result);
    int failed = 0;
    for (const BenchRow& r : result.rows) failed += !r.skipped && !r.verified;
    if (failed)
        s << failed << " row(s) FAILED their check against the CPU reference (see the table)\n";
    else if (!result.rows.empty())
        s << "every output was checked against the CPU reference: all equal\n";
    if (result.cancelled) s << "(cancelled: the sweep stopped early)\n";
    out << s.str();
}

void write_goal_table(std::ostream& out, const std::vector<BenchResult>& results) {
    std::ostringstream s;
    s << "goals by type, operator and direction (sp = single-pass; worst over the sizes run; goals: x CUB >= 1.10 at 2^24..2^28,\n"
         "of copy >= 0.95 at 2^28, time / copy's <= 1.2 at N <= 2^16, the chapter's time / the book's <= 1.05)\n";
    s << pad_right("scan", 26) << pad_left("sp x CUB", 10) << pad_left("sp/copy", 9) << pad_left("small t", 9) << pad_left("hks/bks", 9)
      << pad_left("hbk/bbk", 9) << pad_left("sld/bks", 9) << "\n";
    auto cell = [](double v, bool have) { return pad_left(have ? format("%.3f", v) : "-", 9); };
    for (const BenchResult& r : results) {
        const Goals g = measure_goals(r);
        const BenchConfig& c = r.config;
        s << pad_right(std::string(name(c.type)) + " " + std::string(name(c.op)) + (c.exclusive ? " exclusive" : " inclusive"), 26)
          << pad_left(g.cub_n ? format("%.3f", g.cub) : "-", 10) << cell(g.copy, g.copy > 0) << cell(g.small, g.small_n != 0);
        for (const Goals::Chapter& ch : g.chapter) s << cell(ch.worst, ch.worst_n != 0);
        s << "\n";
    }
    out << s.str();
}

// Written as a stream, with the same number spelling as trace files (non-finite times included).
void write_json(std::ostream& out, const BenchResult& result, const std::string& command) {
    using namespace json_text;
    const BenchConfig& c = result.config;
    auto key = [&out](const char* indent, std::string_view k) {
        out << indent;
        quoted(out, k);
        out << ": ";
    };
    auto flag = [&out](bool b) { out << (b ? "true" : "false"); };
    out << "{";
    key("\n  ", "tool"), quoted(out, "scanlab bench"), out << ',';
    key("\n  ", "command"), quoted(out, command), out << ',';
    const GpuDescription& g = result.gpu;
    key("\n  ", "gpu"), out << '{';
    key("\n    ", "name"), quoted(out, g.name), out << ',';
    key("\n    ", "summary"), quoted(out, g.summary), out << ',';
    key("\n    ", "multiprocessors"), number(out, int64_t(g.multiprocessors)), out << ',';
    key("\n    ", "l2_bytes"), number(out, uint64_t(g.l2_bytes)), out << ',';
    key("\n    ", "memory_bytes"), number(out, uint64_t(g.memory_bytes)), out << ',';
    key("\n    ", "driver_version"), number(out, int64_t(g.driver_version)), out << ',';
    key("\n    ", "runtime_version"), number(out, int64_t(g.runtime_version)), out << "\n  },";
    key("\n  ", "config"), out << '{';
    key("\n    ", "sizes"), out << '[';
    for (size_t i = 0; i < c.sizes.size(); ++i) out << (i ? "," : ""), number(out, c.sizes[i]);
    out << "],";
    key("\n    ", "type"), quoted(out, name(c.type)), out << ',';
    key("\n    ", "op"), quoted(out, name(c.op)), out << ',';
    key("\n    ", "exclusive"), flag(c.exclusive), out << ',';
    key("\n    ", "algos"), out << '[';
    for (size_t i = 0; i < c.algos.size(); ++i) out << (i ? "," : ""), quoted(out, name(c.algos[i]));
    out << "],";
    key("\n    ", "reps"), number(out, int64_t(c.reps)), out << ',';
    key("\n    ", "warmups"), number(out, int64_t(c.warmups)), out << ',';
    key("\n    ", "variants"), flag(c.variants), out << ',';
    key("\n    ", "seed"), number(out, c.seed), out << "\n  },";
    key("\n  ", "method"), quoted(out, result.method), out << ',';
    if (!result.policy.empty()) key("\n  ", "single_pass_policy"), quoted(out, result.policy), out << ',';
    key("\n  ", "bytes_per_element_moved"), number(out, int64_t(2 * element_bytes(c.type))), out << ',';
    key("\n  ", "cancelled"), flag(result.cancelled), out << ',';
    key("\n  ", "all_verified"), flag(result.all_verified()), out << ',';
    key("\n  ", "rows"), out << '[';
    for (size_t i = 0; i < result.rows.size(); ++i) {
        const BenchRow& r = result.rows[i];
        out << (i ? ",\n    {" : "\n    {");
        key("", "algorithm"), quoted(out, r.algorithm), out << ", ";
        key("", "variant"), quoted(out, r.variant), out << ", ";
        key("", "n"), number(out, r.n), out << ", ";
        key("", "runs"), number(out, int64_t(r.runs)), out << ", ";
        key("", "median_ms"), number(out, r.median_ms), out << ", ";
        key("", "min_ms"), number(out, r.min_ms), out << ", ";
        key("", "max_ms"), number(out, r.max_ms), out << ", ";
        key("", "gb_per_s"), number(out, r.gb_per_s), out << ", ";
        key("", "fraction_of_copy"), number(out, r.fraction_of_copy), out << ", ";
        key("", "speedup_vs_cub"), number(out, r.speedup_vs_cub), out << ", ";
        key("", "verified"), flag(r.verified), out << ", ";
        key("", "skipped"), flag(r.skipped), out << ", ";
        key("", "problem"), quoted(out, r.problem), out << '}';
    }
    out << "\n  ]\n}\n";
}

// Several runs: each run's document, as above, in a list.
void write_json(std::ostream& out, const std::vector<BenchResult>& results, const std::string& command) {
    if (results.size() == 1) return write_json(out, results.front(), command);
    out << "{\n\"tool\": \"scanlab bench\",\n\"command\": ";
    json_text::quoted(out, command);
    out << ",\n\"runs\": [\n";
    for (size_t i = 0; i < results.size(); ++i) {
        if (i) out << ",\n";
        std::ostringstream one;
        write_json(one, results[i], command);
        std::string text = one.str();
        while (!text.empty() && text.back() == '\n') text.pop_back();
        out << text;
    }
    out << "\n]\n}\n";
}

void write_csv(std::ostream& out, const BenchResult& result) { write_csv(out, std::vector<BenchResult>{result}); }

void write_csv(std::ostream& out, const std::vector<BenchResult>& results) {
    auto quoted = [](const std::string& s) {
        std::string q = "\"";
        for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        return q + "\"";
    };
    std::ostringstream s;
    s << "gpu,type,op,exclusive,algorithm,variant,n,runs,median_ms,min_ms,max_ms,gb_per_s,fraction_of_copy,speedup_vs_cub,verified,skipped,problem\n";
    for (const BenchResult& result : results) {
        const BenchConfig& c = result.config;
        for (const BenchRow& r : result.rows) {
            s << quoted(result.gpu.name) << ',' << name(c.type) << ',' << name(c.op) << ',' << (c.exclusive ? "true" : "false") << ','
              << quoted(r.algorithm) << ',' << quoted(r.variant) << ',' << r.n << ',' << r.runs << ',' << format("%.6f", r.median_ms) << ','
              << format("%.6f", r.min_ms) << ',' << format("%.6f", r.max_ms) << ',' << format("%.3f", r.gb_per_s) << ','
              << format("%.4f", r.fraction_of_copy) << ',' << format("%.4f", r.speedup_vs_cub) << ',' << (r.verified ? "true" : "false")
              << ',' << (r.skipped ? "true" : "false") << ',' << quoted(r.problem) << '\n';
        }
    }
    out << s.str();
}

}  // namespace scanlab::bench
