#pragma once
// Decoupled look-back (Merrill & Garland 2016): every tile publishes its aggregate as soon as it
// has it, and its inclusive prefix once it knows it; a tile finds its exclusive prefix by walking
// back over its predecessors' words, a whole warp inspecting 32 of them at a time, until it meets
// an inclusive prefix.
//
// Storage: kernels/production/temp_layout.hpp. A word is ready only if its tag is this launch's,
// so stale words of earlier launches need no clearing (one launch per scan, no memset).
// 4-byte types pack flag and value into one 64-bit word, written and read whole (single-copy
// atomic), so no fence is needed. 8-byte types store the value first, fence, then the flag; a
// reader that saw the flag fences before reading the value.
//
// Tiles are handed out by a ticket counter in the order blocks start (TileOrder::ticket, the
// default), so a block only ever waits for tiles already held by running blocks: forward progress
// never depends on how many blocks the GPU keeps resident or in which order it starts them.
// TileOrder::block_index (policy.cuh) trades that guarantee for loads that start at once.
#include <cstdint>

#include "temp_layout.hpp"
#include "thread_io.cuh"
#include "warp_scan.cuh"

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

// Acquire: no later memory access of this thread is performed before it (earlier ones, such as the
// tile's loads already in flight, are not held back).
__device__ __forceinline__ uint64_t load_acquire(const uint64_t* p) {
    uint64_t v;
    asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(__cvta_generic_to_global(p)) : "memory");
    return v;
}

__device__ __forceinline__ uint32_t next_epoch(uint32_t epoch) { return epoch + 1 == kEpochPeriod ? 0 : epoch + 1; }

struct Ticket {
    uint32_t tile;
    uint32_t epoch;
};

template <class T> class TileStatus {
public:
    TileStatus(void* temp, uint64_t capacity)
        : header_(static_cast<uint64_t*>(temp)),
          words_(reinterpret_cast<uint64_t*>(static_cast<char*>(temp) + kTempHeaderBytes)),
          aggregates_(words_ + capacity),
          inclusives_(aggregates_ + capacity),
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

    // blockIdx order, thread 0 of each block, once: the epoch, then the block's arrival. Whoever
    // arrives last knows every block has read the epoch, and advances it (advance_epoch), at
    // leisure: nothing of this launch reads the header again.
    __device__ __forceinline__ uint32_t read_epoch() const {
        const uint64_t counter = load_acquire(header_);
        const uint32_t epoch = uint32_t(counter >> 32);
        if (epoch >= kEpochPeriod || uint32_t(counter) != 0) __trap();  // not prepared, or a launch on it was aborted
        return epoch;
    }
    __device__ __forceinline__ uint32_t arrive() const { return atomicAdd(arrivals(), 1u); }
    __device__ __forceinline__ void advance_epoch(uint32_t epoch) const {
        store_relaxed(header_, uint64_t(next_epoch(epoch)) << 32);
        atomicExch(arrivals(), 0u);
    }

    __device__ __forceinline__ void publish_aggregate(uint32_t tile, T value, uint32_t tag) const { publish(tile, value, tag, false); }
    __device__ __forceinline__ void publish_inclusive(uint32_t tile, T value, uint32_t tag) const { publish(tile, value, tag, true); }

    // Warp-wide (all 32 lanes): the combination of every tile before `tile` (tile >= 1).
    template <class Op> __device__ __forceinline__ T look_back(uint32_t tile, uint32_t tag, int lane, Op op) const {
        T prefix = Op::identity();  // the tiles already passed, nearest last
        int64_t nearest = int64_t(tile) - 1;
        for (;;) {
            // Lane 31 inspects the nearest tile of this window, lane 0 the farthest; tiles before
            // the first read as an inclusive identity.
            const int64_t j = nearest - (kWarpThreads - 1 - lane);
            uint64_t word = 0;
            bool ready = j < 0, inclusive = j < 0;
            unsigned needed = kFullWarp, inclusive_lanes = 0;
            for (;;) {
                if (!ready) {
                    word = load_relaxed(words_ + j);
                    const uint32_t flag = uint32_t(word >> 32);
                    ready = (flag >> 1) == tag;
                    inclusive = ready && (flag & 1u);
                }
                const unsigned ready_lanes = __ballot_sync(kFullWarp, ready);
                inclusive_lanes = __ballot_sync(kFullWarp, inclusive);
                // Only the words from the nearest inclusive one up to lane 31 matter (all 32 when
                // none is inclusive yet), and they must all be ready.
                needed = inclusive_lanes ? kFullWarp << (31 - __clz(inclusive_lanes)) : kFullWarp;
                if ((ready_lanes & needed) == needed) break;
            }
            T value = Op::identity();
            if (j >= 0 && (needed >> lane & 1u)) value = value_of(word, j, inclusive);
            prefix = op(warp_reduce(value, lane, op), prefix);
            if (inclusive_lanes) return prefix;
            nearest -= kWarpThreads;
        }
    }

    // The launch of the last epoch clears every word before tags repeat: the last block to finish
    // does it (every block calls this at its very end, all threads).
    __device__ __forceinline__ void clear_if_last(uint32_t num_tiles, bool* shared_flag) const {
        uint32_t* done = reinterpret_cast<uint32_t*>(header_ + 1);  // byte 8
        __syncthreads();
        if (threadIdx.x == 0) {
            __threadfence();
            *shared_flag = atomicAdd(done, 1u) == num_tiles - 1;
        }
        __syncthreads();
        if (!*shared_flag) return;
        __threadfence();
        for (uint64_t i = threadIdx.x; i < capacity_; i += blockDim.x) words_[i] = 0;
        if (threadIdx.x == 0) *done = 0;
    }

private:
    __device__ __forceinline__ uint32_t* arrivals() const { return reinterpret_cast<uint32_t*>(header_ + 1) + 1; }  // byte 12

    __device__ __forceinline__ void publish(uint32_t tile, T value, uint32_t tag, bool inclusive) const {
        const uint64_t flag = uint64_t(tag << 1 | uint32_t(inclusive)) << 32;
        if constexpr (sizeof(T) == 4) {
            store_relaxed(words_ + tile, flag | to_bits(value));
        } else {
            store_relaxed((inclusive ? inclusives_ : aggregates_) + tile, to_bits(value));
            __threadfence();  // the value before the flag that announces it
            store_relaxed(words_ + tile, flag);
        }
    }

    __device__ __forceinline__ T value_of(uint64_t word, int64_t j, bool inclusive) const {
        if constexpr (sizeof(T) == 4) {
            return from_bits<T>(uint32_t(word));
        } else {
            __threadfence();  // the flag this lane saw before the value it announced
            return from_bits<T>(load_relaxed((inclusive ? inclusives_ : aggregates_) + j));
        }
    }

    uint64_t* header_;
    uint64_t* words_;
    uint64_t* aggregates_;  // 8-byte types only: bit patterns
    uint64_t* inclusives_;
    uint64_t capacity_;
};

}  // namespace scanlab::production
