#include "core/emulation/warp_order.hpp"

#include <algorithm>
#include <numeric>

namespace scanlab {
namespace {
uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
}  // namespace

std::vector<int> warp_order(const Schedule& schedule, uint64_t step_key, int64_t block, int warps) {
    std::vector<int> order(warps);
    std::iota(order.begin(), order.end(), 0);
    switch (schedule.kind) {
        case Schedule::Kind::in_order: break;
        case Schedule::Kind::reverse: std::reverse(order.begin(), order.end()); break;
        case Schedule::Kind::random: {
            uint64_t state = schedule.seed ^ (step_key * 0x100000001B3ULL) ^ (uint64_t(block) << 32);
            for (int i = warps - 1; i > 0; --i) std::swap(order[i], order[splitmix64(state) % uint64_t(i + 1)]);
            break;
        }
        case Schedule::Kind::first: {
            // Step k's key is k - 1 (the step before the first barrier's is the largest key).
            const int step = int(step_key + 1);
            for (const Schedule::Ahead& a : schedule.ahead) {
                if (a.step != step) continue;
                std::vector<int> listed;
                for (int w : a.warps)
                    if (w < warps) listed.push_back(w);
                std::erase_if(order, [&](int w) { return std::find(listed.begin(), listed.end(), w) != listed.end(); });
                order.insert(order.begin(), listed.begin(), listed.end());
            }
            break;
        }
    }
    return order;
}

}  // namespace scanlab
