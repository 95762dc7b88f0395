#include "core/events.hpp"

#include <array>
#include <utility>

#include "core/number_text.hpp"

namespace scanlab {
namespace {

constexpr std::array<std::pair<BlockState, std::string_view>, 6> kStates{{{BlockState::not_started, "not-started"},
                                                                          {BlockState::scanning, "scanning"},
                                                                          {BlockState::waiting, "waiting"},
                                                                          {BlockState::looking_back, "looking-back"},
                                                                          {BlockState::passed, "passed"},
                                                                          {BlockState::done, "done"}}};
constexpr std::array<std::pair<TileStatus, std::string_view>, 3> kStatuses{
    {{TileStatus::invalid, "invalid"}, {TileStatus::aggregate, "aggregate"}, {TileStatus::prefix, "prefix"}}};
constexpr std::array<std::pair<EventKind, std::string_view>, 8> kKinds{{{EventKind::start, "start"},
                                                                        {EventKind::scanned, "scanned"},
                                                                        {EventKind::publish_aggregate, "publish-aggregate"},
                                                                        {EventKind::look_back, "look-back"},
                                                                        {EventKind::passed, "passed"},
                                                                        {EventKind::publish_prefix, "publish-prefix"},
                                                                        {EventKind::done, "done"},
                                                                        {EventKind::deadlock, "deadlock"}}};

// " (3 polls)", " (1 poll)", or nothing.
std::string polls_note(int64_t polls) { return polls ? " (" + counted(polls, "poll", "polls") + ")" : std::string(); }

template <class E, size_t N>
std::string_view name_in(const std::array<std::pair<E, std::string_view>, N>& table, E e) {
    for (const auto& [v, n] : table)
        if (v == e) return n;
    return "?";
}
template <class E, size_t N>
std::optional<E> parse_in(const std::array<std::pair<E, std::string_view>, N>& table, std::string_view s) {
    for (const auto& [v, n] : table)
        if (n == s) return v;
    return std::nullopt;
}

}  // namespace

std::string_view name(BlockState s) { return name_in(kStates, s); }
std::string_view name(TileStatus s) { return name_in(kStatuses, s); }
std::string_view name(EventKind k) { return name_in(kKinds, k); }
std::optional<BlockState> parse_block_state(std::string_view s) { return parse_in(kStates, s); }
std::optional<TileStatus> parse_tile_status(std::string_view s) { return parse_in(kStatuses, s); }
std::optional<EventKind> parse_event_kind(std::string_view s) { return parse_in(kKinds, s); }

size_t snapshot_bytes(const EventSnapshot& s) {
    const size_t values = size_of(s.aggregate) + size_of(s.prefix) + size_of(s.exclusive);
    const size_t value_bytes = values == 0 ? 0 : values * element_bytes(element_type_of_values(s.aggregate));
    return s.state.size() * (sizeof(BlockState) + 4 * sizeof(int32_t) + sizeof(int64_t)) + s.status.size() + value_bytes;
}

std::string event_label(const Event& e) {
    if (e.kind == EventKind::deadlock) return "deadlock";
    std::string label = "block " + std::to_string(e.block) + " · ";
    if (e.tile >= 0) label += "tile " + std::to_string(e.tile) + " · ";
    switch (e.kind) {
        case EventKind::start: return label + "start";
        case EventKind::scanned: return label + "scanned";
        case EventKind::publish_aggregate: return label + "publish A";
        case EventKind::look_back:
            return label + "look back " + std::to_string(e.window_first) + ".." + std::to_string(e.window_last) +
                   (e.found >= 0 ? ", P at " + std::to_string(e.found) : ", all A") + polls_note(e.polls);
        case EventKind::passed: return label + "passed" + polls_note(e.polls);
        case EventKind::publish_prefix: return label + "publish P" + polls_note(e.polls);
        case EventKind::done: return label + "done";
        case EventKind::deadlock: break;
    }
    return label;
}

}  // namespace scanlab
