#include "core/algorithms/table.hpp"

#include <algorithm>

#include "core/algorithms/registry.hpp"
#include "core/trace.hpp"

namespace scanlab {

const std::vector<AlgorithmInfo>& algorithm_table() {
    static const std::vector<AlgorithmInfo> table = [] {
        std::vector<AlgorithmInfo> rows;
        RegisteredAlgorithms::for_each([&]<class Algo>() { rows.push_back(Algo::info()); });
        return rows;
    }();
    return table;
}

const AlgorithmInfo& algorithm_info(Algorithm a) {
    for (const AlgorithmInfo& row : algorithm_table())
        if (row.id == a) return row;
    // Every Algorithm value is registered (a test walks them all); this only guards a bad cast.
    return algorithm_table().front();
}

std::vector<Algorithm> multi_kernel_block_algorithms() {
    std::vector<Algorithm> v;
    for (const AlgorithmInfo& row : algorithm_table())
        if (row.multi_kernel_block) v.push_back(row.id);
    return v;
}

std::string multi_kernel_block_names(std::string_view separator, std::string_view last_separator) {
    const std::vector<Algorithm> blocks = multi_kernel_block_algorithms();
    std::string s;
    for (size_t i = 0; i < blocks.size(); ++i) {
        if (i > 0) s += std::string(i + 1 == blocks.size() ? last_separator : separator);
        s += name(blocks[i]);
    }
    return s;
}

int largest_section() {
    int largest = 0;
    for (const AlgorithmInfo& row : algorithm_table())
        largest = std::max(largest, row.takes_coarsening ? kMaxCoarsenedSectionBytes / 4 : row.capacity());
    return largest;
}

std::vector<Algorithm> block_algorithms_for(Algorithm a) {
    const AlgorithmInfo& info = algorithm_info(a);
    std::vector<Algorithm> v;
    if (!info.takes_block_algorithm) return v;
    for (const AlgorithmInfo& row : algorithm_table())
        if (info.takes_flags ? row.flagged_block : info.takes_coarsening ? row.phase2_block : row.multi_kernel_block) v.push_back(row.id);
    return v;
}

std::string block_algorithm_names_for(Algorithm a, std::string_view separator, std::string_view last_separator) {
    const std::vector<Algorithm> blocks = block_algorithms_for(a);
    std::string s;
    for (size_t i = 0; i < blocks.size(); ++i) {
        if (i > 0) s += std::string(i + 1 == blocks.size() ? last_separator : separator);
        s += name(blocks[i]);
    }
    return s;
}

bool takes_coarsening(Algorithm a, Algorithm block) {
    const AlgorithmInfo& info = algorithm_info(a);
    if (info.takes_coarsening) return true;
    return info.reach == Reach::multi_block && info.takes_block_algorithm && algorithm_info(block).takes_coarsening;
}

int section_capacity(const AlgorithmInfo& row, int coarsening, size_t bytes) {
    if (!row.takes_coarsening) return row.capacity();
    const int64_t by_threads = int64_t(kMaxThreadsPerBlock) * coarsening;
    const int64_t by_memory = kMaxCoarsenedSectionBytes / int64_t(bytes);
    return int(std::min(by_threads, by_memory));
}

std::string listing_name(Algorithm a, Algorithm block) {
    const AlgorithmInfo& row = algorithm_info(a);
    if (row.takes_block_algorithm) return std::string(row.listing) + "-" + std::string(name(block));
    return std::string(row.listing);
}

std::vector<Formula> chapter_formulas(int64_t n) {
    std::vector<Formula> v;
    for (const AlgorithmInfo& row : algorithm_table()) {
        if (!row.formula.given()) continue;
        bool seen = false;
        for (const Formula& f : v) seen |= f.text == row.formula.text;
        if (seen) continue;
        Formula f{std::string(row.title), std::string(row.formula.text), n, row.formula.additions(n)};
        f.chapter = row.bound.given() && row.bound.text == row.formula.text;
        v.push_back(f);
    }
    return v;
}

std::optional<Formula> formula_for(const Trace& t) {
    const AlgorithmInfo& row = algorithm_info(t.algorithm);
    if (row.formula.coarsened && row.one_section() && t.coarsening > 0) {
        if (t.section <= 1) return std::nullopt;
        const AlgorithmInfo& p2 = algorithm_info(t.block_algorithm);
        return Formula{std::string(row.title) + " (C = " + std::to_string(t.coarsening) + ", " + std::string(p2.title) + ")",
                       "T·(C − 1) + (" + std::string(p2.formula.text) + " at N = T) + (T − 1)·(C − 1)", t.section,
                       row.formula.coarsened(t.section, t.coarsening, t.block_algorithm)};
    }
    if (!row.formula.given()) return std::nullopt;
    const int64_t n = row.reach == Reach::one_thread ? t.n : t.section;
    if (row.reach == Reach::one_section && n <= 1) return std::nullopt;
    Formula f{std::string(row.title), std::string(row.formula.text), n, row.formula.additions(n)};
    f.chapter = row.bound.given() && row.bound.text == row.formula.text;
    if (row.bound.given() && !f.chapter) f.stated_text = row.bound.text, f.stated_value = row.bound.additions(n);
    return f;
}

// The vocabulary of core/types.hpp, read off the table.
const std::vector<Algorithm>& all_algorithms() {
    static const std::vector<Algorithm> all = [] {
        std::vector<Algorithm> v;
        for (const AlgorithmInfo& row : algorithm_table()) v.push_back(row.id);
        return v;
    }();
    return all;
}

std::string_view name(Algorithm a) { return algorithm_info(a).name; }

std::optional<Algorithm> parse_algorithm(std::string_view s) {
    for (const AlgorithmInfo& row : algorithm_table())
        if (row.name == s) return row.id;
    return std::nullopt;
}

}  // namespace scanlab
