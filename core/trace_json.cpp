#include "trace_json.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

#include "error.hpp"

namespace scanlab {
namespace {

using json = nlohmann::json;

json values_json(const ValueArray& v) {
    return std::visit([](const auto& vec) { return json(vec); }, v);
}

ValueArray values_from(const json& j, ElementType type, const std::string& what) {
    if (!j.is_array()) throw ScanError(what + " is not an array");
    return std::visit(
        [&](auto empty) -> ValueArray {
            using V = decltype(empty);
            using T = typename V::value_type;
            V v;
            v.reserve(j.size());
            for (const json& x : j) {
                if (!x.is_number()) throw ScanError(what + " holds a value that is not a number");
                v.push_back(x.get<T>());
            }
            return v;
        },
        empty_values(type));
}

template <class E>
E enum_from(const json& j, const char* key, std::optional<E> (*parse)(std::string_view)) {
    if (!j.contains(key) || !j[key].is_string()) throw ScanError(std::string("the field \"") + key + "\" is missing");
    auto e = parse(j[key].get<std::string>());
    if (!e) throw ScanError(std::string("the field \"") + key + "\" has an unknown value '" + j[key].get<std::string>() + "'");
    return *e;
}

template <class E, class Range>
std::optional<E> parse_name(std::string_view s, const Range& all) {
    for (E e : all)
        if (name(e) == s) return e;
    return std::nullopt;
}
std::optional<Kernel> parse_kernel(std::string_view s) {
    return parse_name<Kernel>(s, std::array{Kernel::single, Kernel::k1, Kernel::k2, Kernel::k3, Kernel::host});
}
std::optional<Phase> parse_phase(std::string_view s) {
    return parse_name<Phase>(s, std::array{Phase::load, Phase::stride, Phase::reduction, Phase::distribution, Phase::sequential,
                                           Phase::block_sum_write, Phase::host_scan, Phase::add_block_sums});
}
std::optional<ArrayKind> parse_array(std::string_view s) {
    return parse_name<ArrayKind>(s, std::array{ArrayKind::xy, ArrayKind::s, ArrayKind::y});
}

}  // namespace

void write_trace_json(std::ostream& out, const Trace& t) {
    json j;
    j["format"] = "scanlab-trace";
    j["version"] = kTraceFormatVersion;
    j["algorithm"] = name(t.algorithm);
    j["block_algorithm"] = name(t.block_algorithm);
    j["n"] = t.n;
    j["section"] = t.section;
    j["threads_per_block"] = t.threads_per_block;
    j["grid"] = t.grid;
    j["op"] = name(t.op);
    j["type"] = name(t.type);
    j["exclusive"] = t.exclusive;
    j["backend"] = t.backend;
    j["warp_width"] = t.warp_width;
    j["schedule"] = t.schedule;
    j["detail"] = t.detail == Detail::full ? "full" : "counts";
    if (!t.sample.all()) j["sample"] = {{"first_block", t.sample.first_block}, {"blocks", t.sample.blocks}};
    j["input"] = values_json(t.input);
    json steps = json::array();
    for (const Step& s : t.steps) {
        json js;
        js["kernel"] = name(s.kernel);
        js["phase"] = name(s.phase);
        js["level"] = s.level;
        js["depth"] = s.depth;
        js["label"] = step_label(s);
        js["array"] = name(s.array);
        js["blocks"] = s.blocks;
        js["threads_per_block"] = s.threads_per_block;
        js["values"] = values_json(s.values);
        if (s.offset) js["offset"] = s.offset;
        js["additions"] = s.counts.additions;
        js["active_threads"] = s.counts.active_threads;
        js["idle_threads"] = s.counts.idle_threads;
        js["barriers"] = s.counts.barriers;
        js["divergent_warps"] = s.counts.divergent_warps;
        js["hazards"] = s.counts.hazards;
        js["hazard_elements"] = s.hazards;
        json acc = json::array();
        for (const Access& a : s.accesses) acc.push_back({a.thread, a.src, a.dst, a.applies_op ? 1 : 0});
        js["accesses"] = std::move(acc);
        steps.push_back(std::move(js));
    }
    j["steps"] = std::move(steps);
    j["result"] = values_json(t.result);
    j["counts"] = {{"additions", t.counts.additions}, {"steps", t.counts.steps}, {"barriers", t.counts.barriers},
                   {"divergent_warps", t.counts.divergent_warps}, {"hazards", t.counts.hazards}};
    out << j.dump(1) << '\n';
}

Trace read_trace_json(std::istream& in, const std::string& origin) {
    json j;
    try {
        j = json::parse(in);
    } catch (const json::parse_error& e) {
        throw ScanError(origin + " is not a Scan Lab trace: it is not valid JSON (" + std::string(e.what()) + ")");
    }
    try {
        if (!j.is_object() || j.value("format", "") != "scanlab-trace")
            throw ScanError("it has no \"format\": \"scanlab-trace\" field");
        if (j.value("version", 0) != kTraceFormatVersion)
            throw ScanError("it is format version " + std::to_string(j.value("version", 0)) + ", this Scan Lab reads version " +
                            std::to_string(kTraceFormatVersion));
        Trace t;
        t.algorithm = enum_from<Algorithm>(j, "algorithm", parse_algorithm);
        t.block_algorithm = enum_from<Algorithm>(j, "block_algorithm", parse_algorithm);
        t.op = enum_from<OpKind>(j, "op", parse_op);
        t.type = enum_from<ElementType>(j, "type", parse_type);
        t.exclusive = j.at("exclusive").get<bool>();
        t.n = j.at("n").get<int64_t>();
        t.section = j.at("section").get<int>();
        t.threads_per_block = j.at("threads_per_block").get<int>();
        t.grid = j.at("grid").get<int64_t>();
        t.backend = j.at("backend").get<std::string>();
        t.warp_width = j.at("warp_width").get<int>();
        t.schedule = j.at("schedule").get<std::string>();
        t.detail = j.at("detail").get<std::string>() == "full" ? Detail::full : Detail::counts;
        if (j.contains("sample")) {
            t.sample.first_block = j.at("sample").at("first_block").get<int64_t>();
            t.sample.blocks = j.at("sample").at("blocks").get<int64_t>();
            if (t.sample.first_block < 0 || t.sample.blocks < 1) throw ScanError("its \"sample\" window is not a block range");
        }
        t.input = values_from(j.at("input"), t.type, "\"input\"");
        t.result = values_from(j.at("result"), t.type, "\"result\"");
        if (int64_t(size_of(t.input)) != t.n || int64_t(size_of(t.result)) != t.n)
            throw ScanError("\"input\" and \"result\" must hold n = " + std::to_string(t.n) + " values");
        for (const json& js : j.at("steps")) {
            Step s;
            s.kernel = enum_from<Kernel>(js, "kernel", parse_kernel);
            s.phase = enum_from<Phase>(js, "phase", parse_phase);
            s.array = enum_from<ArrayKind>(js, "array", parse_array);
            s.level = js.at("level").get<int>();
            s.depth = js.at("depth").get<int>();
            s.blocks = js.at("blocks").get<int>();
            s.threads_per_block = js.at("threads_per_block").get<int>();
            s.values = values_from(js.at("values"), t.type, "a step's \"values\"");
            s.offset = js.value("offset", int64_t(0));
            if (s.offset < 0) throw ScanError("a step's \"offset\" is negative");
            s.counts.additions = js.at("additions").get<int64_t>();
            s.counts.active_threads = js.at("active_threads").get<int64_t>();
            s.counts.idle_threads = js.at("idle_threads").get<int64_t>();
            s.counts.barriers = js.at("barriers").get<int64_t>();
            s.counts.divergent_warps = js.at("divergent_warps").get<int64_t>();
            s.counts.hazards = js.at("hazards").get<int64_t>();
            s.hazards = js.at("hazard_elements").get<std::vector<int32_t>>();
            for (const json& a : js.at("accesses")) {
                if (!a.is_array() || a.size() != 4) throw ScanError("an access is not [thread, src, dst, op]");
                s.accesses.push_back({a[0].get<int32_t>(), a[1].get<int32_t>(), a[2].get<int32_t>(), a[3].get<int>() != 0});
            }
            t.steps.push_back(std::move(s));
        }
        t.counts = total_counts(t.steps);
        if (t.detail == Detail::counts) {
            const json& c = j.at("counts");
            t.counts = {c.at("additions").get<int64_t>(), c.at("steps").get<int64_t>(), c.at("barriers").get<int64_t>(),
                        c.at("divergent_warps").get<int64_t>(), c.at("hazards").get<int64_t>()};
        }
        return t;
    } catch (const ScanError& e) {
        throw ScanError(origin + " is not a usable Scan Lab trace: " + e.what());
    } catch (const json::exception& e) {
        throw ScanError(origin + " is not a usable Scan Lab trace: a field is missing or has the wrong type (" + std::string(e.what()) + ")");
    }
}

}  // namespace scanlab
