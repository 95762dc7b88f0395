#include "core/input/run_link.hpp"

#include <algorithm>
#include <cstring>

#include "core/algorithms/lookback_window.hpp"
#include "core/algorithms/table.hpp"
#include "core/input/run_words.hpp"

namespace scanlab {
namespace {

// The command line's switches: a link writes them switch=1.
constexpr const char* kSwitches[] = {"exclusive", "inclusive", "static-index"};
// The command line's flags with a value that a link may carry (not --max-trace-mb: the page keeps
// its own limit).
constexpr const char* kValueFlags[] = {"algo",   "block-algo",      "coarsening",      "op",     "type",         "section",
                                       "warp-width", "schedule",    "block-schedule",  "resident-blocks", "window", "backend",
                                       "sample-block", "preset",    "input",           "input-file", "random", "flags", "seed"};

bool one_of(std::string_view key, const auto& keys) {
    return std::any_of(std::begin(keys), std::end(keys), [&](const char* k) { return key == k; });
}

// Letters, digits and - . _ ~ : , stay as they are (a link stays readable: "every:3", "2,1,3");
// a space is '+', as a browser's form writes it; anything else is %XX.
std::string encoded(std::string_view s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) || std::strchr("-._~:,", c)) out += char(c);
        else if (c == ' ') out += '+';
        else out += '%', out += hex[c >> 4], out += hex[c & 15];
    }
    return out;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string decoded(std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '+') {
            out += ' ';
        } else if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 && hex_digit(s[i + 2]) >= 0) {
            out += char(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

// A parameter's text as a sentence quotes it: no more than 40 characters.
std::string shown(const std::string& s) { return "'" + s.substr(0, 40) + (s.size() > 40 ? "…'" : "'"); }

}  // namespace

std::vector<std::string> run_words(const RunSpec& spec) {
    const ScanRequest& q = spec.request;
    const AlgorithmInfo& info = algorithm_info(q.algorithm);
    const ScanRequest plain;
    std::vector<std::string> w = {"--algo", std::string(name(q.algorithm))};
    auto add = [&w](const char* flag, std::string value) { w.push_back(flag), w.push_back(std::move(value)); };
    if (info.takes_block_algorithm && q.block_algorithm != plain.block_algorithm) add("--block-algo", std::string(name(q.block_algorithm)));
    if (q.coarsening != 0 && takes_coarsening(q.algorithm, q.block_algorithm)) add("--coarsening", std::to_string(q.coarsening));
    if (q.op != plain.op) add("--op", std::string(name(q.op)));
    if (q.type != plain.type) add("--type", std::string(name(q.type)));
    if (q.exclusive) w.push_back("--exclusive");
    if (q.section != 0) add("--section", std::to_string(q.section));
    if (q.warp_width != plain.warp_width) add("--warp-width", std::to_string(q.warp_width));
    if (q.schedule.kind != plain.schedule.kind || (q.schedule.kind == Schedule::Kind::random && q.schedule.seed != plain.schedule.seed))
        add("--schedule", q.schedule.text());
    if (info.reach == Reach::single_pass) {
        if (q.block_schedule.kind != plain.block_schedule.kind && q.block_schedule.kind != BlockSchedule::Kind::replay)
            add("--block-schedule", q.block_schedule.text());
        if (q.resident_blocks != plain.resident_blocks) add("--resident-blocks", std::to_string(q.resident_blocks));
    }
    if (info.takes_window && q.lookback_window != kDefaultLookbackWindow) add("--window", std::to_string(q.lookback_window));
    if (info.takes_static_index && q.static_index) w.push_back("--static-index");
    if (!q.sample.all())
        add("--sample-block", std::to_string(q.sample.first_block) + (q.sample.blocks > 1 ? ":" + std::to_string(q.sample.blocks) : ""));
    if (spec.backend != BackendChoice::automatic) add("--backend", spec.backend == BackendChoice::cpu ? "cpu" : "gpu");
    const InputSpec& in = spec.input;
    switch (in.source) {
        case InputSpec::Source::preset: add("--preset", in.preset); break;
        case InputSpec::Source::text: add("--input", in.text); break;
        case InputSpec::Source::file: add("--input-file", in.file); break;
        case InputSpec::Source::random:
            add("--random", std::to_string(in.random_n));
            if (in.seed != InputSpec{}.seed) add("--seed", std::to_string(in.seed));
            break;
    }
    if (info.takes_flags && !in.flags.empty()) add("--flags", in.flags);
    return w;
}

std::string run_link_query(const RunSpec& spec, const LinkPlace& place) {
    std::string query;
    auto param = [&query](std::string_view key, std::string_view value) {
        query += (query.empty() ? "" : "&") + std::string(key) + "=" + encoded(value);
    };
    const std::vector<std::string> words = run_words(spec);
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string key = words[i].substr(2);
        if (one_of(key, kSwitches)) param(key, "1");
        else param(key, words[++i]);
    }
    if (place.compare) param("compare", name(*place.compare));
    if (place.view != 0) param("view", kLinkViews[place.view]);
    if (place.last_step) param("step", "last");
    else if (place.step != 0) param("step", std::to_string(place.step));
    if (place.present) param("present", "1");
    return query;
}

RunLink parse_run_link(std::string_view query) {
    if (!query.empty() && query.front() == '?') query.remove_prefix(1);
    RunLink link;
    std::vector<std::string> words;
    bool input_given = false;
    while (!query.empty()) {
        const size_t amp = query.find('&');
        const std::string_view part = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (part.empty()) continue;
        const size_t eq = part.find('=');
        const std::string key = decoded(part.substr(0, eq));
        const std::string value = eq == std::string_view::npos ? "" : decoded(part.substr(eq + 1));
        if (key == "step") {
            if (value == "last") {
                link.place.last_step = true;
            } else {
                const std::optional<size_t> k = parse_whole<size_t>(value);
                if (!k) throw UsageError("step " + shown(value) + " is no step number: give a step of scanlab trace (0, 1, 2, ...) or last");
                link.place.step = *k;
            }
        } else if (key == "view") {
            const auto* v = std::find(std::begin(kLinkViews), std::end(kLinkViews), value);
            if (v == std::end(kLinkViews)) throw UsageError("unknown view " + shown(value) + "; choose steps, compare, counts or live");
            link.place.view = int(v - std::begin(kLinkViews));
        } else if (key == "present") {
            if (value != "1" && value != "0" && value != "true" && value != "false" && !value.empty())
                throw UsageError("present " + shown(value) + " is neither 1 nor 0");
            link.place.present = value == "1" || value == "true" || value.empty();
        } else if (key == "compare") {
            link.place.compare = parse_algorithm(value);
            if (!link.place.compare) throw UsageError("unknown algorithm " + shown(value) + " to compare with");
        } else if (one_of(key, kSwitches)) {
            if (value != "0" && value != "false") words.push_back("--" + key);
        } else if (one_of(key, kValueFlags)) {
            words.push_back("--" + key);
            words.push_back(value);
            input_given = input_given || key == "preset" || key == "input" || key == "input-file" || key == "random";
        } else {
            throw UsageError("unknown link parameter " + shown(key) +
                             "; a link takes the options of scanlab trace (algo=..., preset=..., section=...) and step, view, "
                             "compare and present");
        }
    }
    // No input named: Figure 9.10's sixteen values, as the app starts.
    if (!input_given) words.push_back("--preset"), words.push_back("fig9.10");
    link.spec = parse_run_words(words, nullptr);
    return link;
}

}  // namespace scanlab
