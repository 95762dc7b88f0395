#pragma once
// The production scan: single pass, decoupled look-back, any length, every operator and element
// type of the core, inclusive or exclusive. One kernel launch per scan at every size.
// Plain C++ (device pointers and the stream travel as void*), so callers need no CUDA header.
//
// Usage, as with CUB: ask for the temporary storage, allocate it once, prepare it once (one
// memset), then scan as often as you like, on one stream at a time, with any n whose tiles fit:
//
//   size_t bytes = single_pass_scan_temp_bytes(ElementType::int32, max_n);
//   cudaMalloc(&temp, bytes);
//   single_pass_scan_prepare_temp(temp, bytes);
//   single_pass_scan(ElementType::int32, OpKind::sum, /*exclusive=*/false, d_in, d_out, n, temp, bytes);
//
// Every failure throws GpuError (kernels/gpu_error.hpp) with a sentence naming the CUDA call.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.hpp"

namespace scanlab::gpu {

// A tuning of the kernel (threads per block, items per thread, cache hints). Variant 0 is the
// production choice for every type and operator; int32 sum also has the alternatives that
// `scanlab bench --variants` times side by side.
struct SinglePassVariant {
    std::string name;  // "256x16", "512x16", "256x16-streaming", ...
    int threads_per_block = 0;
    int items_per_thread = 0;
    int64_t tile_items = 0;
};
std::vector<SinglePassVariant> single_pass_variants(ElementType type, OpKind op);

// Which kernels variant 0 chooses on the current device, and why, in one sentence: the tile of
// the small-input kernel, the size from which the large-input kernel takes over (from the device's
// SM count), and which large-input kernel its compute capability gets.
std::string single_pass_policy(ElementType type, OpKind op);

// Bytes of temporary storage for scans of up to max_n elements with the given variant
// (a buffer sized for one variant serves any variant whose tiles are at least as large).
size_t single_pass_scan_temp_bytes(ElementType type, int64_t max_n, int variant = 0);

// Zeroes the storage once after allocation (queued on `stream`; nullptr is the default stream).
// Needed again only if a scan on it failed.
void single_pass_scan_prepare_temp(void* d_temp, size_t temp_bytes, void* stream = nullptr);

// Scans n elements of d_in into d_out (device arrays of `type`, which must not overlap); n = 0
// does nothing. Queued on `stream`, no host synchronisation. Inputs and outputs that are 16-byte
// aligned (as cudaMalloc gives) move in whole 16-byte vectors; others work, more slowly.
void single_pass_scan(ElementType type, OpKind op, bool exclusive, const void* d_in, void* d_out, int64_t n, void* d_temp,
                      size_t temp_bytes, void* stream = nullptr, int variant = 0);

namespace detail {
// For the tests: start the storage's next launch at `epoch`, to cross the epoch wrap on purpose.
// Synchronous.
void single_pass_scan_set_epoch(void* d_temp, size_t temp_bytes, uint32_t epoch);
uint32_t single_pass_scan_epoch_period();
// For the tests: make variant 0 take a kernel for large inputs at every size (compute-sanitizer
// runs only small sizes), on this GPU: 1 the 32 KB tiles (registers before Hopper), 2 the 44 KB
// tiles (large_kernel_choice.hpp), 0 the production choice again.
void single_pass_scan_force_kernel(int kernel);
}  // namespace detail

}  // namespace scanlab::gpu
