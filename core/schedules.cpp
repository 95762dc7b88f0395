#include "core/schedules.hpp"

#include <algorithm>

#include "core/whole_number.hpp"

namespace scanlab {

std::string Schedule::text() const {
    switch (kind) {
        case Kind::in_order: return "in-order";
        case Kind::reverse: return "reverse";
        case Kind::random: return "random:" + std::to_string(seed);
        case Kind::first: {
            std::string t = "first:";
            for (size_t k = 0; k < ahead.size(); ++k) {
                t += (k ? "/" : "") + std::to_string(ahead[k].step) + "@";
                for (size_t w = 0; w < ahead[k].warps.size(); ++w) t += (w ? "," : "") + std::to_string(ahead[k].warps[w]);
            }
            return t;
        }
    }
    return "";
}

int64_t reorderings(const std::vector<int>& order) {
    int64_t n = 0;
    for (size_t i = 0; i < order.size(); ++i)
        for (size_t j = i + 1; j < order.size(); ++j) n += order[i] > order[j];
    return n;
}

namespace {

// "1@3,2/2@5": each step once, each warp once in its list.
std::optional<std::vector<Schedule::Ahead>> parse_ahead(std::string_view s) {
    if (s.empty()) return std::nullopt;  // nothing ahead: that is in-order
    std::vector<Schedule::Ahead> all;
    while (!s.empty()) {
        const size_t slash = s.find('/');
        const std::string_view part = s.substr(0, slash);
        s = slash == std::string_view::npos ? std::string_view() : s.substr(slash + 1);
        const size_t at = part.find('@');
        if (at == std::string_view::npos) return std::nullopt;
        const std::optional<uint32_t> step = parse_whole<uint32_t>(part.substr(0, at));
        if (!step || *step > (1u << 20)) return std::nullopt;
        Schedule::Ahead a{int(*step), {}};
        for (std::string_view rest = part.substr(at + 1); !rest.empty();) {
            const size_t comma = rest.find(',');
            const std::optional<uint32_t> w = parse_whole<uint32_t>(rest.substr(0, comma));
            if (!w || *w >= 1024 || std::find(a.warps.begin(), a.warps.end(), int(*w)) != a.warps.end()) return std::nullopt;
            a.warps.push_back(int(*w));
            rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        }
        if (a.warps.empty()) return std::nullopt;
        for (const Schedule::Ahead& b : all)
            if (b.step == a.step) return std::nullopt;
        all.push_back(std::move(a));
    }
    return all;
}

}  // namespace

std::optional<Schedule> parse_schedule(std::string_view s) {
    if (s.starts_with("first:")) {
        std::optional<std::vector<Schedule::Ahead>> ahead = parse_ahead(s.substr(6));
        if (!ahead) return std::nullopt;
        Schedule f;
        f.kind = Schedule::Kind::first;
        f.ahead = std::move(*ahead);
        return f;
    }
    if (s == "in-order") return Schedule{Schedule::Kind::in_order, 1, {}};
    if (s == "reverse") return Schedule{Schedule::Kind::reverse, 1, {}};
    if (s == "random") return Schedule{Schedule::Kind::random, 1, {}};
    if (s.starts_with("random:")) {
        const std::optional<uint64_t> seed = parse_whole<uint64_t>(s.substr(7));
        if (!seed) return std::nullopt;
        return Schedule{Schedule::Kind::random, *seed, {}};
    }
    return std::nullopt;
}

std::string BlockSchedule::text() const {
    switch (kind) {
        case Kind::in_order: return "in-order";
        case Kind::reverse: return "reverse";
        case Kind::random: return "random:" + std::to_string(seed);
        case Kind::replay: return "replay";
    }
    return "";
}

std::optional<BlockSchedule> parse_block_schedule(std::string_view s) {
    // The same words as a warp schedule, for blocks.
    const std::optional<Schedule> w = parse_schedule(s);
    if (!w) return std::nullopt;
    BlockSchedule b;
    b.seed = w->seed;
    if (w->kind == Schedule::Kind::first) return std::nullopt;  // a warp schedule's form only
    b.kind = w->kind == Schedule::Kind::in_order  ? BlockSchedule::Kind::in_order
             : w->kind == Schedule::Kind::reverse ? BlockSchedule::Kind::reverse
                                                  : BlockSchedule::Kind::random;
    return b;
}

}  // namespace scanlab
