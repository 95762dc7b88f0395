#include "core/block_turns.hpp"

#include <algorithm>

namespace scanlab {

std::vector<int64_t> one_after_another(const BlockSchedule& schedule, int64_t grid) {
    std::vector<int64_t> order(size_t(std::max<int64_t>(grid, 0)));
    for (size_t b = 0; b < order.size(); ++b) order[b] = int64_t(b);
    if (schedule.kind == BlockSchedule::Kind::reverse) std::reverse(order.begin(), order.end());
    if (schedule.kind == BlockSchedule::Kind::random) {
        // Fisher-Yates with splitmix64: the same order on every machine for the same seed.
        uint64_t state = schedule.seed;
        auto next = [&state] {
            uint64_t z = (state += 0x9e3779b97f4a7c15ull);
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            return z ^ (z >> 31);
        };
        for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[size_t(next() % i)]);
    }
    return order;
}

std::string one_after_another_words(const BlockSchedule& schedule, int64_t grid, size_t most) {
    const std::vector<int64_t> order = one_after_another(schedule, grid);
    std::string w;
    for (size_t k = 0; k < order.size() && k < most; ++k) w += (k ? ", " : "") + std::to_string(order[k]);
    if (order.size() > most) w += " ... " + std::to_string(order.back()) + ": " + std::to_string(order.size()) + " blocks";
    return w + " (" + schedule.text() + ")";
}

}  // namespace scanlab
