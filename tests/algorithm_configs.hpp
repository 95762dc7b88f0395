#pragma once
// The runs the parameterised suites cover, generated from the algorithm table: every algorithm
// once, and every multi-block scan once per block algorithm it takes. A new row of the table is
// in every suite built from this list without touching the suite.
#include <algorithm>
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
            for (Algorithm b : multi_kernel_block_algorithms())
                v.push_back({row.id, b, 0, identifier(row.name) + "_" + identifier(name(b))});
        } else {
            v.push_back({row.id, row.reach == Reach::multi_block ? row.fixed_block : row.id, 0, identifier(row.name)});
        }
    }
    return v;
}

// The largest N a configuration takes: its one section, or any N for the others.
inline int64_t largest_input(const AlgoConfig& c) {
    const int capacity = algorithm_info(c.algorithm).capacity();
    return capacity ? capacity : kMaxElements;
}

}  // namespace scanlab::testing
