#pragma once
// The algorithm definitions Scan Lab knows, as a list of types: the one place an algorithm is
// registered. The table (table.hpp) is built from their info() rows, and run_scan
// (scan_plans.hpp) dispatches over the same list, so both backends instantiate every algorithm
// listed here and nothing else. Adding an algorithm: its definition header, its Algorithm value
// (types.hpp), one line below, its listing in assets/kernels/ and its tests (docs/algorithms.md).
#include "brent_kung.hpp"
#include "brent_kung_naive.hpp"
#include "decoupled_lookback.hpp"
#include "domino.hpp"
#include "hierarchical.hpp"
#include "kogge_stone.hpp"
#include "kogge_stone_double_buffer.hpp"
#include "kogge_stone_racy.hpp"
#include "ladner_fischer.hpp"
#include "segmented.hpp"
#include "sequential.hpp"
#include "sklansky.hpp"
#include "slides.hpp"
#include "three_phase.hpp"

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
using RegisteredAlgorithms = AlgorithmList<
    Sequential,
    KoggeStone,
    KoggeStoneRacy,
    KoggeStoneDoubleBuffer,
    BrentKung,
    BrentKungNaive,
    Sklansky,
    LadnerFischer,
    ThreePhase,
    Hierarchical,
    Slides,
    Segmented,
    Domino,
    DecoupledLookback>;

}  // namespace scanlab
