#pragma once
// The CPU executor of the scan plans (core/algorithms/scan_plans.hpp): every launch emulated on
// the host, every step recorded.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/algorithms/add_block_sums.hpp"
#include "core/algorithms/load.hpp"
#include "core/emulation/block_scan.hpp"
#include "core/recording/host_scan.hpp"

namespace scanlab {

// The plan runs at once and names its arrays; each launch it asks for becomes pieces queued in
// its order, run by advance() one at a time (a step of a block scan, a launch, a stretch of the
// one-thread loop), so the same emulation runs whole on the desktop and between frames on a page
// with one thread. A plan never reads an array's values on the host between launches (CUDA's host
// code cannot either), so an array is a handle that the pieces fill when they run.
template <class T, class Op>
class CpuExecutor {
public:
    using Buffer = std::shared_ptr<std::vector<T>>;

    explicit CpuExecutor(Recorder& rec) : rec_(rec) {}

    // The caller's input, read in place (it must outlive the run): copying it would double the
    // memory of the largest runs.
    static Buffer input(const std::vector<T>& x) { return Buffer(Buffer(), const_cast<std::vector<T>*>(&x)); }

    Buffer make_buffer(int64_t size) const { return std::make_shared<std::vector<T>>(size_t(size), Op::identity()); }

    // Runs the next piece; true once no piece is left.
    bool advance() {
        if (!pieces_.empty() && pieces_.front()()) pieces_.pop_front();
        return pieces_.empty();
    }

    template <class Algo>
    Buffer block_scan(const Buffer& X, int64_t n, const BlockSetup& setup, Buffer* S, int s_offset) {
        Buffer xy = std::make_shared<std::vector<T>>();
        auto run = std::make_shared<std::optional<BlockScanRun<Algo, T, Op>>>();
        pieces_.push_back([this, X, n, setup, xy, run] {
            if (!*run) run->emplace(X->data(), n, setup, rec_);
            if (!(*run)->advance()) return false;
            *xy = (*run)->take();
            run->reset();
            return true;
        });
        if (S)
            pieces_.push_back([this, xy, s = *S, s_offset, setup] {
                write_block_sums(*xy, *s, s_offset, setup, Algo::threads(setup.layout()));
                return true;
            });
        return xy;
    }

    void add_block_sums(Buffer& Y, int64_t n, const Buffer& S, int first_block, int offset, const BlockSetup& setup) {
        pieces_.push_back([this, Y, n, S, first_block, offset, setup] {
            add_block_sums_now(*Y, n, *S, first_block, offset, setup);
            return true;
        });
    }

    void host_scan(Buffer& s, int64_t count) {
        pieces_.push_back([this, s, count] {
            slides_host_scan<T, Op>(*s, count, rec_);
            return true;
        });
    }

    void empty_load(Kernel kernel, int threads) {
        pieces_.push_back([this, kernel, threads] {
            rec_.add(empty_load_step(kernel, threads));
            return true;
        });
    }

    Buffer sequential(const Buffer& X, int64_t n, bool exclusive) {
        Buffer xy = std::make_shared<std::vector<T>>();
        pieces_.push_back([this, X, xy, n, exclusive] {
            sequential_load(*X, *xy, n, exclusive);
            return true;
        });
        // The loop's steps, a stretch at a time: N steps of one addition each.
        auto next = std::make_shared<int64_t>(1);
        pieces_.push_back([this, xy, n, next] {
            const int64_t end = std::min(n, *next + kSequentialStretch);
            for (; *next < end; ++*next) sequential_step(*xy, *next);
            return *next >= n;
        });
        return xy;
    }

private:
    static constexpr int64_t kSequentialStretch = 4096;

    void add_block_sums_now(std::vector<T>& Y, int64_t n, const std::vector<T>& S, int first_block, int offset, const BlockSetup& setup) {
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
            set_values(s, std::vector<T>(Y.begin() + lo, Y.begin() + std::max(lo, hi)));
            s.offset = lo;
        }
        rec_.add(std::move(s));
    }

    static constexpr StepPlace kSequentialPlace{Kernel::single, 0, ArrayKind::xy, 1, 1};

    void sequential_load(const std::vector<T>& X, std::vector<T>& xy, int64_t n, bool exclusive) {
        xy.assign(size_t(n), T{});
        Step load = make_step(kSequentialPlace, Phase::load, 0);
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
    }

    void sequential_step(std::vector<T>& xy, int64_t i) {
        const Op op;
        xy[i] = op(xy[i - 1], xy[i]);
        Step s = make_step(kSequentialPlace, Phase::sequential, int(i));
        s.counts.additions = 1;
        s.counts.active_threads = 1;
        if (rec_.full()) {
            s.accesses = sequential_accesses(i);
            s.values = xy;
        }
        rec_.add(std::move(s));
    }

private:
    // S[b + offset] = XY[b*section + section-1], written by the last thread of each block; part
    // of the block-scan kernel (kernel 1, scan_cuda).
    void write_block_sums(const std::vector<T>& xy, std::vector<T>& S, int offset, const BlockSetup& setup, int threads) {
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
    std::deque<std::function<bool()>> pieces_;  // each says whether it is done
};

}  // namespace scanlab
