#pragma once
// 9.5 the hierarchical scan, as a plan over an executor (see scan_plans.hpp for what an executor
// provides), for any block algorithm the table marks as a multi-kernel block.
#include <cstdint>

#include "core/algorithms/block_setup.hpp"
#include "core/algorithms/table.hpp"

namespace scanlab {

struct Hierarchical {
    // 9.5's exercise: with the work-efficient kernel of 9.4 per section, kernel 1 does under 2N
    // additions, kernel 2 under 2N / section and kernel 3 under N, so the whole scan stays within 4N − 3.
    static int64_t chapter_bound(int64_t n) { return 4 * n - 3; }
    static constexpr AlgorithmInfo info() {
        return {
            .id = Algorithm::hierarchical,
            .name = "hierarchical",
            .title = "hierarchical",
            .summary =
                "9.5 hierarchical scan (the 4th edition's 11.6 \"segmented\" scan): K1 scans sections and writes S, K2 scans S, K3 adds S",
            .chapter = "PMPP 3rd ed. §9.5",
            .reach = Reach::multi_block,
            .takes_block_algorithm = true,
            .takes_sample_block = true,
            .figure_9_10 = true,
            .listing = "hierarchical",
            .bound = {"4N − 3", &chapter_bound},
            .bound_scope = "with Brent-Kung sections (the work-efficient kernel of 9.4)",
            .block_sums = {.s = "S", .write_offset = 0, .first_adder = 1, .add_offset = -1}};
    }
};

// 9.5: kernel 1 scans every section and writes its total to S, kernel 2 scans S (itself
// hierarchically when S needs more than one section), kernel 3 adds S[b-1] to section b.
template <class Algo, class Exec>
typename Exec::Buffer hierarchical_scan(Exec& ex, const typename Exec::Buffer& X, int64_t n, BlockSetup setup) {
    const int section = setup.section;
    const int64_t grid = (n + section - 1) / section;
    setup.threads = Algo::threads(setup.layout());
    setup.kernel = Kernel::k1;
    setup.array = setup.depth == 0 ? ArrayKind::xy : ArrayKind::s;
    // One section needs no block sums: kernel 1 alone is the whole scan.
    if (grid == 1) return ex.template block_scan<Algo>(X, n, setup, nullptr, 0);

    typename Exec::Buffer S = ex.make_buffer(grid);
    typename Exec::Buffer Y = ex.template block_scan<Algo>(X, n, setup, &S, Hierarchical::info().block_sums.write_offset);

    // Kernel 2 scans S inclusively: S[b] becomes the total of sections 0..b.
    BlockSetup k2 = setup;
    k2.kernel = Kernel::k2;
    k2.array = ArrayKind::s;
    k2.exclusive = false;
    k2.sample = {};  // S is kept whole, at every level: it is N/section long
    typename Exec::Buffer scanned;
    if (grid <= section) {
        scanned = ex.template block_scan<Algo>(S, grid, k2, nullptr, 0);
    } else {
        k2.depth = setup.depth + 1;
        scanned = hierarchical_scan<Algo>(ex, S, grid, k2);
    }

    BlockSetup k3 = setup;
    k3.kernel = Kernel::k3;
    const BlockSumsRule sums = Hierarchical::info().block_sums;
    ex.add_block_sums(Y, n, scanned, sums.first_adder, sums.add_offset, k3);
    return Y;
}

}  // namespace scanlab
