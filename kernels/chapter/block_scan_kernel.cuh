#pragma once
// The in-block scan kernel of every chapter algorithm: kernel 1 of 9.5 (and the slides'
// scan_cuda), and the whole scan for the single-section algorithms. What each thread does in each
// step, and which barriers the step passes, is not written here but asked of the algorithm
// definition (core/algorithms/), the same definition the CPU emulation executes, so the two cannot
// drift apart. Read with Algo = KoggeStone it is the slides' kernel: load, then per stride a sum
// into a temporary, a barrier, the store, a barrier.
#include <cstdint>

#include "core/algorithms/block_step.hpp"
#include "core/algorithms/load.hpp"
#include "kernels/chapter/recording.cuh"

namespace scanlab::gpu {

template <class T>
struct BlockScanArgs {
    const T* X = nullptr;  // input, n elements
    T* Y = nullptr;  // each section scanned in place: Y[i] for i < n
    T* S = nullptr;  // block sums: S[b + s_offset] = the last element of section b; may be null
    int64_t n = 0;
    int section = 2;
    int s_offset = 0;
    bool exclusive = false;
    int coarsening = 1;  // three-phase: elements each thread scans alone
    Algorithm phase2 = Algorithm::kogge_stone;  // three-phase: the scan of the subsection totals
};

// Shared memory the kernel needs: the algorithm's buffers plus the recorder's scratch (with room
// to watch for hazards only where a step may run without the barrier between reads and writes).
template <class Algo, class T, class Rec>
size_t block_scan_shared_bytes(const SectionLayout& layout) {
    return size_t(Algo::buffers) * layout.size * sizeof(T) + Rec::shared_bytes(Algo::threads(layout), layout.size, !Algo::barrier_between);
}

// One block per section, Algo::threads(section) threads per block. Section is the section size
// when it is known at compile time (0: read it from p.section). The benchmark and the live run
// time the chapter's scans at 1024 and 2048 with it known, as the book's kernels have it: then the
// algorithm definition's index math for each step folds to the constants the book's loop computes,
// and the steps unroll. The definition called is the same either way.
template <class Algo, class T, class Op, class Rec, int Section = 0>
__global__ void block_scan_kernel(BlockScanArgs<T> p, Rec rec) {
    extern __shared__ __align__(16) unsigned char shared[];
    const int section = Section > 0 ? Section : p.section;
    const SectionLayout layout{section, p.coarsening, p.phase2};
    T* XY = reinterpret_cast<T*>(shared);  // Algo::buffers sections of it
    SCANLAB_RECORD(rec.bind(shared + size_t(Algo::buffers) * section * sizeof(T), blockDim.x, section));
    const int t = threadIdx.x;
    const int threads = Section > 0 ? Algo::threads(layout) : int(blockDim.x);
    const int64_t first = int64_t(blockIdx.x) * section;  // global index of XY[0]
    const Op op;

    // Load: thread t brings positions t, t + threads, ... (round r brings t + r * threads: a fixed
    // number of rounds when the section size is compiled in); the identity past the end (and first,
    // for an exclusive scan, which loads the input shifted right by one).
    for (int r = 0; r * threads < section; ++r) {
        const int j = t + r * threads;
        if (j >= section) break;
        XY[j] = load_element<Op>(p.X, first + j, p.n, p.exclusive);
        SCANLAB_RECORD(rec.access(0, t * (section / threads) + (j - t) / threads, t,
                                  int32_t(loaded_source(p.X, first + j, p.n, p.exclusive)), int32_t(first + j), false));
    }
    for (int b = 0; b < step_barriers<Algo>(-1, layout).after; ++b) rec.barrier();
    SCANLAB_RECORD(rec.end_step(0, true, 0, XY));

    const int steps = Algo::steps(layout);
#pragma unroll
    for (int k = 0; k < steps; ++k) {
        const Work w = Algo::work(k, t, layout);
        const T* in = XY + Algo::in_buffer(k) * section;
        T* out = XY + Algo::out_buffer(k) * section;
        // The definition's barriers for this step (three-phase has none inside phases 1 and 3).
        const StepBarriers barriers = step_barriers<Algo>(k, layout);
        SCANLAB_RECORD(rec.before_step(in, in == out && !barriers.between));
        T value;  // set and stored only by an active thread
        if (w.active) {
            const T earlier = in[w.src];
            SCANLAB_RECORD(rec.read(w.src, earlier));
            if (w.applies_op) {
                const T later = in[w.dst];
                SCANLAB_RECORD(rec.read(w.dst, later));
                value = op(earlier, later);
            } else {
                value = earlier;
            }
            SCANLAB_RECORD(rec.access(k + 1, t, t, int32_t(first + w.src), int32_t(first + w.dst), w.applies_op));
        }
        if (barriers.between) rec.barrier();  // every read before any write: the slides' temporary
        if (w.active) out[w.dst] = value;
        // The last step's barrier guards the reads of the store below. Where each thread reads back
        // only the element it wrote itself (Kogge-Stone), the untraced kernel needs none, as the
        // book's has none; the recorder keeps it for its snapshot.
        if (Rec::enabled || k + 1 < steps || !kWritesOnlyOwnElement<Algo>)
            for (int b = 0; b < barriers.after; ++b) rec.barrier();
        SCANLAB_RECORD(rec.end_step(k + 1, w.active, w.applies_op ? 1 : 0, out));
    }

    const T* scanned = XY + (steps > 0 ? Algo::out_buffer(steps - 1) : 0) * section;
    for (int r = 0; r * threads < section; ++r) {
        const int j = t + r * threads;
        if (j < section && first + j < p.n) p.Y[first + j] = scanned[j];
    }
    if (p.S) {
        // The last thread writes the section's total (taken from shared memory, so a partial last
        // section gives its real total).
        const bool last = t == threads - 1;
        if (last) {
            p.S[blockIdx.x + p.s_offset] = scanned[section - 1];
            SCANLAB_RECORD(rec.access(steps + 1, 0, t, int32_t(first + section - 1), int32_t(blockIdx.x + p.s_offset), false));
        }
        SCANLAB_RECORD(rec.end_step(steps + 1, last, 0, static_cast<const T*>(nullptr)));
    }
}

}  // namespace scanlab::gpu
