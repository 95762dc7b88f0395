#pragma once
// The steps the multi-block scans add around their in-block scans: writing each section's total
// to S, and adding the scanned S to every later section (kernel 3 / add_cuda).
#include <cstdint>
#include <vector>

#include "block_scan.hpp"

namespace scanlab {

// S[b + offset] = XY[b*section + section-1], written by the last thread of each block.
// offset is 0 for the chapter's kernel 1 and 1 for the slides' s[blockIdx.x + 1].
template <class T, class Op>
void write_block_sums(const std::vector<T>& xy, std::vector<T>& S, int offset, const BlockSetup& setup, int threads,
                      Recorder& rec) {
    const int section = setup.section;
    const int64_t grid = int64_t(xy.size()) / section;
    Step s;
    s.kernel = setup.kernel;
    s.phase = Phase::block_sum_write;
    s.depth = setup.depth;
    s.array = ArrayKind::s;
    s.blocks = int(grid);
    s.threads_per_block = threads;
    for (int64_t b = 0; b < grid; ++b) {
        S[b + offset] = xy[b * section + section - 1];
        if (rec.full())
            s.accesses.push_back({int32_t(b * threads + threads - 1), int32_t(b * section + section - 1), int32_t(b + offset), false});
    }
    s.counts.active_threads = grid;
    s.counts.idle_threads = grid * (threads - 1);
    s.counts.divergent_warps = grid * divergent_warps(threads, setup.warp_width, [&](int t) { return t == threads - 1; });
    if (rec.full()) s.values = S;
    rec.add(std::move(s));
}

// Y[i] = S[b + offset] op Y[i] for every i < n of every block b >= first_block; one thread per
// element, `section` threads per block. The chapter's kernel 3 skips block 0 (first_block 1,
// offset -1: block b adds S[b-1]); the slides' add_cuda adds s[b] to every block, block 0 included.
template <class T, class Op>
void add_block_sums(std::vector<T>& Y, const std::vector<T>& S, int first_block, int offset, const BlockSetup& setup,
                    Recorder& rec) {
    const int section = setup.section;
    const int64_t n = int64_t(Y.size());
    const int64_t grid = (n + section - 1) / section;
    const Op op;
    Step s;
    s.kernel = setup.kernel;
    s.phase = Phase::add_block_sums;
    s.depth = setup.depth;
    s.array = setup.depth == 0 ? ArrayKind::y : ArrayKind::s;  // deeper levels finish a scan of S
    s.blocks = int(grid);
    s.threads_per_block = section;
    for (int64_t b = first_block; b < grid; ++b) {
        for (int t = 0; t < section; ++t) {
            const int64_t i = b * section + t;
            if (i >= n) break;
            Y[i] = op(S[b + offset], Y[i]);
            if (rec.full()) s.accesses.push_back({int32_t(i), int32_t(b + offset), int32_t(i), true});
        }
    }
    const int64_t active = n - std::min<int64_t>(n, int64_t(first_block) * section);
    s.counts.additions = active;
    s.counts.active_threads = active;
    s.counts.idle_threads = grid * section - active;
    // Only the last block can be partly active: earlier blocks are wholly on or wholly off.
    const int64_t last_active = n - (grid - 1) * int64_t(section);
    if (grid - 1 >= first_block)
        s.counts.divergent_warps = divergent_warps(section, setup.warp_width, [&](int t) { return t < last_active; });
    if (rec.full()) s.values = Y;
    rec.add(std::move(s));
}

}  // namespace scanlab
