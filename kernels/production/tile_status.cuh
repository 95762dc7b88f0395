#pragma once
// Decoupled look-back (Merrill & Garland 2016): every tile publishes its aggregate as soon as it
// has it, and its inclusive prefix once it knows it; a tile finds its exclusive prefix by walking
// back over its predecessors' words, a whole warp inspecting 32 of them at a time, until it meets
// an inclusive prefix.
//
// Storage: kernels/production/temp_layout.hpp. A word is ready only if its tag is this launch's,
// so stale words of earlier launches need no clearing (one launch per scan, no memset).
// Flag and value travel together in one access, written and read whole (single-copy atomic), so
// no fence is needed and a reader needs one round trip per window: 4-byte types pack them into a
// 64-bit word, 8-byte types into a 128-bit one (ld/st .b128, sm_70 and later). (8-byte types used
// to store the value, fence, then the flag, and the reader fetched the value after a fence: two
// dependent round trips per window and a fence on each side; docs/performance.md.)
//
// With TileOrder::ticket, tiles are handed out by a ticket counter in the order blocks draw them,
// so a block only ever waits for tiles already held by running blocks: forward progress never
// depends on how many blocks the GPU keeps resident or in which order it starts them.
// TileOrder::block_index (policy.cuh) trades that guarantee for loads that start at once, as CUB
// does: it relies on the GPU starting blocks in index order.
#include <cstdint>
#include <type_traits>

#include "kernels/production/temp_layout.hpp"
#include "kernels/production/thread_io.cuh"
#include "kernels/production/warp_scan.cuh"

namespace scanlab::production {

// Strong (coherent at GPU scope) 64-bit accesses: they go to L2, never to a stale L1 line, and
// a 64-bit word is read or written whole.
__device__ __forceinline__ uint64_t load_relaxed(const uint64_t* p) {
    uint64_t v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(__cvta_generic_to_global(p)) : "memory");
    return v;
}

__device__ __forceinline__ void store_relaxed(uint64_t* p, uint64_t v) {
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(__cvta_generic_to_global(p)), "l"(v) : "memory");
}

// The 128-bit status word of 8-byte types: `flag` as the 64-bit word's flag half (high 32 bits),
// `value` the value's bits. One 16-byte access, single-copy atomic.
struct alignas(16) Word128 {
    uint64_t flag;
    uint64_t value;
};

__device__ __forceinline__ Word128 load_relaxed(const Word128* p) {
    Word128 w;
    asm volatile("{\n\t.reg .b128 t;\n\tld.relaxed.gpu.global.b128 t, [%2];\n\tmov.b128 {%0, %1}, t;\n\t}"
                 : "=l"(w.flag), "=l"(w.value)
                 : "l"(__cvta_generic_to_global(p))
                 : "memory");
    return w;
}

__device__ __forceinline__ void store_relaxed(Word128* p, Word128 w) {
    asm volatile(
        "{\n\t.reg .b128 t;\n\tmov.b128 t, {%1, %2};\n\tst.relaxed.gpu.global.b128 [%0], t;\n\t}" ::"l"(__cvta_generic_to_global(p)),
        "l"(w.flag), "l"(w.value)
        : "memory");
}

__device__ __forceinline__ uint32_t flag_of(uint64_t word) { return uint32_t(word >> 32); }
__device__ __forceinline__ uint32_t flag_of(const Word128& word) { return uint32_t(word.flag >> 32); }

__device__ __forceinline__ uint32_t next_epoch(uint32_t epoch) { return epoch + 1 == kEpochPeriod ? 0 : epoch + 1; }

struct Ticket {
    uint32_t tile;
    uint32_t epoch;
};

template <class T>
class TileStatus {
public:
    // One tile's status as one load returns it.
    using Word = std::conditional_t<sizeof(T) == 4, uint64_t, Word128>;

    TileStatus(void* temp, uint64_t capacity)
        : header_(static_cast<uint64_t*>(temp)),
          words_(reinterpret_cast<Word*>(static_cast<char*>(temp) + kTempHeaderBytes)),
          capacity_(capacity) {}

    // Thread 0 of each block, once. The block that draws the launch's last tile sets the counter
    // to the next epoch's first tile: every other block has drawn by then, and the next launch
    // (stream-ordered) starts from there.
    __device__ __forceinline__ Ticket draw_ticket(uint32_t num_tiles) const {
        const uint64_t t = atomicAdd(reinterpret_cast<unsigned long long*>(header_), 1ull);
        const Ticket ticket{uint32_t(t), uint32_t(t >> 32)};
        // A counter not at a tile boundary means the buffer was not prepared (or a launch on it
        // was aborted); stop rather than scan with someone else's tiles.
        if (ticket.tile >= num_tiles || ticket.epoch >= kEpochPeriod) __trap();
        if (ticket.tile == num_tiles - 1) store_relaxed(header_, uint64_t(next_epoch(ticket.epoch)) << 32);
        return ticket;
    }

    // Thread 0, once per block, in blockIdx order (one tile per block): the epoch and the block's
    // arrival in one atomic, issued beside the tile's loads. The block that arrives last knows that
    // every block has its epoch, and sets the counter to the next epoch at once (nothing of this
    // launch reads the counter again).
    __device__ __forceinline__ uint32_t arrive(uint32_t num_blocks) const {
        const uint64_t t = atomicAdd(reinterpret_cast<unsigned long long*>(header_), 1ull);
        const uint32_t epoch = uint32_t(t >> 32);
        if (uint32_t(t) >= num_blocks || epoch >= kEpochPeriod) __trap();  // not prepared, or a launch on it was aborted
        if (uint32_t(t) == num_blocks - 1) store_relaxed(header_, uint64_t(next_epoch(epoch)) << 32);
        return epoch;
    }

    __device__ __forceinline__ void publish_aggregate(uint32_t tile, T value, uint32_t tag) const { publish(tile, value, tag, false); }
    __device__ __forceinline__ void publish_inclusive(uint32_t tile, T value, uint32_t tag) const { publish(tile, value, tag, true); }

    // The look-back in two halves, so the warp can do other work (its own scan) while the first
    // window's loads are in flight. A window is 32 * M consecutive tiles ending at `nearest`: row m
    // of it is 32 consecutive words, lane l holding tile `nearest - 32 * M + 1 + 32 * m + l` (so each
    // load instruction reads one word from each of 16 consecutive lines); tiles before the first
    // read as an inclusive identity. (M > 1 was measured no faster on an H100: docs/performance.md.)
    template <int M>
    __device__ __forceinline__ void first_window(uint32_t tile, int lane, Word (&word)[M]) const {
        load_window(int64_t(tile) - kWarpThreads * M + lane, word);
    }

    // Warp-wide, as the block starts: asks L2 for the lines of the first window (a hint that returns
    // nothing; one per lane, two lanes to a line), so that its reads find them there.
    template <int M>
    __device__ __forceinline__ void prefetch_window(uint32_t tile, int lane) const {
#pragma unroll
        for (int m = 0; m < M; ++m) {
            const int64_t t = int64_t(tile) - kWarpThreads * M + kWarpThreads * m + lane;
            if (t >= 0) asm volatile("prefetch.global.L2 [%0];" ::"l"(__cvta_generic_to_global(word_of(t))));
        }
    }

    // Warp-wide, the start of a tile's part in the chain: lane 0 publishes the tile's aggregate
    // (the first tile's is already its inclusive prefix), and every lane sends the first window's
    // loads, so they fly while the warp scans its own segment.
    template <int M>
    __device__ __forceinline__ void publish_and_start(uint32_t tile, T aggregate, uint32_t tag, int lane, Word (&word)[M]) const {
        publish_first(tile, aggregate, tag, lane);
        if (tile != 0) first_window(tile, lane, word);
    }

    // Lane 0: the tile's first word, its aggregate (the first tile's: its inclusive prefix).
    __device__ __forceinline__ void publish_first(uint32_t tile, T aggregate, uint32_t tag, int lane) const {
        if (lane != 0) return;
        if (tile == 0)
            publish_inclusive(0, aggregate, tag);
        else
            publish_aggregate(tile, aggregate, tag);
    }

    // Warp-wide (all 32 lanes): the combination of every tile before `tile` (tile >= 1), given
    // what first_window(tile, lane, word) loaded.
    template <int M, int BackoffNs, class Op>
    __device__ __forceinline__ T look_back(uint32_t tile, uint32_t tag, int lane, Op op, Word (&word)[M]) const {
        T prefix = Op::identity();  // the tiles already passed, nearest last
        int64_t nearest = int64_t(tile) - 1;
        for (;;) {
            const int64_t first = nearest - (kWarpThreads * M - 1) + lane;  // this lane's tile of row 0; row m adds 32 m
            bool ready[M], inclusive[M];
#pragma unroll
            for (int m = 0; m < M; ++m) ready[m] = inclusive[m] = first + kWarpThreads * m < 0;
            unsigned needed[M];  // per row, the lanes whose words matter: from the nearest inclusive word on
            bool found;  // an inclusive word in the window
            for (;;) {
                unsigned ready_lanes[M];
#pragma unroll
                for (int m = 0; m < M; ++m) {
                    if (!ready[m]) {
                        const uint32_t flag = flag_of(word[m]);
                        ready[m] = (flag >> 1) == tag;
                        inclusive[m] = ready[m] && (flag & 1u);
                    }
                    ready_lanes[m] = __ballot_sync(kFullWarp, ready[m]);
                    needed[m] = __ballot_sync(kFullWarp, inclusive[m]);
                }
                // Rows after the nearest inclusive word's row: every lane; its row: from its lane; before: none.
                found = false;
                bool complete = true;
#pragma unroll
                for (int m = M - 1; m >= 0; --m) {
                    const unsigned inclusive_lanes = needed[m];
                    needed[m] = found ? 0u : inclusive_lanes ? kFullWarp << (31 - __clz(inclusive_lanes)) : kFullWarp;
                    found = found || inclusive_lanes;
                    complete = complete && (ready_lanes[m] & needed[m]) == needed[m];
                }
                if (complete) break;
                if constexpr (BackoffNs > 0) __nanosleep(BackoffNs);
#pragma unroll
                for (int m = 0; m < M; ++m)
                    if (!ready[m]) word[m] = load_relaxed(word_of(first + kWarpThreads * m));
            }
            T window = Op::identity();
            if constexpr (std::is_integral_v<T>) {
                // Integers: this lane's rows first, then across lanes (another order than the tiles', exact).
                T mine = Op::identity();
#pragma unroll
                for (int m = 0; m < M; ++m)
                    if (first + kWarpThreads * m >= 0 && (needed[m] >> lane & 1u)) mine = op(mine, value_of(word[m]));
                window = warp_reduce(mine, lane, op);
            } else {
#pragma unroll
                for (int m = 0; m < M; ++m) {
                    if (!needed[m]) continue;
                    T value = Op::identity();
                    if (first + kWarpThreads * m >= 0 && (needed[m] >> lane & 1u)) value = value_of(word[m]);
                    window = op(window, warp_reduce(value, lane, op));
                }
            }
            prefix = op(window, prefix);
            if (found) return prefix;
            nearest -= kWarpThreads * M;
            load_window(nearest - (kWarpThreads * M - 1) + lane, word);
        }
    }

    // The launch of the last epoch clears every word before tags repeat: the last of its
    // `num_blocks` blocks to finish does it (every block calls this at its very end, all threads).
    // Thread 0's finding reaches the block through the barrier's own reduction, not shared memory.
    __device__ __forceinline__ void clear_if_last(uint32_t num_blocks) const {
        uint32_t* done = reinterpret_cast<uint32_t*>(header_ + 1);  // byte 8
        __syncthreads();
        int last = 0;
        if (threadIdx.x == 0) {
            __threadfence();
            last = atomicAdd(done, 1u) == num_blocks - 1;
        }
        if (!__syncthreads_or(last)) return;
        __threadfence();
        // Every slot, whatever this launch's type: tags are shared by every scan on the storage.
        uint64_t* const all = header_ + kTempHeaderBytes / sizeof(uint64_t);
        for (uint64_t i = threadIdx.x; i < temp_words_bytes(capacity_) / sizeof(uint64_t); i += blockDim.x) all[i] = 0;
        if (threadIdx.x == 0) *done = 0;
    }

private:
    __device__ __forceinline__ void publish(uint32_t tile, T value, uint32_t tag, bool inclusive) const {
        const uint64_t flag = uint64_t(tag << 1 | uint32_t(inclusive)) << 32;
        if constexpr (sizeof(T) == 4)
            store_relaxed(word_of(tile), flag | to_bits(value));
        else
            store_relaxed(word_of(tile), Word128{flag, to_bits(value)});
    }

    // Row m of a window whose lane's first tile is `first`.
    template <int M>
    __device__ __forceinline__ void load_window(int64_t first, Word (&word)[M]) const {
#pragma unroll
        for (int m = 0; m < M; ++m) word[m] = first + kWarpThreads * m >= 0 ? load_relaxed(word_of(first + kWarpThreads * m)) : Word{};
    }

    // The value a ready word announces.
    __device__ __forceinline__ static T value_of(const Word& word) {
        if constexpr (sizeof(T) == 4)
            return from_bits<T>(uint32_t(word));
        else
            return from_bits<T>(word.value);
    }

    // Tile t's word, at the start of its slot (temp_layout.hpp).
    __device__ __forceinline__ Word* word_of(int64_t t) const { return words_ + t * int64_t(kTempSlotBytes / sizeof(Word)); }

    uint64_t* header_;
    Word* words_;
    uint64_t capacity_;
};

}  // namespace scanlab::production
