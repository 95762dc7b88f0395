#pragma once
// The multi-kernel algorithms as plans over an executor, so the CPU emulation and the GPU backend
// run the very same sequence of launches. An executor provides, for its element type and operator:
//   Buffer                         an array (host vector, device allocation)
//   make_buffer(size)              an array filled with the identity
//   block_scan<Algo>(X, n, setup, S*, s_offset)
//                                  one launch of an in-block scan over ceil(n/section) blocks,
//                                  returning every block's scanned section (padded to whole
//                                  sections); with S, the last thread of block b also writes the
//                                  section total to S[b + s_offset]
//   add_block_sums(Y, n, S, first_block, offset, setup)
//                                  Y[i] = S[b + offset] op Y[i] for i < n in blocks b >= first_block,
//                                  setup.threads threads per block, each taking positions t,
//                                  t + threads, ... of its section (two each for a 2048-element
//                                  Brent-Kung section: a block has at most 1024 threads)
//   host_scan(s, count)            the slides' host loop over s[0..count)
//   sequential(X, n, exclusive)    the one-thread loop
#include <cstdint>

#include "block_setup.hpp"
#include "brent_kung.hpp"
#include "brent_kung_naive.hpp"
#include "kogge_stone.hpp"
#include "kogge_stone_double_buffer.hpp"
#include "kogge_stone_racy.hpp"

namespace scanlab {

// 9.5: kernel 1 scans every section and writes its total to S, kernel 2 scans S (itself
// hierarchically when S needs more than one section), kernel 3 adds S[b-1] to section b.
template <class Algo, class Exec>
typename Exec::Buffer hierarchical_scan(Exec& ex, const typename Exec::Buffer& X, int64_t n, BlockSetup setup) {
    const int section = setup.section;
    const int64_t grid = (n + section - 1) / section;
    setup.threads = Algo::threads(section);
    setup.kernel = Kernel::k1;
    setup.array = setup.depth == 0 ? ArrayKind::xy : ArrayKind::s;
    // One section needs no block sums: kernel 1 alone is the whole scan.
    if (grid == 1) return ex.template block_scan<Algo>(X, n, setup, nullptr, 0);

    typename Exec::Buffer S = ex.make_buffer(grid);
    typename Exec::Buffer Y = ex.template block_scan<Algo>(X, n, setup, &S, 0);

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
    ex.add_block_sums(Y, n, scanned, 1, -1, k3);
    return Y;
}

// The slide deck: scan_cuda (Kogge-Stone with a temporary, two barriers per step) writes each
// block's total to s[blockIdx.x + 1] with s[0] = 0, the host scans s, and add_cuda adds
// s[blockIdx.x] to every element of the block. Two things differ from the slides, both so that a
// partial last block is right: positions past the end load the identity (the slides leave them
// uninitialised), and the block total is taken from shared memory (the slides read a[b+t], past
// the end of the array).
template <class Exec>
typename Exec::Buffer slides_scan(Exec& ex, const typename Exec::Buffer& X, int64_t n, BlockSetup setup) {
    const int64_t grid = (n + setup.section - 1) / setup.section;
    setup.threads = KoggeStone::threads(setup.section);
    setup.kernel = Kernel::k1;
    typename Exec::Buffer s = ex.make_buffer(grid + 1);  // s[0] = 0 (the identity)
    typename Exec::Buffer Y = ex.template block_scan<KoggeStone>(X, n, setup, &s, 1);
    ex.host_scan(s, grid);  // for (i = 1; i < num_blocks; i++) s[i] += s[i-1];
    BlockSetup add = setup;
    add.kernel = Kernel::k3;
    ex.add_block_sums(Y, n, s, 0, 0, add);
    return Y;
}

// Any algorithm of a resolved request; the result is the first n elements of the returned buffer.
template <class Exec>
typename Exec::Buffer run_scan(Exec& ex, const ResolvedRequest& r, const typename Exec::Buffer& X) {
    const ScanRequest& q = r.request;
    BlockSetup setup;
    setup.exclusive = q.exclusive;
    setup.section = r.section;
    setup.warp_width = q.warp_width;
    setup.schedule = q.schedule;
    setup.sample = q.sample;
    switch (q.algorithm) {
        case Algorithm::sequential: return ex.sequential(X, r.n, q.exclusive);
        case Algorithm::kogge_stone: return ex.template block_scan<KoggeStone>(X, r.n, setup, nullptr, 0);
        case Algorithm::kogge_stone_racy: return ex.template block_scan<KoggeStoneRacy>(X, r.n, setup, nullptr, 0);
        case Algorithm::kogge_stone_double_buffer:
            return ex.template block_scan<KoggeStoneDoubleBuffer>(X, r.n, setup, nullptr, 0);
        case Algorithm::brent_kung: return ex.template block_scan<BrentKung>(X, r.n, setup, nullptr, 0);
        case Algorithm::brent_kung_naive: return ex.template block_scan<BrentKungNaive>(X, r.n, setup, nullptr, 0);
        case Algorithm::hierarchical:
            return q.block_algorithm == Algorithm::brent_kung ? hierarchical_scan<BrentKung>(ex, X, r.n, setup)
                                                              : hierarchical_scan<KoggeStone>(ex, X, r.n, setup);
        case Algorithm::slides: return slides_scan(ex, X, r.n, setup);
    }
    return ex.make_buffer(0);  // unreachable: every algorithm is handled above
}

}  // namespace scanlab
