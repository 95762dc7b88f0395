#include "core/schedules.hpp"

#include "core/whole_number.hpp"

namespace scanlab {

std::string Schedule::text() const {
    switch (kind) {
        case Kind::in_order: return "in-order";
        case Kind::reverse: return "reverse";
        case Kind::random: return "random:" + std::to_string(seed);
    }
    return "";
}

std::optional<Schedule> parse_schedule(std::string_view s) {
    if (s == "in-order") return Schedule{Schedule::Kind::in_order, 1};
    if (s == "reverse") return Schedule{Schedule::Kind::reverse, 1};
    if (s == "random") return Schedule{Schedule::Kind::random, 1};
    if (s.starts_with("random:")) {
        const std::optional<uint64_t> seed = parse_whole<uint64_t>(s.substr(7));
        if (!seed) return std::nullopt;
        return Schedule{Schedule::Kind::random, *seed};
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
    b.kind = w->kind == Schedule::Kind::in_order  ? BlockSchedule::Kind::in_order
             : w->kind == Schedule::Kind::reverse ? BlockSchedule::Kind::reverse
                                                  : BlockSchedule::Kind::random;
    return b;
}

}  // namespace scanlab
