#include "kernel_tracer/runtime/block_runner.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "core/block_turns.hpp"
#include "core/emulation/warp_order.hpp"
#include "kernel_tracer/runtime/fibers.hpp"
#include "kernel_tracer/shim/scanlab_shim_abi.h"

extern "C" {
__attribute__((visibility("default"))) scanlab_cuda_builtins scanlab_cuda_now{};
}

namespace scanlab::kernel_tracer {

bool g_tracer_at_work = false;

namespace {

enum class ThreadState : uint8_t { running, at_barrier, at_warp_op, exited };

// One access of a shared address: the thread, its call site, and its warp's __syncwarp count then.
struct Touch {
    int32_t thread = -1;
    uintptr_t pc = 0;
    uint32_t warp_syncs = 0;
};

// Per shared address within one interval: who wrote it last and who read it, for racecheck's
// three hazards and for the stale reads of the trace.
struct Cell {
    Touch writer;
    std::vector<Touch> readers;
};

// A lane waiting at a warp-wide call (__syncwarp, a shuffle, a vote) until its warp resolves it.
struct WarpCall {
    int op = 0;
    uint32_t mask = 0;
    uint64_t value = 0;
    int arg = 0, width = 32;
    uintptr_t pc = 0;
    uint32_t instance = 0;  // how many times this lane made a call at pc before: a loop's next turn is another call
    uint64_t result = 0;
};

struct Runner {
    const KernelImage* image = nullptr;
    const Launch* launch = nullptr;
    std::unique_ptr<Fibers> fibers;
    std::vector<ThreadState> state;
    std::vector<uintptr_t> barrier_pc;
    std::vector<WarpCall> warp_call;  // per thread, while it waits at one
    std::vector<std::unordered_map<uintptr_t, uint32_t>> warp_calls_made;  // per thread: calls made at each site, this block
    std::vector<uint32_t> warp_syncs;  // per warp: the __syncwarp() calls it completed this interval
    std::vector<uint8_t> shared_written;  // per byte of the shared section, this block
    std::unordered_map<uintptr_t, Cell> cells;
    IntervalRecord* interval = nullptr;
    int interval_index = 0;
    int64_t block = 0;
    KernelRun run;
    std::map<std::tuple<FindingKind, uintptr_t, uintptr_t>, size_t> seen;  // one finding per kind and lines, counted
};

Runner* g_runner = nullptr;
uintptr_t g_last_pc = 0;  // the kernel's last load or store, tracked or not: where a signal in the runner's own code came from

int warp_of(int thread) { return thread / g_runner->launch->warp_width; }

Touch touch(int32_t t, uintptr_t pc) { return {t, pc, g_runner->warp_syncs[size_t(warp_of(t))]}; }

// Racecheck's rule: two accesses by different threads with no barrier between race, whatever the
// warp width; lanes of one warp are ordered by a __syncwarp() both passed between them.
bool races(const Touch& earlier, int32_t t) {
    if (earlier.thread < 0 || earlier.thread == t) return false;
    const int w = warp_of(t);
    return warp_of(earlier.thread) != w || g_runner->warp_syncs[size_t(w)] == earlier.warp_syncs;
}

void report(RawFinding f) {
    Runner& r = *g_runner;
    const auto key = std::make_tuple(f.kind, f.pc, f.other_pc);
    if (auto it = r.seen.find(key); it != r.seen.end()) {
        ++r.run.findings[it->second].count;
        return;
    }
    f.interval = r.interval_index;
    f.block = r.block;
    r.seen.emplace(key, r.run.findings.size());
    r.run.findings.push_back(std::move(f));
}

uintptr_t relative(uintptr_t pc) { return pc ? pc - g_runner->image->base : 0; }

// Which array an address lies in: X, Y, a shared array, or none the runner tracks.
struct Place {
    bool tracked = false;
    bool out_of_bounds = false;
    int16_t array = 0;
    int64_t byte = 0;  // from the array's start
};

Place place_of(uintptr_t a) {
    const Runner& r = *g_runner;
    const Launch& l = *r.launch;
    const auto in = [a](uintptr_t lo, size_t bytes) { return a >= lo && a < lo + bytes; };
    for (size_t k = 0; k < l.globals.size(); ++k)
        if (const GlobalArray& g = l.globals[k]; in(g.address, g.bytes)) return {true, false, global_id(k), int64_t(a - g.address)};
    for (size_t k = 0; k < l.globals.size(); ++k)
        if (const GlobalArray& g = l.globals[k]; in(g.address - g.redzone, g.redzone) || in(g.address + g.bytes, g.redzone))
            return {true, true, global_id(k), int64_t(a) - int64_t(g.address)};
    const KernelImage& im = *r.image;
    if (im.shared.empty()) return {};
    // Accesses just outside the shared section, or in the gaps between its arrays, miss every array.
    constexpr uintptr_t kSharedSlack = 256;
    if (a + kSharedSlack < im.shared_begin || a >= im.shared_end + kSharedSlack) return {};
    for (size_t k = 0; k < im.shared.size(); ++k)
        if (in(im.shared[k].address, im.shared[k].bytes)) return {true, false, int16_t(k), int64_t(a - im.shared[k].address)};
    // A __device__ or __constant__ variable that lies beside the shared arrays is no shared access.
    auto v = std::upper_bound(im.variables.begin(), im.variables.end(), a, [](uintptr_t x, const Range& r) { return x < r.address; });
    if (v != im.variables.begin() && in(std::prev(v)->address, std::prev(v)->bytes)) return {};
    // The unused rest of an `extern __shared__` array is past the launch's bytes: out of bounds, named as it.
    // Out of bounds: name the nearest array below (or the first one).
    size_t k = 0;
    while (k + 1 < im.shared.size() && im.shared[k + 1].address <= a) ++k;
    return {true, true, int16_t(k), int64_t(a) - int64_t(im.shared[k].address)};
}

std::string array_name(int16_t array) {
    if (array < 0) return g_runner->launch->globals[global_index(array)].name;
    return g_runner->image->shared[size_t(array)].name;
}

void on_shared(const Place& p, uintptr_t a, size_t size, bool store, int32_t t, uintptr_t pc) {
    Runner& r = *g_runner;
    const int64_t element = p.byte / int64_t(size);
    const size_t offset = a - r.image->shared_begin;
    Cell& c = r.cells[a];
    auto finding = [&](FindingKind k, int32_t other, uintptr_t other_pc) {
        RawFinding f;
        f.kind = k;
        f.pc = relative(pc);
        f.other_pc = relative(other_pc);
        f.thread = t;
        f.other_thread = other;
        f.array = array_name(p.array);
        f.element = element;
        report(f);
    };
    if (!store) {
        if (std::find(r.shared_written.begin() + offset, r.shared_written.begin() + offset + size, 0) !=
            r.shared_written.begin() + offset + size)
            finding(FindingKind::uninitialized_shared, -1, 0);
        // A stale read is exactly a read-after-write race, so the trace's hazards and the findings agree.
        if (races(c.writer, t)) {
            r.interval->stale.push_back({p.array, element});
            finding(FindingKind::race_raw, c.writer.thread, c.writer.pc);
        }
        if (std::none_of(c.readers.begin(), c.readers.end(), [t](const Touch& e) { return e.thread == t; }))
            c.readers.push_back(touch(t, pc));
        return;
    }
    if (races(c.writer, t)) finding(FindingKind::race_waw, c.writer.thread, c.writer.pc);
    for (const Touch& reader : c.readers)
        if (races(reader, t)) {
            finding(FindingKind::race_war, reader.thread, reader.pc);
            break;
        }
    c.writer = touch(t, pc);
    std::fill(r.shared_written.begin() + offset, r.shared_written.begin() + offset + size, 1);
}

// Initcheck for global memory: a read (or an atomic's read) of bytes neither the host nor a kernel wrote.
void on_global(const Place& p, size_t size, bool store, bool atomic, int32_t t, uintptr_t pc) {
    const GlobalArray& g = g_runner->launch->globals[global_index(p.array)];
    if (!g.written) return;
    std::vector<uint8_t>& w = *g.written;
    const auto from = w.begin() + p.byte, to = w.begin() + std::min<int64_t>(p.byte + int64_t(size), int64_t(w.size()));
    if ((!store || atomic) && std::find(from, to, 0) != to) {
        RawFinding f;
        f.kind = FindingKind::uninitialized_global;
        f.pc = relative(pc);
        f.thread = t;
        f.array = g.name;
        f.element = p.byte / int64_t(size);
        report(f);
    }
    if (store) std::fill(from, to, 1);
}

// Every load and store of the student's file comes here before it happens.
void on_access(const void* address, size_t size, bool store, bool atomic, uintptr_t pc) {
    Runner* r = g_runner;
    if (!r || r->fibers->current() < 0) return;
    g_last_pc = pc;
    const uintptr_t a = uintptr_t(address);
    const Place p = place_of(a);
    if (!p.tracked) return;
    const int32_t t = r->fibers->current();
    // The record is the tracer's, up to the hand-over below (which must not keep the tracer's mark).
    std::optional<WhoseCode> recording(std::in_place, true);
    if (p.out_of_bounds) {
        RawFinding f;
        f.kind = p.array < 0 ? FindingKind::out_of_bounds_global : FindingKind::out_of_bounds_shared;
        f.pc = relative(pc);
        f.thread = t;
        f.array = array_name(p.array);
        f.element = p.byte >= 0 ? p.byte / int64_t(size) : -((-p.byte + int64_t(size) - 1) / int64_t(size));
        f.detail = store ? "write" : "read";
        report(f);
    } else {
        if (p.array >= 0 && !atomic) on_shared(p, a, size, store, t, pc);
        if (p.array < 0) on_global(p, size, store, atomic, t, pc);
        r->interval->accesses.push_back({t, p.array, store, atomic, uint8_t(size), p.byte / int64_t(size)});
    }
    recording.reset();
    // Lock-step: the next lane of the warp makes its access before this one goes on.
    r->fibers->yield();
}

void thread_body() {
    {
        const WhoseCode kernel(false);
        g_runner->launch->call_kernel();
    }
    g_runner->state[size_t(g_runner->fibers->current())] = ThreadState::exited;
}

void set_thread(int t) { scanlab_cuda_now.threadIdx = {unsigned(t), 0, 0}; }

// A warp-wide call's rules, as the CUDA guide states them: each lane's mask holds its own lane,
// and every lane a mask names makes the same call (it has not gone elsewhere or left the kernel).
void check_masks(int first, int last, const std::vector<int>& lanes) {
    Runner& r = *g_runner;
    uint32_t present = 0;
    for (int t : lanes) present |= 1u << (t - first);
    const uint32_t exists = last - first >= 32 ? 0xffffffffu : (1u << (last - first)) - 1;
    for (int t : lanes) {
        const WarpCall& c = r.warp_call[size_t(t)];
        const uint32_t self = 1u << (t - first), named = c.mask & exists;
        int lane = -1;
        bool left_out = false;
        if (!(named & self)) {
            lane = t - first, left_out = true;
        } else if (const uint32_t absent = named & ~present) {
            lane = __builtin_ctz(absent);
        }
        if (lane < 0) continue;
        RawFinding f;
        f.kind = FindingKind::warp_mask;
        f.pc = relative(c.pc);
        f.thread = t;
        f.other_thread = first + lane;
        const bool exited = !left_out && r.state[size_t(first + lane)] == ThreadState::exited;
        f.detail = std::string(left_out ? "leaves out" : exited ? "names exited" : "names") + " " + std::to_string(c.mask);
        report(f);
        return;
    }
}

// The value lane t gets from a shuffle: the source lane's, or its own where the source is outside
// its segment of `width` lanes or did not take part.
uint64_t shuffled(int first, int t, const WarpCall& c, uint32_t present) {
    const int lane = t - first, width = c.width > 0 ? c.width : 32, segment = lane / width * width;
    int source = lane;
    if (c.op == kWarpShfl) source = segment + c.arg % width;
    if (c.op == kWarpShflUp && lane - segment >= c.arg) source = lane - c.arg;
    if (c.op == kWarpShflDown && lane - segment + c.arg < width) source = lane + c.arg;
    if (c.op == kWarpShflXor && ((lane ^ c.arg) / width) == lane / width) source = lane ^ c.arg;
    if (source < 0 || source >= 32 || !(present & (1u << source))) return c.value;
    return g_runner->warp_call[size_t(first + source)].value;
}

// Resolves the warp-wide calls the lanes of [first, last) wait at, one group per call site.
bool resolve_warp_calls(int w, int first, int last) {
    Runner& r = *g_runner;
    std::map<std::pair<uintptr_t, uint32_t>, std::vector<int>> sites;  // one call: its site and the turn of a loop it is in
    for (int t = first; t < last; ++t)
        if (r.state[size_t(t)] == ThreadState::at_warp_op) sites[{r.warp_call[size_t(t)].pc, r.warp_call[size_t(t)].instance}].push_back(t);
    if (sites.empty()) return false;
    r.run.used_warp_calls = true;
    for (const auto& [pc, lanes] : sites) {
        if (r.warp_call[size_t(lanes.front())].op != kWarpActive) check_masks(first, last, lanes);
        uint32_t present = 0, votes = 0;
        for (int t : lanes) present |= 1u << (t - first);
        for (int t : lanes)
            if (r.warp_call[size_t(t)].value) votes |= 1u << (t - first);
        for (int t : lanes) {
            WarpCall& c = r.warp_call[size_t(t)];
            const uint32_t group = present & (c.mask | (1u << (t - first))), in = votes & group;
            c.result = c.op == kWarpActive   ? present
                       : c.op == kWarpBallot ? in
                       : c.op == kWarpAny    ? in != 0
                       : c.op == kWarpAll    ? in == group
                                             : shuffled(first, t, c, present);
        }
        if (r.warp_call[size_t(lanes.front())].op == kWarpSync) ++r.warp_syncs[size_t(w)];
        for (int t : lanes) r.state[size_t(t)] = ThreadState::running;
    }
    return true;
}

// The threads of warp w, lane by lane, until each waits at a barrier or has left the kernel.
void run_warp(int w) {
    Runner& r = *g_runner;
    const int first = w * r.launch->warp_width, last = std::min(first + r.launch->warp_width, r.launch->block_dim);
    // Lock-step: each lane makes one access, then the next lane; lanes waiting at a warp-wide call
    // go on once every lane still running has reached one.
    do {
        for (bool any = true; any;) {
            any = false;
            for (int t = first; t < last; ++t) {
                if (r.state[size_t(t)] != ThreadState::running) continue;
                set_thread(t);
                r.fibers->resume(t);
                any = true;
            }
        }
    } while (resolve_warp_calls(w, first, last));
}

// The barrier every waiting thread reached: one call site, reached by all who have not left.
void check_barrier() {
    Runner& r = *g_runner;
    std::map<uintptr_t, std::vector<int32_t>> waiting;
    std::vector<int32_t> exited;
    for (int t = 0; t < r.launch->block_dim; ++t) {
        if (r.state[size_t(t)] == ThreadState::at_barrier) waiting[r.barrier_pc[size_t(t)]].push_back(t);
        if (r.state[size_t(t)] == ThreadState::exited) exited.push_back(t);
    }
    auto threads_text = [](const std::vector<int32_t>& ts) {
        std::string s = std::to_string(ts.size()) + (ts.size() == 1 ? " thread (" : " threads (") + std::to_string(ts.front());
        if (ts.size() > 1) s += (ts.size() == 2 ? ", " : " ... ") + std::to_string(ts.back());
        return s + ")";
    };
    if (waiting.size() > 1) {
        auto second = std::next(waiting.begin());
        RawFinding f;
        f.kind = FindingKind::divergent_barrier;
        f.pc = relative(waiting.begin()->first);
        f.other_pc = relative(second->first);
        f.thread = waiting.begin()->second.front();
        f.other_thread = second->second.front();
        f.detail = threads_text(waiting.begin()->second) + " | " + threads_text(second->second);
        report(f);
    } else if (!exited.empty()) {
        RawFinding f;
        f.kind = FindingKind::barrier_after_exit;
        f.pc = relative(waiting.begin()->first);
        f.thread = waiting.begin()->second.front();
        f.other_thread = exited.front();
        f.detail = threads_text(exited);
        report(f);
    }
}

void run_block(int64_t b, BlockRecord& record) {
    Runner& r = *g_runner;
    const Launch& l = *r.launch;
    r.block = b;
    scanlab_cuda_now.blockIdx = {unsigned(b), 0, 0};
    // Shared memory starts as zeros in every block, so a run repeats; initcheck says where a read
    // comes before any write.
    const KernelImage& im = *r.image;
    if (im.shared_end > im.shared_begin) std::memset(reinterpret_cast<void*>(im.shared_begin), 0, im.shared_end - im.shared_begin);
    std::fill(r.shared_written.begin(), r.shared_written.end(), 0);
    for (auto& made : r.warp_calls_made) made.clear();
    for (int t = 0; t < l.block_dim; ++t) {
        r.fibers->start(t, thread_body);
        r.state[size_t(t)] = ThreadState::running;
    }
    const int warps = (l.block_dim + l.warp_width - 1) / l.warp_width;
    for (r.interval_index = 0;; ++r.interval_index) {
        std::optional<WhoseCode> recording(std::in_place, true);
        record.intervals.emplace_back();
        IntervalRecord& iv = record.intervals.back();
        recording.reset();
        r.interval = &iv;
        r.cells.clear();
        std::fill(r.warp_syncs.begin(), r.warp_syncs.end(), 0);
        // The interval after barrier k runs its warps in the order of the emulation's step k
        // (the built-in kernels' step k is the interval after their k-th barrier but the load's).
        for (int w : warp_order(l.schedule, uint64_t(r.interval_index) - 1, b, warps)) run_warp(w);
        r.interval = nullptr;
        const WhoseCode snapshot(true);
        const auto* shared = reinterpret_cast<const uint8_t*>(im.shared_begin);
        iv.shared.assign(shared, shared + (im.shared_end - im.shared_begin));
        const GlobalArray& y = l.globals[global_index(kOutputArray)];
        iv.output.assign(reinterpret_cast<const uint8_t*>(y.address), reinterpret_cast<const uint8_t*>(y.address) + y.bytes);
        iv.ends_at_barrier = std::count(r.state.begin(), r.state.end(), ThreadState::at_barrier) > 0;
        if (!iv.ends_at_barrier) break;
        check_barrier();
        if (r.interval_index + 1 >= kMaxIntervals) {
            RawFinding f;
            f.kind = FindingKind::never_ends;
            f.pc = relative(r.barrier_pc[size_t(std::find(r.state.begin(), r.state.end(), ThreadState::at_barrier) - r.state.begin())]);
            f.detail = std::to_string(kMaxIntervals) + " barrier intervals";
            report(f);
            break;
        }
        for (ThreadState& s : r.state)
            if (s == ThreadState::at_barrier) s = ThreadState::running;
    }
}

}  // namespace

KernelRun run_kernel(const KernelImage& image, const Launch& launch) {
    Runner r;
    r.image = &image;
    r.launch = &launch;
    r.fibers = std::make_unique<Fibers>(launch.block_dim);
    r.state.assign(size_t(launch.block_dim), ThreadState::exited);
    r.barrier_pc.assign(size_t(launch.block_dim), 0);
    r.warp_call.assign(size_t(launch.block_dim), {});
    r.warp_calls_made.assign(size_t(launch.block_dim), {});
    r.warp_syncs.assign(size_t((launch.block_dim + launch.warp_width - 1) / launch.warp_width), 0);
    r.shared_written.assign(image.shared_end - image.shared_begin, 0);
    g_runner = &r;
    scanlab_cuda_now.blockDim = {unsigned(launch.block_dim), 1, 1};
    scanlab_cuda_now.gridDim = {unsigned(launch.grid_dim), 1, 1};
    scanlab_cuda_now.warpSize = launch.warp_width;
    r.run.blocks.resize(size_t(launch.grid_dim));
    const std::vector<int64_t> order = one_after_another(launch.block_schedule, launch.grid_dim);
    for (size_t k = 0; k < order.size(); ++k) {
        const int64_t b = order[k];
        run_block(b, r.run.blocks[size_t(b)]);
        // Y after each interval is read of the last block run only (trace_builder.cpp): the block
        // before lets go of its copies, so the trace's memory grows with N, not with N x blocks.
        if (k > 0)
            for (IntervalRecord& iv : r.run.blocks[size_t(r.run.last_block)].intervals) std::vector<uint8_t>().swap(iv.output);
        r.run.last_block = b;
        if (!r.run.findings.empty() && r.run.findings.back().kind == FindingKind::never_ends) {
            // No result to show (the tracer says why); the blocks that did not run get the stopped one's record.
            for (BlockRecord& other : r.run.blocks)
                if (other.intervals.empty()) other = r.run.blocks[size_t(b)];
            break;
        }
    }
    for (const GlobalArray& g : launch.globals) r.run.global_names.push_back(g.name);
    for (const GlobalArray& g : launch.globals)
        r.run.globals_after.emplace_back(reinterpret_cast<const uint8_t*>(g.address),
                                         reinterpret_cast<const uint8_t*>(g.address) + g.bytes);
    g_runner = nullptr;
    return std::move(r.run);
}

RawFinding current_place(FindingKind kind, uintptr_t pc) {
    RawFinding f;
    f.kind = kind;
    if (!g_runner) return f;
    const KernelImage& im = *g_runner->image;
    if ((pc < im.base || pc >= im.end) && g_last_pc) pc = g_last_pc;
    f.pc = pc >= im.base && pc < im.end ? pc - im.base : 0;
    f.interval = g_runner->interval_index;
    f.block = g_runner->block;
    f.thread = g_runner->fibers ? g_runner->fibers->current() : -1;
    return f;
}

}  // namespace scanlab::kernel_tracer

using scanlab::kernel_tracer::g_runner;
using scanlab::kernel_tracer::on_access;

extern "C" {
#define SCANLAB_HOOK(bytes, type)                                                       \
    __attribute__((visibility("default"))) void __sanitizer_cov_load##bytes(type* a) {  \
        on_access(a, bytes, false, false, uintptr_t(__builtin_return_address(0)));      \
    }                                                                                   \
    __attribute__((visibility("default"))) void __sanitizer_cov_store##bytes(type* a) { \
        on_access(a, bytes, true, false, uintptr_t(__builtin_return_address(0)));       \
    }
SCANLAB_HOOK(1, uint8_t)
SCANLAB_HOOK(2, uint16_t)
SCANLAB_HOOK(4, uint32_t)
SCANLAB_HOOK(8, uint64_t)
SCANLAB_HOOK(16, __int128)
#undef SCANLAB_HOOK

// The counters the coverage instrumentation asks for: the runner counts accesses, not edges.
__attribute__((visibility("default"))) void __sanitizer_cov_8bit_counters_init(char*, char*) {}

__attribute__((visibility("default"))) void scanlab_cuda_syncthreads(void) {
    using namespace scanlab::kernel_tracer;
    if (!g_runner) return;
    const int t = g_runner->fibers->current();
    g_runner->state[size_t(t)] = ThreadState::at_barrier;
    g_runner->barrier_pc[size_t(t)] = uintptr_t(__builtin_return_address(0));
    g_runner->fibers->yield();
    scanlab::kernel_tracer::set_thread(t);
}

// A lane's warp-wide call: it waits until the lanes of its warp that will make it have made it
// (run_warp resolves them together), then goes on with its result.
__attribute__((visibility("default"))) unsigned long long scanlab_cuda_warp(int op, unsigned mask, unsigned long long value, int arg,
                                                                            int width) {
    using namespace scanlab::kernel_tracer;
    if (!g_runner) return value;
    const int t = g_runner->fibers->current();
    const uintptr_t pc = uintptr_t(__builtin_return_address(0));
    g_runner->warp_call[size_t(t)] = {op, mask, value, arg, width, pc, g_runner->warp_calls_made[size_t(t)][pc]++, 0};
    g_runner->state[size_t(t)] = ThreadState::at_warp_op;
    g_runner->fibers->yield();
    scanlab::kernel_tracer::set_thread(t);
    return g_runner->warp_call[size_t(t)].result;
}

// The lanes of the caller's warp that have not left the kernel.
__attribute__((visibility("default"))) unsigned scanlab_cuda_activemask(void) {
    using namespace scanlab::kernel_tracer;
    if (!g_runner) return 1;
    const int t = g_runner->fibers->current(), ww = g_runner->launch->warp_width, first = t / ww * ww;
    unsigned mask = 0;
    for (int k = first; k < std::min(first + ww, g_runner->launch->block_dim); ++k)
        if (g_runner->state[size_t(k)] != ThreadState::exited) mask |= 1u << (k - first);
    return mask;
}

// The runner runs one thread at a time and every store is seen at once: a fence has nothing to order.
__attribute__((visibility("default"))) void scanlab_cuda_threadfence(void) {}
}

// An atomic is one access: the lane yields before it, and no other thread runs while it reads and writes.
#define SCANLAB_ATOMIC(name, type, expr)                                                      \
    __attribute__((visibility("default"))) type name(type* address, type value) {             \
        on_access(address, sizeof(type), true, true, uintptr_t(__builtin_return_address(0))); \
        const type old = *address;                                                            \
        *address = (expr);                                                                    \
        return old;                                                                           \
    }
SCANLAB_ATOMIC(scanlab_cuda_atomic_add, int, old + value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_add, unsigned int, old + value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_add, unsigned long long, old + value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_add, float, old + value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_add, double, old + value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_sub, int, old - value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_sub, unsigned int, old - value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_exch, int, value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_exch, unsigned int, value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_exch, unsigned long long, value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_exch, float, value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_max, int, old > value ? old : value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_max, unsigned int, old > value ? old : value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_min, int, old < value ? old : value)
SCANLAB_ATOMIC(scanlab_cuda_atomic_min, unsigned int, old < value ? old : value)
#undef SCANLAB_ATOMIC

#define SCANLAB_CAS(type)                                                                                          \
    __attribute__((visibility("default"))) type scanlab_cuda_atomic_cas(type* address, type compare, type value) { \
        on_access(address, sizeof(type), true, true, uintptr_t(__builtin_return_address(0)));                      \
        const type old = *address;                                                                                 \
        if (old == compare) *address = value;                                                                      \
        return old;                                                                                                \
    }
SCANLAB_CAS(int)
SCANLAB_CAS(unsigned int)
SCANLAB_CAS(unsigned long long)
#undef SCANLAB_CAS
