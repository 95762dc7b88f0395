// The single-pass scan's dispatch: picks the instantiation for the type, operator and variant,
// checks the arguments and the temporary storage, and launches one kernel.
#include "kernels/production/single_pass_scan.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <string>

#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/operators.hpp"
#include "kernels/cuda_check.hpp"
#include "kernels/production/large_kernel_choice.hpp"
#include "kernels/production/policy.cuh"
#include "kernels/production/single_pass_scan.cuh"
#include "kernels/production/staged_scan.cuh"
#include "kernels/production/temp_layout.hpp"

namespace scanlab::gpu {
namespace {

using namespace production;

using LaunchFn = void (*)(const void* d_in, void* d_out, int64_t n, bool exclusive, void* d_temp, uint64_t capacity, cudaStream_t stream);

struct Entry {
    SinglePassVariant variant;
    LaunchFn launch;
};

// The tests' override (detail::single_pass_scan_force_kernel).
std::atomic<int> g_forced_kernel{0};

bool aligned_16(const void* p) { return reinterpret_cast<uintptr_t>(p) % 16 == 0; }

template <class T>
SinglePassArgs<T> make_args(const void* d_in, void* d_out, int64_t n, bool exclusive, int64_t tile_items) {
    const int64_t tiles = (n + tile_items - 1) / tile_items;
    return {static_cast<const T*>(d_in), static_cast<T*>(d_out), n, uint32_t(tiles), exclusive, aligned_16(d_in) && aligned_16(d_out)};
}

// What the dispatch needs of the current device (large_kernel_choice.hpp), read once per device.
DeviceShape current_device_shape() {
    static std::once_flag once[64];
    static DeviceShape shapes[64];
    int device = 0;
    cuda_check(cudaGetDevice(&device), "cudaGetDevice");
    const auto read = [device] {
        DeviceShape d;
        int memory_khz = 0, bus_bits = 0;
        cuda_check(cudaDeviceGetAttribute(&d.multiprocessors, cudaDevAttrMultiProcessorCount, device),
                   "cudaDeviceGetAttribute(multiprocessors)");
        cuda_check(cudaDeviceGetAttribute(&d.major, cudaDevAttrComputeCapabilityMajor, device),
                   "cudaDeviceGetAttribute(compute capability)");
        // Not every device reports its memory (0 then): the rule then takes the default tiles.
        if (cudaDeviceGetAttribute(&memory_khz, cudaDevAttrMemoryClockRate, device) != cudaSuccess ||
            cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device) != cudaSuccess) {
            (void)cudaGetLastError();
            memory_khz = bus_bits = 0;
        }
        d.memory_gb_per_s = 2.0 * memory_khz * 1e3 * (bus_bits / 8.0) / 1e9;  // double data rate
        return d;
    };
    if (device >= 64) return read();
    std::call_once(once[device], [&] { shapes[device] = read(); });
    return shapes[device];
}

template <class Policy, class T, class Op>
void launch(const void* d_in, void* d_out, int64_t n, bool exclusive, void* d_temp, uint64_t capacity, cudaStream_t stream) {
    constexpr int64_t kTile = Policy::template tile_items<T>();
    const SinglePassArgs<T> args = make_args<T>(d_in, d_out, n, exclusive, kTile);
    single_pass_scan_kernel<Policy, T, Op><<<args.num_tiles, Policy::kThreads, 0, stream>>>(args, TileStatus<T>(d_temp, capacity));
    // The sentence is built only on failure: no host work beyond the launch on every call.
    if (const cudaError_t error = cudaGetLastError(); error != cudaSuccess)
        cuda_check(error, "launching the single-pass scan kernel (" + std::to_string(args.num_tiles) + " tiles of " +
                              std::to_string(kTile) + " elements)");
}

// One block per tile, the tile staged in shared memory (Hopper and later).
template <class Policy, class T, class Op>
void launch_staged(const void* d_in, void* d_out, int64_t n, bool exclusive, void* d_temp, uint64_t capacity, cudaStream_t stream) {
    constexpr int64_t kTile = Policy::template tile_items<T>();
    const SinglePassArgs<T> args = make_args<T>(d_in, d_out, n, exclusive, kTile);
    if (current_device_shape().major < 9) throw GpuError("the staged single-pass scan needs a GPU of compute capability 9.0 or later");
    // As much of the SM's on-chip memory as shared memory as it has (228 KB on an H100), once per
    // kernel: the blocks per SM the policy counts on are as many tiles as fit there.
    static const cudaError_t carveout = cudaFuncSetAttribute(
        staged_scan_kernel<Policy, T, Op>, cudaFuncAttributePreferredSharedMemoryCarveout, int(cudaSharedmemCarveoutMaxShared));
    cuda_check(carveout, "cudaFuncSetAttribute(staged single-pass scan kernel, shared memory carveout)");
    if constexpr (Policy::kOptIn) {
        static const cudaError_t opt_in =
            cudaFuncSetAttribute(staged_scan_kernel<Policy, T, Op>, cudaFuncAttributeMaxDynamicSharedMemorySize, Policy::kSharedBytes);
        cuda_check(opt_in, "cudaFuncSetAttribute(staged single-pass scan kernel, " + std::to_string(Policy::kSharedBytes) +
                               " bytes of shared memory per block)");
    }
    staged_scan_kernel<Policy, T, Op>
        <<<args.num_tiles, Policy::kThreads, Policy::kSharedBytes, stream>>>(args, TileStatus<T>(d_temp, capacity));
    if (const cudaError_t error = cudaGetLastError(); error != cudaSuccess)
        cuda_check(error, "launching the staged single-pass scan kernel (" + std::to_string(args.num_tiles) + " tiles of " +
                              std::to_string(kTile) + " elements)");
}

// The production choice (variant 0), by GPU and size: see DefaultPolicy in policy.cuh and
// large_kernel_for in large_kernel_choice.hpp.
template <class T, class Op>
void launch_default(const void* d_in, void* d_out, int64_t n, bool exclusive, void* d_temp, uint64_t capacity, cudaStream_t stream) {
    using P = DefaultPolicy<T, Op>;
    constexpr int64_t kTile = P::Small::template tile_items<T>();
    const int64_t tiles = (n + kTile - 1) / kTile;
    const DeviceShape device = current_device_shape();
    const int forced = g_forced_kernel.load(std::memory_order_relaxed);
    LargeKernel large = large_kernel_for(device, n * int64_t(sizeof(T)));
    if (large != LargeKernel::registers && forced != 0) large = forced == 2 ? LargeKernel::staged_wide : LargeKernel::staged;
    if (forced == 0 && tiles <= int64_t(P::kSmallTilesPerSM) * device.multiprocessors)
        launch<typename P::Small, T, Op>(d_in, d_out, n, exclusive, d_temp, capacity, stream);
    else if (large == LargeKernel::staged_wide)
        launch_staged<typename P::LargeWide, T, Op>(d_in, d_out, n, exclusive, d_temp, capacity, stream);
    else if (large == LargeKernel::staged)
        launch_staged<typename P::Large, T, Op>(d_in, d_out, n, exclusive, d_temp, capacity, stream);
    else
        launch<typename P::LargeBeforeHopper, T, Op>(d_in, d_out, n, exclusive, d_temp, capacity, stream);
}

template <class Policy, class T, class Op>
Entry entry(const char* name) {
    return {{name, Policy::kThreads, Policy::template items_per_thread<T>(), Policy::template tile_items<T>()}, &launch<Policy, T, Op>};
}
template <class Policy, class T, class Op>
Entry staged_entry(const char* name) {
    return {{name, Policy::kThreads, Policy::template items_per_thread<T>(), Policy::template tile_items<T>()},
            &launch_staged<Policy, T, Op>};
}

// Variant 0 everywhere; the alternatives only where the benchmark's targets are (int32 sum), so
// the fat binary stays small and quick to build.
template <class T, class Op>
std::vector<Entry> entries() {
    using P = DefaultPolicy<T, Op>;
    using Small = typename P::Small;
    // Storage sized for the default's smallest tile serves every kernel it may launch.
    static_assert(Small::template tile_items<T>() <= P::Large::template tile_items<T>() &&
                  Small::template tile_items<T>() <= P::LargeWide::template tile_items<T>() &&
                  Small::template tile_items<T>() <= P::LargeBeforeHopper::template tile_items<T>());
    std::vector<Entry> v{{{sizeof(T) == 8 ? "256x8+staged" : "256x16+staged", Small::kThreads, Small::template items_per_thread<T>(),
                           Small::template tile_items<T>()},
                          &launch_default<T, Op>}};
    if constexpr (std::is_same_v<T, int32_t> && std::is_same_v<Op, SumOp<int32_t>>) {
        using enum Publish;
        constexpr CacheHints ro = CacheHints::read_only;
        v.push_back(entry<SinglePassPolicy<256, 4>, T, Op>("256x16-ticket"));  // the default before Hopper's kernels
        constexpr TileOrder bi = TileOrder::block_index;
        v.push_back(entry<SinglePassPolicy<256, 4, ro, 1, bi, after_reduce>, T, Op>("256x16-blockidx-early"));  // Small, third round
        v.push_back(entry<SinglePassPolicy<256, 4, ro, 1, bi, after_reduce, 1, 0, true>, T, Op>("256x16-prefetch"));  // Small, fourth round
        v.push_back(entry<SinglePassPolicy<256, 8>, T, Op>("256x32-ticket"));  // LargeBeforeHopper
        v.push_back(staged_entry<StagedPolicy<256, 8, 6, after_reduce>, T, Op>("staged-256x32"));  // the default's Large, at any size
        v.push_back(staged_entry<StagedPolicy<256, 11, 5, after_reduce>, T, Op>("staged-256x44"));  // 44 KB tiles, 5 per SM (third round)
        // A warp of its own looks back from the block's start (eighth round).
        v.push_back(staged_entry<StagedPolicy<288, 8, 6, after_reduce, true>, T, Op>("staged-256x32+lookback-warp"));  // 32 KB, 6 per SM
        v.push_back(staged_entry<StagedPolicy<288, 11, 5, after_reduce, true>, T, Op>("staged-256x44+lookback-warp"));  // 44 KB, 5 per SM
        v.push_back(staged_entry<StagedPolicy<256, 12, 5, after_reduce, true>, T, Op>("staged-224x48+lookback-warp"));  // 42 KB, 5 per SM
    }
#if SCANLAB_TUNING_VARIANTS
    // Tile shapes for measuring a new GPU (-DSCANLAB_TUNING_VARIANTS=ON): the staged kernel with the
    // SM's shared memory cut into fewer, larger tiles or more, smaller ones. Sums of every type.
    if constexpr (std::is_same_v<Op, SumOp<T>>) {
        using enum Publish;
        if constexpr (!std::is_same_v<T, int32_t>) {
            v.push_back(staged_entry<StagedPolicy<256, 8, 6, after_reduce>, T, Op>("staged-256x32"));
            v.push_back(staged_entry<StagedPolicy<256, 11, 5, after_reduce>, T, Op>("staged-256x44"));
        }
        v.push_back(staged_entry<StagedPolicy<128, 16, 7, after_reduce>, T, Op>("staged-128x64"));  // 32 KB tiles, 7 per SM
        v.push_back(staged_entry<StagedPolicy<128, 14, 8, after_reduce>, T, Op>("staged-128x56"));  // 28 KB tiles, 8 per SM
        v.push_back(staged_entry<StagedPolicy<256, 14, 4, after_reduce>, T, Op>("staged-256x56"));  // 56 KB tiles, 4 per SM
        v.push_back(staged_entry<StagedPolicy<256, 18, 3, after_reduce>, T, Op>("staged-256x72"));  // 72 KB tiles, 3 per SM
        v.push_back(staged_entry<StagedPolicy<512, 14, 2, after_reduce>, T, Op>("staged-512x56"));  // 112 KB tiles, 2 per SM
        v.push_back(staged_entry<StagedPolicy<256, 6, 8, after_reduce>, T, Op>("staged-256x24"));  // 24 KB tiles, 8 per SM
    }
#endif
    return v;
}

const std::vector<Entry>& entries_for(ElementType type, OpKind op) {
    return with_type_and_op(type, op, []<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) -> const std::vector<Entry>& {
        static const std::vector<Entry> v = entries<T, Op<T>>();  // one table per type and operator, built on first use
        return v;
    });
}

const Entry& entry_for(ElementType type, OpKind op, int variant) {
    const std::vector<Entry>& v = entries_for(type, op);
    if (variant < 0 || size_t(variant) >= v.size())
        throw ScanError("the single-pass scan has no variant " + std::to_string(variant) + " for " + std::string(name(type)) + " " +
                        std::string(name(op)) + " (it has " + std::to_string(v.size()) + ")");
    return v[size_t(variant)];
}

}  // namespace

std::string single_pass_policy(ElementType type, OpKind op) {
    return with_type_and_op(type, op, []<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) {
        using P = DefaultPolicy<T, Op<T>>;
        const DeviceShape device = current_device_shape();
        const int64_t small_tile = P::Small::template tile_items<T>();
        const int64_t last_small = small_tile * P::kSmallTilesPerSM * device.multiprocessors;
        const auto kb = [](int64_t items) { return std::to_string(items * int64_t(sizeof(T)) / 1024) + " KB"; };
        std::string s = "single-pass policy: tiles of " + kb(small_tile) + " held in registers, one wave of at most " +
                        std::to_string(P::kSmallTilesPerSM) + " per SM, up to N = " + std::to_string(last_small) + " (" +
                        std::to_string(device.multiprocessors) + " SMs); above that ";
        if (device.major >= 9) {
            s += "tiles of " + kb(P::Large::template tile_items<T>()) + " staged in shared memory by the bulk copy engine, " +
                 std::to_string(P::Large::kMinBlocksPerSM) + " blocks per SM" +
                 (P::Large::kLookBackWarp ? ", each with a warp that looks back from the block's start" : "") + " (compute capability " +
                 std::to_string(device.major) + ".x has the engine)";
            const auto fixed = [](double v, int digits) {
                char b[32];
                std::snprintf(b, sizeof b, "%.*f", digits, v);
                return std::string(b);
            };
            const std::string speed = fixed(device.gb_per_s_per_sm(), 1) + " GB/s per SM (" + fixed(device.memory_gb_per_s / 1000, 2) +
                                      " TB/s over " + std::to_string(device.multiprocessors) + " SMs)";
            const std::string wide =
                "tiles of " + kb(P::LargeWide::template tile_items<T>()) + ", " + std::to_string(P::LargeWide::kMinBlocksPerSM) + " per SM";
            const std::string from = "N = " + std::to_string(kWideTilesFromBytes / int64_t(sizeof(T))) + " (1 GiB)";
            if (device.memory_gb_per_s <= 0)
                s += "; the GPU does not report its memory's speed, so they serve every size";
            else if (large_kernel_for(device, kWideTilesFromBytes) == LargeKernel::staged_wide)
                s += "; from " + from + ", " + wide + ", since this GPU's memory moves " + speed + ", at least the " +
                     fixed(kWideTilesFromGBPerSM, 0) + " GB/s from which they keep enough bytes in flight";
            else
                s += "; this GPU's memory moves " + speed + ", below the " + fixed(kWideTilesFromGBPerSM, 0) + " GB/s from which " + wide +
                     " take over at " + from;
            s += "; the tile shapes measured on an H100 and an H200 are in docs/performance.md";
        } else
            s += "tiles of " + kb(P::LargeBeforeHopper::template tile_items<T>()) +
                 " in registers, drawn from a ticket (compute capability " + std::to_string(device.major) + ".x has no bulk copy engine)";
        return s;
    });
}

std::vector<SinglePassVariant> single_pass_variants(ElementType type, OpKind op) {
    std::vector<SinglePassVariant> out;
    for (const Entry& e : entries_for(type, op)) out.push_back(e.variant);
    return out;
}

size_t single_pass_scan_temp_bytes(ElementType type, int64_t max_n, int variant) {
    // Every operator has the same variants' tile sizes for variant 0; the int32 sum list is the longest.
    const std::vector<Entry>& v = entries_for(type, OpKind::sum);
    const int64_t tile = variant >= 0 && size_t(variant) < v.size() ? v[size_t(variant)].variant.tile_items : v[0].variant.tile_items;
    const int64_t tiles = max_n > 0 ? (max_n + tile - 1) / tile : 1;
    return temp_bytes_for_tiles(uint64_t(tiles));
}

void single_pass_scan_prepare_temp(void* d_temp, size_t temp_bytes, void* stream) {
    if (!d_temp || temp_tile_capacity(temp_bytes) == 0)
        throw ScanError("the single-pass scan's temporary storage is missing or smaller than its " + std::to_string(kTempHeaderBytes) +
                        "-byte header");
    cuda_check(cudaMemsetAsync(d_temp, 0, temp_bytes, static_cast<cudaStream_t>(stream)),
               "cudaMemsetAsync(single-pass scan temporary storage)");
}

void single_pass_scan(ElementType type, OpKind op, bool exclusive, const void* d_in, void* d_out, int64_t n, void* d_temp,
                      size_t temp_bytes, void* stream, int variant) {
    const Entry& e = entry_for(type, op, variant);
    if (n < 0) throw ScanError("the single-pass scan was asked for n = " + std::to_string(n) + " elements");
    if (n == 0) return;
    if (!d_in || !d_out) throw ScanError("the single-pass scan was given a null input or output array");
    const int64_t tiles = (n + e.variant.tile_items - 1) / e.variant.tile_items;
    if (tiles > 0x7fffffff) throw ScanError("N = " + std::to_string(n) + " is more than the single-pass scan's 2^31 tiles");
    const uint64_t capacity = d_temp ? temp_tile_capacity(temp_bytes) : 0;
    if (uint64_t(tiles) > capacity)
        throw ScanError("the single-pass scan's temporary storage tracks " + std::to_string(capacity) + " tiles but N = " +
                        std::to_string(n) + " needs " + std::to_string(tiles) + "; size it with single_pass_scan_temp_bytes");
    e.launch(d_in, d_out, n, exclusive, d_temp, capacity, static_cast<cudaStream_t>(stream));
}

namespace detail {

void single_pass_scan_set_epoch(void* d_temp, size_t temp_bytes, uint32_t epoch) {
    if (!d_temp || temp_tile_capacity(temp_bytes) == 0 || epoch >= kEpochPeriod)
        throw ScanError("single_pass_scan_set_epoch: no storage, or an epoch past the period");
    const uint64_t counter = uint64_t(epoch) << 32;
    cuda_check(cudaMemcpy(d_temp, &counter, sizeof counter, cudaMemcpyHostToDevice), "cudaMemcpy(single-pass scan epoch)");
}

uint32_t single_pass_scan_epoch_period() { return kEpochPeriod; }

void single_pass_scan_force_kernel(int kernel) { g_forced_kernel.store(kernel); }

}  // namespace detail

}  // namespace scanlab::gpu
