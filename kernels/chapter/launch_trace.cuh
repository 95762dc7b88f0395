#pragma once
// One launch's trace buffer in device memory (sized before the launch from the step count, the
// recorded blocks and the section), and its conversion into the Steps of the core's Trace.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/recording/step_records.hpp"
#include "core/trace.hpp"
#include "kernels/chapter/recording.cuh"
#include "kernels/device_memory.cuh"

namespace scanlab::gpu {

template <class T>
class LaunchTrace {
public:
    // `steps` recorded steps over blocks [window_first, window_first + window_blocks) of
    // `section` elements, the first `snapshot_steps` of which leave a copy of shared memory;
    // snapshots and accesses at full detail, hazard marks if watched.
    LaunchTrace(int steps, int snapshot_steps, int64_t window_first, int64_t window_blocks, int section, int warp_width, bool full,
                bool hazards)
        : section_(section) {
        const int64_t elements = int64_t(steps) * window_blocks * section;
        counters_ = DeviceArray<unsigned long long>(int64_t(steps) * kCounters, "trace counters");
        zero(counters_);
        if (full) {
            // Not zeroed: the kernel writes every element of every snapshot step, and
            // compute-sanitizer's initcheck would catch one it missed.
            snapshots_ = DeviceArray<T>(int64_t(snapshot_steps) * window_blocks * section, "trace snapshots");
            accesses_ = DeviceArray<DeviceAccess>(elements, "trace accesses");
            zero(accesses_);
            if (hazards) {
                hazards_ = DeviceArray<uint8_t>(elements, "trace hazard marks");
                zero(hazards_);
            }
        }
        buffers_ = {counters_.data(), snapshots_.data(), accesses_.data(), hazards_.data(),
                    window_first,     window_blocks,     section,          warp_width};
    }

    const TraceBuffers<T>& buffers() const { return buffers_; }

    // Brings the buffer back to the host; call once, after the launch was checked.
    void download_all() {
        counters_host_ = download(counters_.span(), counters_.size(), "trace counters");
        snapshots_host_ = download(snapshots_.span(), snapshots_.size(), "trace snapshots");
        accesses_host_ = download(accesses_.span(), accesses_.size(), "trace accesses");
        hazards_host_ = download(hazards_.span(), hazards_.size(), "trace hazard marks");
    }

    StepCounts counts(int s) const {
        const unsigned long long* c = counters_host_.data() + int64_t(s) * kCounters;
        StepCounts k;
        k.additions = int64_t(c[kAdditions]);
        k.active_threads = int64_t(c[kActive]);
        k.idle_threads = int64_t(c[kIdle]);
        k.barriers = int64_t(c[kBarriers]);
        k.divergent_warps = int64_t(c[kDivergent]);
        k.hazards = int64_t(c[kHazards]);
        return k;
    }
    // Every recorded block's section after step s, in place.
    std::vector<T> snapshot(int s) const {
        const int64_t per_step = buffers_.window_blocks * section_;
        return std::vector<T>(snapshots_host_.begin() + s * per_step, snapshots_host_.begin() + (s + 1) * per_step);
    }
    // The accesses of step s in slot order (thread, then element), empty slots dropped.
    std::vector<Access> accesses(int s) const {
        std::vector<Access> out;
        const int64_t per_step = buffers_.window_blocks * section_;
        for (int64_t i = s * per_step; i < (s + 1) * per_step; ++i) {
            const DeviceAccess& a = accesses_host_[size_t(i)];
            if (a.kind) out.push_back({a.thread, a.src, a.dst, a.kind == 2});
        }
        return out;
    }
    // Global indices marked as read after being overwritten in step s, ascending.
    std::vector<int32_t> hazards(int s) const {
        std::vector<int32_t> out;
        if (hazards_host_.empty()) return out;
        const int64_t per_step = buffers_.window_blocks * section_;
        const int64_t first = buffers_.window_first * section_;
        for (int64_t i = 0; i < per_step; ++i)
            if (hazards_host_[size_t(s * per_step + i)]) out.push_back(int32_t(first + i));
        return out;
    }

private:
    template <class U>
    static void zero(const DeviceArray<U>& a) {
        if (a.size()) cuda_check(cudaMemset(a.data(), 0, size_t(a.size()) * sizeof(U)), "cudaMemset(trace buffer)");
    }

    int section_;
    DeviceArray<unsigned long long> counters_;
    DeviceArray<T> snapshots_;
    DeviceArray<DeviceAccess> accesses_;
    DeviceArray<uint8_t> hazards_;
    TraceBuffers<T> buffers_;
    std::vector<unsigned long long> counters_host_;
    std::vector<T> snapshots_host_;
    std::vector<DeviceAccess> accesses_host_;
    std::vector<uint8_t> hazards_host_;
};

}  // namespace scanlab::gpu
