#pragma once
// 9.5: kernel 1 scans every section and writes its total to S, kernel 2 scans S (itself
// hierarchically when S needs more than one section), kernel 3 adds S[b-1] to section b.
#include <vector>

#include "block_sums.hpp"

namespace scanlab {

template <class Algo, class T, class Op>
std::vector<T> emulate_hierarchical(const T* X, int64_t n, BlockSetup setup, Recorder& rec) {
    const int section = setup.section;
    const int threads = Algo::threads(section);
    setup.kernel = Kernel::k1;
    setup.array = setup.depth == 0 ? ArrayKind::xy : ArrayKind::s;
    std::vector<T> xy = emulate_block_scan<Algo, T, Op>(X, n, setup, rec);
    std::vector<T> Y(xy.begin(), xy.begin() + n);
    const int64_t grid = int64_t(xy.size()) / section;
    // One section needs no block sums: kernel 1 alone is the whole scan.
    if (grid == 1) return Y;

    std::vector<T> S(grid);
    write_block_sums<T, Op>(xy, S, 0, setup, threads, rec);

    // Kernel 2 scans S inclusively: S[b] becomes the total of sections 0..b.
    BlockSetup k2 = setup;
    k2.kernel = Kernel::k2;
    k2.array = ArrayKind::s;
    k2.exclusive = false;
    std::vector<T> scanned;
    if (grid <= section) {
        std::vector<T> sxy = emulate_block_scan<Algo, T, Op>(S.data(), grid, k2, rec);
        scanned.assign(sxy.begin(), sxy.begin() + grid);
    } else {
        k2.depth = setup.depth + 1;
        scanned = emulate_hierarchical<Algo, T, Op>(S.data(), grid, k2, rec);
    }

    BlockSetup k3 = setup;
    k3.kernel = Kernel::k3;
    add_block_sums<T, Op>(Y, scanned, 1, -1, k3, rec);
    return Y;
}

}  // namespace scanlab
