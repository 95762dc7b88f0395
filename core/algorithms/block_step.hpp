#pragma once
// What one thread does in one barrier-separated step of an in-block scan, as pure index math.
//
// Every in-block algorithm of the chapter is, step by step, "thread t combines XY[src] into
// XY[dst]" (or copies it, for the double buffer). An algorithm definition only says which
// (src, dst) each thread takes in each step; the executors — the CPU emulation
// (core/emulation/block_scan.hpp) and the CUDA kernel (kernels/) — run
//     reg = op(in[src], in[dst])      // gather (copy: reg = in[src])
//     [__syncthreads() if the algorithm keeps a temporary across a barrier]
//     out[dst] = reg                  // scatter
//     __syncthreads()
// so both backends apply the same operations to the same elements in the same order. An
// algorithm whose listing puts its barriers elsewhere (three-phase: none inside its phases 1 and
// 3) says step by step where they are (Algo::barriers), and both backends pass exactly those.
#include "core/hd.hpp"
#include "core/types.hpp"

namespace scanlab {

struct Work {
    bool active = false;  // false: the thread does nothing in this step (idle)
    bool applies_op = false;  // false: a plain copy (the double buffer's t < stride threads)
    int src = 0;  // element read besides dst (the earlier operand), section-relative
    int dst = 0;  // element read and written, section-relative
};

// One block's section as an executor hands it to an algorithm definition: its size, and for the
// coarsened (three-phase) scan the elements each thread scans on its own and the block scan of its
// phase 2. It converts to its size, so a definition that needs nothing else takes a plain int.
struct SectionLayout {
    int size = 2;
    int coarsening = 1;
    Algorithm phase2 = Algorithm::kogge_stone;
    SCANLAB_HD constexpr operator int() const { return size; }
};

struct StepShape {
    Phase phase;
    int level;  // stride for Kogge-Stone; tree level for Brent-Kung
    int stride;  // distance between src and dst
};

SCANLAB_HD inline Work combine(int src, int dst) { return Work{true, true, src, dst}; }
SCANLAB_HD inline Work copy(int element) { return Work{true, false, element, element}; }
SCANLAB_HD inline Work idle() { return Work{}; }
// combine(src, dst) when `when` holds, else idle. The indices are given either way (an idle
// thread's are never used), so a kernel computes the addresses without choosing them first: each
// step compiles to predicated accesses, as the book's `if (t >= stride) ...` does, with no branch.
SCANLAB_HD inline Work combine_if(bool when, int src, int dst) { return Work{when, when, src, dst}; }

// The barriers one block passes in a step: `between` its reads and its writes (0 or 1: the
// temporary's) and `after` its writes, up to the next step's reads (or the store). Step k = -1 is
// the load.
struct StepBarriers {
    int between = 0;
    int after = 1;
};

// Whether the definition says its barriers step by step (Algo::barriers(k, layout)); otherwise
// every step has the temporary's barrier or none (Algo::barrier_between) and ends in one.
template <class Algo>
inline constexpr bool kBarriersByStep = requires(int k, const SectionLayout& l) {
    Algo::barriers(k, l);
};

template <class Algo>
SCANLAB_HD constexpr StepBarriers step_barriers(int k, const SectionLayout& l) {
    if constexpr (kBarriersByStep<Algo>)
        return Algo::barriers(k, l);
    else
        return {k >= 0 && Algo::barrier_between ? 1 : 0, 1};
}

// Whether thread t only ever writes XY[t] (Algo::writes_only_own_element, false where a definition
// does not say): then after the last step every thread reads back an element no other thread wrote.
template <class Algo>
inline constexpr bool kWritesOnlyOwnElement = false;
template <class Algo>
requires requires { Algo::writes_only_own_element; }
inline constexpr bool kWritesOnlyOwnElement<Algo> = Algo::writes_only_own_element;

}  // namespace scanlab
