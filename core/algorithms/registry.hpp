#pragma once
// The algorithm definitions Scan Lab knows, as a list of types: the one place an algorithm is
// registered. The table (table.hpp) is built from their info() rows, and run_scan
// (scan_plans.hpp) dispatches over the same list, so both backends instantiate every algorithm
// listed here and nothing else. Adding an algorithm: its definition header, its Algorithm value
// (types.hpp), one line below, its listing in assets/kernels/ and its tests (docs/algorithms.md).
#include "core/algorithms/brent_kung.hpp"
#include "core/algorithms/brent_kung_naive.hpp"
#include "core/algorithms/decoupled_lookback.hpp"
#include "core/algorithms/domino.hpp"
#include "core/algorithms/hierarchical.hpp"
#include "core/algorithms/kogge_stone.hpp"
#include "core/algorithms/kogge_stone_double_buffer.hpp"
#include "core/algorithms/kogge_stone_racy.hpp"
#include "core/algorithms/ladner_fischer.hpp"
#include "core/algorithms/segmented.hpp"
#include "core/algorithms/sequential.hpp"
#include "core/algorithms/sklansky.hpp"
#include "core/algorithms/slides.hpp"
#include "core/algorithms/three_phase.hpp"

namespace scanlab {

template <class... Algos>
struct AlgorithmList {
    // Calls f.template operator()<A>() for every A, in order.
    template <class F>
    static void for_each(F&& f) {
        (f.template operator()<Algos>(), ...);
    }
};

// In the order menus and --help list them.
using RegisteredAlgorithms = AlgorithmList<Sequential, KoggeStone, KoggeStoneRacy, KoggeStoneDoubleBuffer, BrentKung, BrentKungNaive,
                                           Sklansky, LadnerFischer, ThreePhase, Hierarchical, Slides, Segmented, Domino, DecoupledLookback>;

}  // namespace scanlab
