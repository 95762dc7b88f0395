#pragma once
// The GPU executor of the scan plans (core/algorithms/scan_plans.hpp): the same sequence of
// launches the CPU emulation runs, each a real CUDA kernel. With DeviceRecorder every launch
// records into its trace buffer and becomes Steps of the Trace; with NullRecorder nothing is
// recorded and the executor keeps its allocations for the next run (the benchmark's case).
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "core/algorithms/add_block_sums.hpp"
#include "core/algorithms/block_setup.hpp"
#include "core/recording/host_scan.hpp"
#include "core/recording/recorder.hpp"
#include "core/recording/step_records.hpp"
#include "kernels/chapter/add_block_sums_kernel.cuh"
#include "kernels/chapter/block_scan_kernel.cuh"
#include "kernels/chapter/book_loop_kernel.cuh"
#include "kernels/chapter/launch_trace.cuh"
#include "kernels/chapter/sequential_kernel.cuh"
#include "kernels/device_memory.cuh"

namespace scanlab::gpu {

template <class T, class Op, class Rec>
class GpuExecutor {
public:
    using Buffer = DeviceSpan<T>;
    static constexpr bool traced = Rec::enabled;

    // `out` receives the scan of the input (depth 0); `recorder` is null when untraced.
    GpuExecutor(Buffer out, Recorder* recorder) : out_(out), rec_(recorder) {}

    // Untraced runs reuse the previous run's allocations, which come in the same order.
    void rewind(Buffer out) {
        out_ = out;
        next_ = 0;
    }

    Buffer make_buffer(int64_t size) {
        bool fresh = false;
        Buffer b = allocate(size, &fresh);
        // Untraced, a buffer is filled once, when it is allocated: every later run gets it back in
        // the same role (rewind), and what a scan writes over the identity there is never read as
        // the identity (kernel 1 writes all of S before anything reads it; nothing writes the
        // slides' s[0]). One launch fewer per level of block sums, as the book's code has it.
        if (size > 0 && (traced || fresh)) {
            fill_kernel<T><<<unsigned(std::min<int64_t>((size + 255) / 256, 1024)), 256>>>(b.ptr, size, Op::identity());
            check("fill_kernel");
        }
        return b;
    }

    template <class Algo>
    Buffer block_scan(const Buffer& X, int64_t n, const BlockSetup& setup, Buffer* S, int s_offset) {
        if constexpr (runs_book_loop<Algo>()) {
            if (S) throw GpuError("internal: the book's loop of 9.2 scans one section and writes no block sums");
            return book_loop_scan<Algo>(X, n, setup);
        } else {
            return step_scan<Algo>(X, n, setup, S, s_offset);
        }
    }

    void add_block_sums(Buffer& Y, int64_t n, const Buffer& S, int first_block, int offset, const BlockSetup& setup) {
        const AddBlockSums add{n, setup.section, setup.threads, first_block, offset};
        const char* kernel_name = "the add kernel (kernel 3)";
        if constexpr (!traced) {
            const unsigned grid = unsigned(add.grid());
            if (add.section == 1024 && add.threads == 1024)
                add_block_sums_kernel<T, Op, Rec, 1024, 1024><<<grid, add.threads>>>(Y.ptr, S.ptr, add, Rec{});
            else if (add.section == 2048 && add.threads == 1024)
                add_block_sums_kernel<T, Op, Rec, 2048, 1024><<<grid, add.threads>>>(Y.ptr, S.ptr, add, Rec{});
            else
                add_block_sums_kernel<T, Op, Rec><<<grid, add.threads>>>(Y.ptr, S.ptr, add, Rec{});
            check(kernel_name);
        } else {
            const KeptBlocks kept = kept_blocks(setup, add.grid());
            LaunchTrace<T> lt(1, 0, kept.first, kept.count, add.section, setup.warp_width, rec_->full(), false);
            const size_t shared = DeviceRecorder<T>::shared_bytes(add.threads, add.section, false);
            add_block_sums_kernel<T, Op, DeviceRecorder<T>>
                <<<unsigned(add.grid()), add.threads, shared>>>(Y.ptr, S.ptr, add, DeviceRecorder<T>(lt.buffers()));
            check(kernel_name);
            lt.download_all();
            Step st = make_step({setup.kernel, setup.depth, setup.depth == 0 ? ArrayKind::y : ArrayKind::s, add.grid(), add.threads},
                                Phase::add_block_sums, 0);
            if (rec_->full()) {
                const int64_t lo = kept.first * add.section, hi = std::max(lo, std::min(n, (kept.first + kept.count) * add.section));
                set_values(st, download(Buffer{Y.ptr + lo, hi - lo}, hi - lo, "Y after the add"));
                st.offset = lo;
            }
            keep(std::move(st), lt, 0, false);
        }
    }

    // The slides' host step: s comes to the host, is scanned there, and goes back.
    void host_scan(Buffer& s, int64_t count) {
        std::vector<T> host = download(s, s.size, "the block sums s");
        if constexpr (traced)
            slides_host_scan<T, Op>(host, count, *rec_);
        else
            slides_host_loop<T, Op>(host, count);
        upload(s, host.data(), s.size, "the scanned block sums s");
    }

    // An empty input: its load step, and nothing on the GPU.
    void empty_load(Kernel kernel, int threads) {
        if constexpr (traced) rec_->add(empty_load_step(kernel, threads));
    }

    Buffer sequential(const Buffer& X, int64_t n, bool exclusive) {
        static_assert(traced, "the sequential scan is only run traced");
        const bool full = rec_->full();
        DeviceArray<T> loaded(full ? n : 0, "the loaded array"), written(full ? n : 0, "the sequential trace");
        DeviceArray<DeviceAccess> accesses(full ? 2 * n : 0, "the sequential accesses");
        DeviceArray<unsigned long long> counters((full ? n : 2) * kCounters, "the sequential counters");
        cuda_check(cudaMemset(counters.data(), 0, size_t(counters.size()) * sizeof(unsigned long long)), "cudaMemset(counters)");
        sequential_kernel<T, Op>
            <<<1, 1>>>(X.ptr, out_.ptr, n, exclusive, full, loaded.data(), written.data(), accesses.data(), counters.data());
        check("the sequential kernel");
        const std::vector<unsigned long long> c = download(counters.span(), counters.size(), "the sequential counters");
        const StepPlace place{Kernel::single, 0, ArrayKind::xy, 1, 1};
        auto counts_of = [&](int64_t s) {
            StepCounts k;
            k.additions = int64_t(c[size_t(s * kCounters + kAdditions)]);
            k.active_threads = int64_t(c[size_t(s * kCounters + kActive)]);
            return k;
        };
        Step load = make_step(place, Phase::load, 0);
        load.counts = counts_of(0);
        if (!full) {
            rec_->add(std::move(load));
            if (n > 1) {
                // At counts detail the kernel sums the steps' counts; every step adds once.
                Step each = make_step(place, Phase::sequential, 0);
                each.counts = counts_of(1);
                each.counts.additions /= (n - 1);
                rec_->add_repeated(each, n - 1);
            }
            return out_;
        }
        std::vector<T> xy = download(loaded.span(), n, "the loaded array");
        const std::vector<T> after = download(written.span(), n, "the sequential trace");
        const std::vector<DeviceAccess> acc = download(accesses.span(), 2 * n, "the sequential accesses");
        for (int64_t i = 0; i < n; ++i) load.accesses.push_back({acc[i].thread, acc[i].src, acc[i].dst, acc[i].kind == 2});
        load.values = xy;
        rec_->add(std::move(load));
        for (int64_t i = 1; i < n; ++i) {
            Step st = make_step(place, Phase::sequential, int(i));
            st.counts = counts_of(i);
            xy[size_t(i)] = after[size_t(i)];
            const DeviceAccess& a = acc[size_t(n + i)];
            st.accesses = {{a.thread, a.src, a.dst, a.kind == 2}};
            st.values = xy;
            rec_->add(std::move(st));
        }
        return out_;
    }

private:
    // Every other in-block algorithm: barrier-separated steps (block_scan_kernel.cuh).
    template <class Algo>
    Buffer step_scan(const Buffer& X, int64_t n, const BlockSetup& setup, Buffer* S, int s_offset) {
        const int section = setup.section;
        const SectionLayout layout = setup.layout();
        const int threads = Algo::threads(layout);
        const int64_t grid = (n + section - 1) / section;
        const bool writes_result = setup.depth == 0 && (setup.kernel == Kernel::single || setup.kernel == Kernel::k1);
        Buffer Y = writes_result ? out_ : allocate(n);
        const BlockScanArgs<T> args{X.ptr,    Y.ptr,           S ? S->ptr : nullptr, n,           section,
                                    s_offset, setup.exclusive, setup.coarsening,     setup.phase2};
        const size_t shared = block_scan_shared_bytes<Algo, T, Rec>(layout);
        const char* kernel_name = "the block scan kernel (kernel 1)";
        if constexpr (!traced) {
            // The chapter's sections at scale with their size compiled in (block_scan_kernel).
            if (section == 1024)
                block_scan_kernel<Algo, T, Op, Rec, 1024><<<unsigned(grid), threads, shared>>>(args, Rec{});
            else if (section == 2048)
                block_scan_kernel<Algo, T, Op, Rec, 2048><<<unsigned(grid), threads, shared>>>(args, Rec{});
            else
                block_scan_kernel<Algo, T, Op, Rec><<<unsigned(grid), threads, shared>>>(args, Rec{});
            check(kernel_name);
        } else {
            const int steps = Algo::steps(layout);
            const int recorded = 1 + steps + (S ? 1 : 0);
            const bool watch = Algo::buffers == 1 && !Algo::barrier_between;
            const KeptBlocks kept = kept_blocks(setup, grid);
            LaunchTrace<T> lt(recorded, 1 + steps, kept.first, kept.count, section, setup.warp_width, rec_->full(), watch);
            const auto kernel = block_scan_kernel<Algo, T, Op, DeviceRecorder<T>>;
            // Past 48 KiB a kernel must ask for its dynamic shared memory (a Brent-Kung section of
            // 2048 segmented double pairs with the recorder's copy of it takes about 72 KiB).
            if (shared > size_t(48) << 10)
                cuda_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)),
                           "reserving " + std::to_string(shared >> 10) + " KiB of shared memory for " + kernel_name);
            kernel<<<unsigned(grid), threads, shared>>>(args, DeviceRecorder<T>(lt.buffers()));
            check(kernel_name);
            lt.download_all();
            const StepPlace place{setup.kernel, setup.depth, setup.array, grid, threads, step_coarsening<Algo>(setup)};
            for (int s = 0; s <= steps; ++s) {
                Step st = s == 0 ? make_step(place, Phase::load, 0)
                                 : make_step(place, Algo::shape(s - 1, layout).phase, Algo::shape(s - 1, layout).level);
                st.offset = kept.first * section;
                keep(std::move(st), lt, s, true);
            }
            if (S) {
                Step st = make_step({setup.kernel, setup.depth, ArrayKind::s, grid, threads}, Phase::block_sum_write, 0);
                if (rec_->full()) set_values(st, download(*S, S->size, "the block sums S"));
                keep(std::move(st), lt, steps + 1, false);
            }
        }
        return Y;
    }

    // The book's loop of 9.2 as printed (book_loop_kernel.cuh): one section per block, no block sums.
    template <class Algo>
    Buffer book_loop_scan(const Buffer& X, int64_t n, const BlockSetup& setup) {
        const int section = setup.section;
        const int threads = Algo::threads(section);
        const int64_t grid = (n + section - 1) / section;
        const bool writes_result = setup.depth == 0 && setup.kernel == Kernel::single;
        Buffer Y = writes_result ? out_ : allocate(n);
        const BlockScanArgs<T> args{X.ptr, Y.ptr, nullptr, n, section, 0, setup.exclusive};
        const size_t shared = size_t(section) * sizeof(T);
        const char* kernel_name = "the book's Kogge-Stone kernel (Fig. 9.2)";
        if constexpr (!traced) {
            book_loop_kernel<Algo, T, Op, NullBookLoopRecorder><<<unsigned(grid), threads, shared>>>(args, NullBookLoopRecorder{});
            check(kernel_name);
        } else {
            const int steps = Algo::steps(section);
            const int warps = (threads + setup.warp_width - 1) / setup.warp_width;
            const KeptBlocks kept = kept_blocks(setup, grid);
            LaunchTrace<T> lt(1 + steps, 1 + steps, kept.first, kept.count, section, setup.warp_width, rec_->full(), true);
            DeviceArray<T> history(int64_t(1 + steps) * grid * section, "the book loop's history");
            DeviceArray<unsigned> marks(int64_t(1 + steps) * grid * section, "the book loop's hazard marks");
            DeviceArray<unsigned> on(int64_t(1 + steps) * grid * warps, "the book loop's threads at work");
            cuda_check(cudaMemset(marks.data(), 0, size_t(marks.size()) * sizeof(unsigned)), "cudaMemset(hazard marks)");
            cuda_check(cudaMemset(on.data(), 0, size_t(on.size()) * sizeof(unsigned)), "cudaMemset(threads at work)");
            const BookLoopBuffers<T> buffers{lt.buffers(), history.data(), marks.data(), on.data(), grid, steps, warps};
            book_loop_kernel<Algo, T, Op, BookLoopRecorder<T>><<<unsigned(grid), threads, shared>>>(args, BookLoopRecorder<T>(buffers));
            check(kernel_name);
            lt.download_all();
            const std::vector<unsigned> at_work = download(on.span(), on.size(), "the book loop's threads at work");
            const StepPlace place{setup.kernel, setup.depth, setup.array, grid, threads};
            for (int s = 0; s <= steps; ++s) {
                Step st = s == 0 ? make_step(place, Phase::load, 0)
                                 : make_step(place, Algo::shape(s - 1, section).phase, Algo::shape(s - 1, section).level);
                st.offset = kept.first * section;
                StepCounts counts = lt.counts(s);
                // The threads not at work and the warps holding both kinds, from the device's
                // per-warp counts (the recorder has no barrier to gather them with).
                counts.idle_threads = grid * threads - counts.active_threads;
                if (s > 0)
                    for (int64_t w = 0; w < grid * warps; ++w) {
                        const unsigned count = unsigned(std::min(setup.warp_width, threads - int(w % warps) * setup.warp_width));
                        const unsigned busy = at_work[size_t(int64_t(s) * grid * warps + w)];
                        counts.divergent_warps += busy > 0 && busy < count;
                    }
                keep(std::move(st), lt, s, true, &counts);
            }
        }
        return Y;
    }

    Buffer allocate(int64_t size, bool* fresh = nullptr) {
        if (fresh) *fresh = !(next_ < pool_.size() && pool_[next_].size() == size);
        if (next_ < pool_.size() && pool_[next_].size() == size) return pool_[next_++].span();
        DeviceArray<T> a(size, "a scan buffer");
        Buffer b = a.span();
        if (next_ < pool_.size())
            pool_[next_] = std::move(a);
        else
            pool_.push_back(std::move(a));
        ++next_;
        return b;
    }

    // Traced, every launch is checked to its end at once, so an error names its kernel; untraced
    // (timed), only the launch itself, so the kernels queue back to back as they would in use.
    static void check(const std::string& kernel) {
        if constexpr (traced)
            check_launch(kernel);
        else
            cuda_check(cudaGetLastError(), "launching " + kernel);
    }

    // `counts`, where given, replaces the launch's counters for the step.
    void keep(Step st, const LaunchTrace<T>& lt, int s, bool shared_snapshot, const StepCounts* counts = nullptr) {
        st.counts = counts ? *counts : lt.counts(s);
        if (rec_->full()) {
            if (shared_snapshot) set_values(st, lt.snapshot(s));
            st.accesses = lt.accesses(s);
            st.hazards = lt.hazards(s);
        }
        rec_->add(std::move(st));
    }

    Buffer out_;
    Recorder* rec_;
    std::vector<DeviceArray<T>> pool_;
    size_t next_ = 0;
};

}  // namespace scanlab::gpu
