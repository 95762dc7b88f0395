#include "kernels/chapter/lookback_gpu.hpp"

#include <string>

#include "core/algorithms/decoupled_lookback.hpp"
#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/operators.hpp"
#include "kernels/chapter/decoupled_lookback_kernel.cuh"
#include "kernels/device_memory.cuh"

namespace scanlab::gpu {
namespace {

template <class T, class Op>
std::vector<T> run_typed(const ResolvedRequest& r, const std::vector<T>& x, std::vector<RecordedEvent>& order) {
    using BlockScan = DecoupledLookback::BlockScan;
    const int64_t tiles = r.grid;
    DeviceArray<T> X(r.n, "the input"), Y(r.n, "the result"), aggregate(tiles, "the tiles' aggregates"),
        inclusive(tiles, "the tiles' inclusive prefixes");
    DeviceArray<int> flag(tiles, "the tiles' status flags");
    DeviceArray<unsigned int> tile_counter(1, "the tile counter");
    DeviceArray<unsigned long long> event_counter(1, "the event counter");
    upload(X.span(), x.data(), r.n, "the input");
    // Every tile starts, scans, publishes twice (tile 0 once) and finishes, and takes one look-back
    // event per window it acts on: usually one or two. A run whose look-backs took more windows than
    // the log holds is run again with a log as large as it needed (its order may differ: it is a new run).
    unsigned long long capacity = (unsigned long long)(tiles)*8 + 64;
    for (int attempt = 0; attempt < 4; ++attempt) {
        DeviceArray<DeviceEvent> log(int64_t(capacity), "the event log");
        cuda_check(cudaMemset(tile_counter.data(), 0, sizeof(unsigned int)), "cudaMemset(the tile counter)");
        cuda_check(cudaMemset(event_counter.data(), 0, sizeof(unsigned long long)), "cudaMemset(the event counter)");
        cuda_check(cudaMemset(flag.data(), 0, size_t(tiles) * sizeof(int)), "cudaMemset(the tiles' status flags)");
        LookbackArgs<T> args;
        args.X = X.data();
        args.Y = Y.data();
        args.n = r.n;
        args.section = r.section;
        args.exclusive = r.request.exclusive;
        args.window = r.request.lookback_window;
        args.next_tile = tile_counter.data();
        args.flag = flag.data();
        args.aggregate = aggregate.data();
        args.inclusive = inclusive.data();
        args.log = {event_counter.data(), log.data(), capacity};
        const size_t shared = size_t(BlockScan::buffers) * size_t(r.section) * sizeof(T);
        decoupled_lookback_kernel<BlockScan, T, Op><<<unsigned(tiles), unsigned(BlockScan::threads(r.section)), shared>>>(args);
        check_launch("the decoupled look-back kernel");
        const unsigned long long recorded = download(event_counter.span(), 1, "the event counter")[0];
        if (recorded > capacity) {
            capacity = recorded * 2;
            continue;
        }
        const std::vector<DeviceEvent> events = download(log.span(), int64_t(recorded), "the event log");
        order.clear();
        order.reserve(events.size());
        for (const DeviceEvent& e : events) order.push_back(recorded_event(e));
        return download(Y.span(), r.n, "the result");
    }
    throw ScanError("the decoupled look-back's event log kept outgrowing its room (" + std::to_string(capacity) +
                    " events); trace a smaller N");
}

template <class T>
std::vector<T> run_op(const ResolvedRequest& r, const std::vector<T>& x, std::vector<RecordedEvent>& order) {
    return with_op(r.request.op, [&]<template <class> class Op>(OpTag<Op>) { return run_typed<T, Op<T>>(r, x, order); });
}

}  // namespace

ValueArray run_lookback(const ResolvedRequest& r, const ValueArray& input, std::vector<RecordedEvent>& order) {
    return std::visit([&](const auto& x) -> ValueArray { return run_op(r, x, order); }, input);
}

}  // namespace scanlab::gpu
