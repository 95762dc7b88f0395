// The benchmark's reports: a table, a one-line-per-size summary with the goals, JSON and CSV.
// Plain C++, the same in every build.
#include <cstdio>
#include <map>
#include <ostream>
#include <sstream>

#include "../../core/json_text.hpp"
#include "../../core/values.hpp"
#include "bench.hpp"

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
    s += std::string(name(c.type)) + " " + std::string(name(c.op)) + (c.exclusive ? " exclusive" : " inclusive") + "; " + result.method + "\n";
    return s;
}

void write_goals(std::ostream& out, const BenchResult& result) {
    const BenchConfig& c = result.config;
    if (c.type != ElementType::int32 || c.op != OpKind::sum || c.exclusive) return;
    out << "goals of issue 5 (int32 inclusive sum), this run:\n";
    const int64_t big = int64_t(1) << 28;
    const BenchRow* sp = find(result, big, "single-pass");
    const BenchRow* copy = find(result, big, "copy");
    const BenchRow* cub = find(result, big, "cub");
    if (sp && copy && sp->verified && copy->verified) {
        const double f = sp->fraction_of_copy;
        out << "  N = 2^28:  single-pass at " << format("%.3f", f) << " of copy bandwidth (goal >= 0.95): " << (f >= 0.95 ? "met" : "NOT met") << "\n";
    } else {
        out << "  N = 2^28:  no verified single-pass and copy rows at 2^28 in this run\n";
    }
    if (sp && cub && sp->verified && cub->verified) {
        const double v = sp->speedup_vs_cub;
        out << "  N = 2^28:  single-pass " << format("%.3f", v) << " x CUB's speed (goal >= 1.10): " << (v >= 1.10 ? "met" : "NOT met") << "\n";
    }
    double worst = 0;
    int64_t worst_n = 0;
    for (int64_t n : sizes_run(result)) {
        if (n > (int64_t(1) << 16)) continue;
        const BenchRow* s = find(result, n, "single-pass");
        const BenchRow* c2 = find(result, n, "copy");
        if (!s || !c2 || !s->verified || !c2->verified || c2->median_ms <= 0) continue;
        const double t = s->median_ms / c2->median_ms;
        if (t > worst) worst = t, worst_n = n;
    }
    if (worst_n)
        out << "  N <= 2^16: single-pass takes at most " << format("%.3f", worst) << " x the copy's time (at N = " << size_text(worst_n)
            << "; goal <= 1.2): " << (worst <= 1.2 ? "met" : "NOT met") << "\n";
}

}  // namespace

void write_table(std::ostream& out, const BenchResult& result) {
    std::ostringstream s;
    s << headline(result);
    s << pad_left("n", 9) << "  " << pad_right("algorithm", 30) << pad_left("median ms", 11) << pad_left("min ms", 11) << pad_left("GB/s", 10)
      << pad_left("of copy", 9) << pad_left("vs CUB", 8) << "  check\n";
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
    s << "GB/s by size (2 * n * " << element_bytes(result.config.type) << " bytes / median time); sp = single-pass; x = a row that failed its check\n";
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
    if (failed) s << failed << " row(s) FAILED their check against the CPU reference (see the table)\n";
    else if (!result.rows.empty()) s << "every output was checked against the CPU reference: all equal\n";
    if (result.cancelled) s << "(cancelled: the sweep stopped early)\n";
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

void write_csv(std::ostream& out, const BenchResult& result) {
    auto quoted = [](const std::string& s) {
        std::string q = "\"";
        for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        return q + "\"";
    };
    std::ostringstream s;
    s << "gpu,type,op,exclusive,algorithm,variant,n,runs,median_ms,min_ms,max_ms,gb_per_s,fraction_of_copy,speedup_vs_cub,verified,skipped,problem\n";
    const BenchConfig& c = result.config;
    for (const BenchRow& r : result.rows) {
        s << quoted(result.gpu.name) << ',' << name(c.type) << ',' << name(c.op) << ',' << (c.exclusive ? "true" : "false") << ','
          << quoted(r.algorithm) << ',' << quoted(r.variant) << ',' << r.n << ',' << r.runs << ',' << format("%.6f", r.median_ms) << ','
          << format("%.6f", r.min_ms) << ',' << format("%.6f", r.max_ms) << ',' << format("%.3f", r.gb_per_s) << ','
          << format("%.4f", r.fraction_of_copy) << ',' << format("%.4f", r.speedup_vs_cub) << ',' << (r.verified ? "true" : "false") << ','
          << (r.skipped ? "true" : "false") << ',' << quoted(r.problem) << '\n';
    }
    out << s.str();
}

}  // namespace scanlab::bench
