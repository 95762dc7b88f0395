#pragma once
// The runs the parameterised suites cover, generated from the algorithm table: every algorithm
// once, and every multi-block scan once per block algorithm it takes. A new row of the table is
// in every suite built from this list without touching the suite.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/algorithms/table.hpp"
#include "core/request.hpp"

namespace scanlab::testing {

struct AlgoConfig {
    Algorithm algorithm;
    Algorithm block = Algorithm::kogge_stone;
    int section = 0;  // 0: the default for N
    std::string label;
    int coarsening = 0;  // coarsened blocks: C (0: the default)
};

inline std::string identifier(std::string_view name) {
    std::string s(name);
    std::replace(s.begin(), s.end(), '-', '_');
    return s;
}

inline std::vector<AlgoConfig> every_configuration() {
    std::vector<AlgoConfig> v;
    for (const AlgorithmInfo& row : algorithm_table()) {
        if (row.takes_block_algorithm) {
            for (Algorithm b : block_algorithms_for(row.id)) v.push_back({row.id, b, 0, identifier(row.name) + "_" + identifier(name(b))});
        } else {
            v.push_back({row.id, row.reach == Reach::multi_block ? row.fixed_block : row.id, 0, identifier(row.name)});
        }
    }
    // Coarsened blocks at the extremes of C besides the default: C = 1 (the phase 2 scan alone)
    // and C = 16 (a long sequential phase 1 over few threads), and C = 2 inside hierarchical.
    for (const AlgorithmInfo& row : algorithm_table()) {
        if (!row.takes_coarsening) continue;
        const std::vector<Algorithm> phase2 = block_algorithms_for(row.id);
        v.push_back({row.id, phase2.front(), 0, identifier(row.name) + "_" + identifier(name(phase2.front())) + "_c1", 1});
        v.push_back({row.id, phase2.back(), 0, identifier(row.name) + "_" + identifier(name(phase2.back())) + "_c16", 16});
        for (const AlgorithmInfo& multi : algorithm_table()) {
            const std::vector<Algorithm> blocks = block_algorithms_for(multi.id);  // segmented's are not coarsened
            if (multi.reach == Reach::multi_block && std::find(blocks.begin(), blocks.end(), row.id) != blocks.end())
                v.push_back({multi.id, row.id, 0, identifier(multi.name) + "_" + identifier(row.name) + "_c2", 2});
        }
    }
    return v;
}

// Head flags for a run of n values of configuration c: none unless it scans by flags, else
// reproducible random ones (about one in seven, the first element sometimes unflagged).
inline std::vector<uint8_t> flags_for(const AlgoConfig& c, int64_t n, uint64_t seed) {
    if (!algorithm_info(c.algorithm).takes_flags) return {};
    std::mt19937_64 rng(seed);
    std::vector<uint8_t> f(static_cast<size_t>(n));
    for (auto& x : f) x = rng() % 7 == 0;
    return f;
}

// The largest N a configuration takes: its one section (of int64 elements, the tighter for a
// coarsened block's shared memory), or any N for the others.
inline int64_t largest_input(const AlgoConfig& c) {
    const AlgorithmInfo& row = algorithm_info(c.algorithm);
    const int capacity =
        row.takes_coarsening ? section_capacity(row, c.coarsening ? c.coarsening : row.elements_per_thread, 8) : row.capacity();
    return capacity ? capacity : kMaxElements;
}

}  // namespace scanlab::testing
