#pragma once
// Internal to kernels/bench: what the benchmark runs besides Scan Lab's own scans (CUB, Thrust,
// the book's kernels) and the L2 flush, behind plain C++ (the stream travels as void*). Each lives in its own .cu, so
// the two heavy library instantiations compile in parallel.
#include <cstddef>
#include <cstdint>

#include "core/types.hpp"

namespace scanlab::bench::detail {

// cub::DeviceScan: InclusiveSum / ExclusiveSum for sum, InclusiveScan / ExclusiveScan with the
// core's operator (and its identity as the initial value) for max and min. n < 2^31.
size_t cub_temp_bytes(ElementType type, OpKind op, bool exclusive, int64_t n);
void cub_scan(ElementType type, OpKind op, bool exclusive, const void* d_in, void* d_out, int64_t n, void* d_temp, size_t temp_bytes,
              void* stream);

// Device memory that Thrust takes its temporary storage from, so no cudaMalloc/cudaFree (which
// synchronises) falls inside a timed run. A request that does not fit is served by cudaMalloc and
// remembered in `largest_request`; the caller grows the arena before timing.
struct ThrustArena {
    char* base = nullptr;
    size_t bytes = 0;
    size_t used = 0;
    int outstanding = 0;
    size_t largest_request = 0;
};
// thrust::inclusive_scan / exclusive_scan (with the identity as init) through
// thrust::cuda::par_nosync(arena).on(stream): no synchronisation at the end, as CUB.
void thrust_scan(ElementType type, OpKind op, bool exclusive, const void* d_in, void* d_out, int64_t n, ThrustArena& arena, void* stream);

// The chapter's hierarchical scan written plainly, as the book prints it (book_scans.cu): Kogge-Stone
// sections of 1024 on 1024 threads, or Brent-Kung sections of 2048 on 1024 threads; kernel 2 is
// kernel 1 over the block sums, recursively. d_temp holds every level's block sums.
enum class BookBlock : uint8_t { kogge_stone, brent_kung };
size_t book_scan_temp_bytes(BookBlock block, ElementType type, int64_t n);
void book_scan(BookBlock block, ElementType type, OpKind op, bool exclusive, const void* d_in, void* d_out, int64_t n, void* d_temp,
               void* stream);

// Reads `bytes` of `buffer` (a multiple of 16) so that whatever was in L2 is evicted, leaving clean
// lines: nothing of the flush is written back during the next timed run. `sink` is a device int
// that is written only if the buffer held a value it never does (so the reads cannot be dropped).
void flush_l2(const void* buffer, size_t bytes, int* sink, void* stream);

}  // namespace scanlab::bench::detail
