#pragma once
// The CPU executor of the scan plans (core/algorithms/scan_plans.hpp): every launch emulated on
// the host, every step recorded.
#include <cstdint>
#include <vector>

#include "../algorithms/load.hpp"
#include "block_scan.hpp"

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
        if (S) write_block_sums(xy, *S, s_offset, setup, Algo::threads(setup.section));
        return xy;
    }

    void add_block_sums(Buffer& Y, int64_t n, const Buffer& S, int first_block, int offset, const BlockSetup& setup) {
        const int section = setup.section;
        const int64_t grid = (n + section - 1) / section;
        const Op op;
        Step s = make_step({setup.kernel, setup.depth, setup.depth == 0 ? ArrayKind::y : ArrayKind::s, grid, section},
                           Phase::add_block_sums, 0);
        for (int64_t i = int64_t(first_block) * section; i < n; ++i) Y[i] = op(S[i / section + offset], Y[i]);
        const int64_t active = n - std::min<int64_t>(n, int64_t(first_block) * section);
        s.counts.additions = active;
        s.counts.active_threads = active;
        s.counts.idle_threads = grid * section - active;
        // Only the last block can be partly active: earlier blocks are wholly on or wholly off.
        const int64_t last_active = n - (grid - 1) * int64_t(section);
        if (grid - 1 >= first_block)
            s.counts.divergent_warps = divergent_warps(section, setup.warp_width, [&](int t) { return t < last_active; });
        if (rec_.full()) {
            s.accesses = add_accesses(n, section, first_block, offset);
            s.values = Buffer(Y.begin(), Y.begin() + n);
        }
        rec_.add(std::move(s));
    }

    void host_scan(Buffer& s, int64_t count) {
        const Op op;
        Step h = make_step({Kernel::host, 0, ArrayKind::s, 1, 1}, Phase::host_scan, 0);
        for (int64_t i = 1; i < count; ++i) s[i] = op(s[i - 1], s[i]);
        h.counts.additions = count > 0 ? count - 1 : 0;
        h.counts.active_threads = 1;
        if (rec_.full()) {
            h.accesses = host_scan_accesses(count);
            h.values = s;
        }
        rec_.add(std::move(h));
    }

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
            load.accesses = load_accesses(1, int(n), 1, n, exclusive);
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
            s.accesses = block_sum_accesses(grid, section, threads, offset);
            s.values = S;
        }
        rec_.add(std::move(s));
    }

    Recorder& rec_;
};

}  // namespace scanlab
