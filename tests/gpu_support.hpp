#pragma once
// Shared by the GPU tests: skip with the reason where there is no usable GPU (CI), and compare
// two traces step for step, bit for bit, saying where they first differ.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

#include "core/trace.hpp"
#include "kernels/device_info.hpp"

#define SCANLAB_SKIP_WITHOUT_GPU()                                                          \
    do {                                                                                    \
        if (const std::string& reason = scanlab::gpu::usable_gpu_reason(); !reason.empty()) \
            GTEST_SKIP() << "no usable CUDA GPU: " << reason;                               \
    } while (0)

namespace scanlab::testing {

inline std::string describe_access(const Access& a) {
    std::ostringstream s;
    s << "{thread " << a.thread << ", " << a.src << " -> " << a.dst << (a.applies_op ? ", op}" : ", copy}");
    return s.str();
}

// Empty when the two traces record the same run; otherwise the first difference. The backend
// name and the warp schedule are the only fields allowed to differ.
inline std::string first_difference(const Trace& gpu, const Trace& cpu) {
    if (gpu.steps.size() != cpu.steps.size())
        return "the GPU recorded " + std::to_string(gpu.steps.size()) + " steps, the emulation " + std::to_string(cpu.steps.size());
    for (size_t i = 0; i < gpu.steps.size(); ++i) {
        const Step& g = gpu.steps[i];
        const Step& c = cpu.steps[i];
        const std::string at = "step " + std::to_string(i) + " (" + step_label(c) + "): ";
        if (step_label(g) != step_label(c)) return at + "the GPU's step is " + step_label(g);
        if (g.array != c.array || g.blocks != c.blocks || g.threads_per_block != c.threads_per_block)
            return at + "a different array or launch shape";
        if (!(g.counts == c.counts)) {
            std::ostringstream s;
            s << at << "counts differ: GPU adds " << g.counts.additions << " active " << g.counts.active_threads << " idle "
              << g.counts.idle_threads << " barriers " << g.counts.barriers << " divergent " << g.counts.divergent_warps << " hazards "
              << g.counts.hazards << "; emulation adds " << c.counts.additions << " active " << c.counts.active_threads << " idle "
              << c.counts.idle_threads << " barriers " << c.counts.barriers << " divergent " << c.counts.divergent_warps << " hazards "
              << c.counts.hazards;
            return s.str();
        }
        if (!bitwise_equal(g.values, c.values)) {
            if (size_of(g.values) != size_of(c.values))
                return at + "snapshots of " + std::to_string(size_of(g.values)) + " and " + std::to_string(size_of(c.values)) + " values";
            for (size_t j = 0; j < size_of(g.values); ++j)
                if (format_value(g.values, j) != format_value(c.values, j))
                    return at + "element " + std::to_string(j) + " is " + format_value(g.values, j) + " on the GPU, " +
                           format_value(c.values, j) + " emulated";
            return at + "a snapshot differs in its bits";
        }
        if (g.accesses != c.accesses) {
            if (g.accesses.size() != c.accesses.size())
                return at + std::to_string(g.accesses.size()) + " accesses on the GPU, " + std::to_string(c.accesses.size()) + " emulated";
            for (size_t j = 0; j < g.accesses.size(); ++j)
                if (!(g.accesses[j] == c.accesses[j]))
                    return at + "access " + std::to_string(j) + " is " + describe_access(g.accesses[j]) + " on the GPU, " +
                           describe_access(c.accesses[j]) + " emulated";
        }
        if (g.hazards != c.hazards) return at + "the hazard marks differ";
        if (g.flags != c.flags) return at + "the flags beside the values differ";
    }
    if (gpu.flags != cpu.flags) return "the head flags differ";
    if (!bitwise_equal(gpu.result, cpu.result)) return "the results differ";
    if (!(gpu.counts == cpu.counts)) return "the total counts differ";
    return "";
}

// Small integers for integer sums (no overflow at any size we run), fractional values for floats
// so a different order of additions would show in the bits.
template <class T>
std::vector<T> gpu_test_input(int64_t n, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<T> v(static_cast<size_t>(n));
    for (auto& x : v) {
        if constexpr (std::is_floating_point_v<T>)
            x = T(std::uniform_real_distribution<double>(-100.0, 100.0)(rng));
        else
            x = T(int64_t(rng() % 41) - 20);
    }
    return v;
}

}  // namespace scanlab::testing
