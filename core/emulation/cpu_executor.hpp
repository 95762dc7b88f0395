#pragma once
// The CPU executor of the scan plans (core/algorithms/scan_plans.hpp): every launch emulated on
// the host, every step recorded.
#include <cstdint>
#include <vector>

#include "core/algorithms/add_block_sums.hpp"
#include "core/algorithms/load.hpp"
#include "core/emulation/block_scan.hpp"
#include "core/recording/host_scan.hpp"

namespace scanlab {

template <class T, class Op>
class CpuExecutor {
public:
    using Buffer = std::vector<T>;

    explicit CpuExecutor(Recorder& rec) : rec_(rec) {}

    Buffer make_buffer(int64_t size) const { return Buffer(size_t(size), Op::identity()); }

    template <class Algo>
    Buffer block_scan(const Buffer& X, int64_t n, const BlockSetup& setup, Buffer* S, int s_offset) {
        Buffer xy = emulate_block_scan<Algo, T, Op>(X.data(), n, setup, rec_);
        if (S) write_block_sums(xy, *S, s_offset, setup, Algo::threads(setup.layout()));
        return xy;
    }

    void add_block_sums(Buffer& Y, int64_t n, const Buffer& S, int first_block, int offset, const BlockSetup& setup) {
        const AddBlockSums add{n, setup.section, setup.threads, first_block, offset};
        const int64_t grid = add.grid();
        const Op op;
        Step s = make_step({setup.kernel, setup.depth, setup.depth == 0 ? ArrayKind::y : ArrayKind::s, grid, add.threads},
                           Phase::add_block_sums, 0);
        int64_t additions = 0, active = 0;
        for (int64_t b = 0; b < grid; ++b) {
            for (int t = 0; t < add.threads; ++t) {
                bool works = false;
                for (int j = t; j < add.section; j += add.threads) {
                    if (!add.adds(b, j)) continue;
                    const int64_t g = b * add.section + j;
                    Y[g] = op(S[add.s_index(b)], Y[g]);
                    ++additions;
                    works = true;
                }
                active += works;
            }
            s.counts.divergent_warps += divergent_warps(add.threads, setup.warp_width, [&](int t) { return add.adds(b, t); });
        }
        s.counts.additions = additions;
        s.counts.active_threads = active;
        s.counts.idle_threads = grid * add.threads - active;
        if (rec_.full()) {
            const KeptBlocks kept = kept_blocks(setup, grid);
            const int64_t lo = kept.first * add.section, hi = std::min(n, (kept.first + kept.count) * add.section);
            s.accesses = add_accesses(add, kept.first, kept.count);
            set_values(s, Buffer(Y.begin() + lo, Y.begin() + std::max(lo, hi)));
            s.offset = lo;
        }
        rec_.add(std::move(s));
    }

    void host_scan(Buffer& s, int64_t count) { slides_host_scan<T, Op>(s, count, rec_); }

    void empty_load(Kernel kernel, int threads) { rec_.add(empty_load_step(kernel, threads)); }

    Buffer sequential(const Buffer& X, int64_t n, bool exclusive) {
        const Op op;
        const StepPlace place{Kernel::single, 0, ArrayKind::xy, 1, 1};
        Buffer xy(n);
        Step load = make_step(place, Phase::load, 0);
        for (int64_t i = 0; i < n; ++i) {
            const int64_t src = load_source(i, n, exclusive);
            xy[i] = src >= 0 ? X[src] : Op::identity();
        }
        load.counts.active_threads = 1;
        if (rec_.full()) {
            load.accesses = load_accesses(X.data(), 0, 1, int(n), 1, n, exclusive);
            load.values = xy;
        }
        rec_.add(std::move(load));
        for (int64_t i = 1; i < n; ++i) {
            xy[i] = op(xy[i - 1], xy[i]);
            Step s = make_step(place, Phase::sequential, int(i));
            s.counts.additions = 1;
            s.counts.active_threads = 1;
            if (rec_.full()) {
                s.accesses = sequential_accesses(i);
                s.values = xy;
            }
            rec_.add(std::move(s));
        }
        return xy;
    }

private:
    // S[b + offset] = XY[b*section + section-1], written by the last thread of each block; part
    // of the block-scan kernel (kernel 1, scan_cuda).
    void write_block_sums(const Buffer& xy, Buffer& S, int offset, const BlockSetup& setup, int threads) {
        const int section = setup.section;
        const int64_t grid = int64_t(xy.size()) / section;
        Step s = make_step({setup.kernel, setup.depth, ArrayKind::s, grid, threads}, Phase::block_sum_write, 0);
        for (int64_t b = 0; b < grid; ++b) S[b + offset] = xy[b * section + section - 1];
        s.counts.active_threads = grid;
        s.counts.idle_threads = grid * (threads - 1);
        s.counts.divergent_warps = grid * divergent_warps(threads, setup.warp_width, [&](int t) { return t == threads - 1; });
        if (rec_.full()) {
            const KeptBlocks kept = kept_blocks(setup, grid);
            s.accesses = block_sum_accesses(kept.first, kept.count, section, threads, offset);
            set_values(s, S);
        }
        rec_.add(std::move(s));
    }

    Recorder& rec_;
};

}  // namespace scanlab
