#include "kernels/chapter/domino_gpu.hpp"

#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/operators.hpp"
#include "kernels/chapter/domino_kernel.cuh"
#include "kernels/device_memory.cuh"

namespace scanlab::gpu {
namespace {

// Four events a block: start, scanned, passed, done.
constexpr int kEventsPerBlock = 4;

template <class T, class Op>
std::vector<T> run_typed(const ResolvedRequest& r, const std::vector<T>& x, std::vector<RecordedEvent>& order) {
    const int64_t grid = r.grid, slots = Domino::slots(grid), events = kEventsPerBlock * grid;
    DeviceArray<T> X(r.n, "the input"), Y(r.n, "the result"), scan_value(slots, "scan_value");
    DeviceArray<unsigned int> block_counter(1, "the block counter"), flags(slots, "the flags");
    DeviceArray<unsigned long long> event_counter(1, "the event counter");
    DeviceArray<DeviceEvent> log(events, "the event log");
    upload(X.span(), x.data(), r.n, "the input");
    cuda_check(cudaMemset(block_counter.data(), 0, sizeof(unsigned int)), "cudaMemset(the block counter)");
    cuda_check(cudaMemset(event_counter.data(), 0, sizeof(unsigned long long)), "cudaMemset(the event counter)");
    cuda_check(cudaMemset(flags.data(), 0, size_t(slots) * sizeof(unsigned int)), "cudaMemset(the flags)");
    const unsigned int set = 1;
    upload(flags.span(), &set, 1, "flags[0]");
    const T identity = Op::identity();
    upload(scan_value.span(), &identity, 1, "scan_value[0]");

    DominoArgs<T> args;
    args.X = X.data();
    args.Y = Y.data();
    args.n = r.n;
    args.section = r.section;
    args.exclusive = r.request.exclusive;
    args.block_counter = block_counter.data();
    args.flags = flags.data();
    args.scan_value = scan_value.data();
    args.events = {event_counter.data(), log.data(), (unsigned long long)events};
    const int threads = Domino::BlockScan::threads(r.section);
    domino_kernel<T, Op><<<unsigned(grid), threads, size_t(r.section) * sizeof(T)>>>(args);
    check_launch("the domino kernel");

    const std::vector<unsigned long long> recorded = download(event_counter.span(), 1, "the event counter");
    if (recorded[0] != (unsigned long long)events)
        throw ScanError("the domino kernel recorded " + std::to_string(recorded[0]) + " events where its " + std::to_string(grid) +
                        " blocks make " + std::to_string(events));
    const std::vector<DeviceEvent> log_host = download(log.span(), events, "the event log");
    order.clear();
    order.reserve(size_t(events));
    for (const DeviceEvent& e : log_host) {
        const EventKind kind = EventKind(e.kind);
        const bool valued = kind == EventKind::scanned || kind == EventKind::passed;
        order.push_back({e.block, kind, e.tile, int64_t(e.polls), -1, -1, e.value_bits, valued});
    }
    return download(Y.span(), r.n, "the result");
}

template <class T>
std::vector<T> run_op(const ResolvedRequest& r, const std::vector<T>& x, std::vector<RecordedEvent>& order) {
    return with_op(r.request.op, [&]<template <class> class Op>(OpTag<Op>) { return run_typed<T, Op<T>>(r, x, order); });
}

}  // namespace

ValueArray run_domino(const ResolvedRequest& r, const ValueArray& input, std::vector<RecordedEvent>& order) {
    return std::visit([&](const auto& x) -> ValueArray { return run_op(r, x, order); }, input);
}

}  // namespace scanlab::gpu
