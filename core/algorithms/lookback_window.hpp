#pragma once
// Decoupled look-back (Merrill & Garland 2016), the decisions both backends share: what a tile
// makes of the status words it reads in its window, which of them it combines, where it looks
// next. The CUDA kernel (kernels/chapter/decoupled_lookback_kernel.cuh) and the emulation run
// these same functions, so the GPU and the emulation take the same decisions from the same flags
// and combine the same values in the same order (a float sum comes out bit for bit the same).
//
// Every tile has a status word: invalid (X in the paper: nothing published yet), aggregate (A:
// the tile's own total) or inclusive (P: the total of every tile up to and including it). A tile
// whose look-back has reached predecessor `nearest` reads the window [nearest - W + 1, nearest]
// (one warp, one tile a lane, when W = 32). While any word of it is invalid the tile waits and
// reads the window again (a poll); CUB waits the same way (`__any_sync` over the warp). Then,
// nearest first, it combines the aggregates down to the nearest inclusive prefix and stops there,
// or, finding none, combines the whole window and moves the window W tiles further back. Tile 0
// publishes an inclusive prefix at once, so every look-back ends.
#include <cstdint>

#include "core/events.hpp"  // TileStatus: invalid (X), aggregate (A), prefix (P)
#include "core/hd.hpp"
#include "core/warp.hpp"

namespace scanlab {

// CUB's window: one warp, each lane reading one predecessor's status.
inline constexpr int kDefaultLookbackWindow = kWarpSize;
inline constexpr int kMaxLookbackWindow = kWarpSize;  // a window is read by the lanes of one warp

// The first tile of the window that ends at `nearest`.
SCANLAB_HD inline int64_t window_first(int64_t nearest, int window) {
    const int64_t first = nearest - window + 1;
    return first > 0 ? first : 0;
}

// What a tile does after one read of its window.
struct WindowVerdict {
    bool wait = false;  // a word is still invalid: read the window again
    int combine = 0;  // combine this many tiles, nearest first
    bool found = false;  // the last of them holds an inclusive prefix: the look-back ends
};

// `flag_at(j)` is the flag the tile read for tile j, for j in [window_first(nearest, W), nearest].
template <class FlagAt>
SCANLAB_HD WindowVerdict judge_window(int64_t nearest, int window, FlagAt flag_at) {
    const int64_t first = window_first(nearest, window);
    for (int64_t j = nearest; j >= first; --j)
        if (flag_at(j) == TileStatus::invalid) return {true, 0, false};
    for (int64_t j = nearest; j >= first; --j)
        if (flag_at(j) == TileStatus::prefix) return {false, int(nearest - j + 1), true};
    return {false, int(nearest - first + 1), false};
}

// One tile's look-back as it goes: the window it reads next and what it has combined so far.
template <class T>
struct LookBack {
    int64_t tile = 0;
    int window = kDefaultLookbackWindow;
    int64_t nearest = -1;  // the nearest predecessor not yet combined (-1: done, or tile 0)
    T prefix{};  // the combination of the predecessors passed, nearest last
    int64_t depth = 0;  // predecessors combined
    int64_t reads = 0;  // status words read
    int64_t polls = 0;  // reads of a window that held an invalid word
    bool done = false;

    SCANLAB_HD int64_t first() const { return window_first(nearest, window); }
    SCANLAB_HD int size() const { return int(nearest - first() + 1); }

    // Applies one read of the window: `flag_at(j)` and `value_at(j)` are what the tile read for
    // tile j (value_at is asked only of the tiles it combines). Returns the verdict.
    template <class Op, class FlagAt, class ValueAt>
    SCANLAB_HD WindowVerdict read_window(Op op, FlagAt flag_at, ValueAt value_at) {
        const WindowVerdict v = judge_window(nearest, window, flag_at);
        reads += size();
        if (v.wait) {
            ++polls;
            return v;
        }
        // Nearest first, each earlier tile's value goes in front: prefix = value(j) op prefix.
        for (int i = 0; i < v.combine; ++i) prefix = op(value_at(nearest - i), prefix);
        depth += v.combine;
        if (v.found) {
            done = true;
            nearest = -1;
        } else {
            nearest -= v.combine;
        }
        return v;
    }
};

// A tile starts its look-back at its predecessor; tile 0 has none.
template <class T>
SCANLAB_HD LookBack<T> start_look_back(int64_t tile, int window, T identity) {
    LookBack<T> lb;
    lb.tile = tile;
    lb.window = window;
    lb.nearest = tile - 1;
    lb.prefix = identity;
    lb.done = tile == 0;
    return lb;
}

}  // namespace scanlab
