#include "../emulate.hpp"

#include "../algorithms/brent_kung.hpp"
#include "../algorithms/brent_kung_naive.hpp"
#include "../algorithms/kogge_stone.hpp"
#include "../algorithms/kogge_stone_double_buffer.hpp"
#include "../algorithms/kogge_stone_racy.hpp"
#include "../operators.hpp"
#include "hierarchical.hpp"
#include "sequential.hpp"
#include "slides.hpp"

namespace scanlab {
namespace {

template <class T, template <class> class OpT>
std::vector<T> run_algorithm(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec) {
    using Op = OpT<T>;
    const ScanRequest& q = r.request;
    BlockSetup setup;
    setup.exclusive = q.exclusive;
    setup.section = r.section;
    setup.warp_width = q.warp_width;
    setup.schedule = q.schedule;
    auto single = [&](auto algo) {
        std::vector<T> xy = emulate_block_scan<decltype(algo), T, Op>(x.data(), r.n, setup, rec);
        xy.resize(r.n);
        return xy;
    };
    switch (q.algorithm) {
        case Algorithm::sequential: return emulate_sequential<T, Op>(x.data(), r.n, q.exclusive, rec);
        case Algorithm::kogge_stone: return single(KoggeStone{});
        case Algorithm::kogge_stone_racy: return single(KoggeStoneRacy{});
        case Algorithm::kogge_stone_double_buffer: return single(KoggeStoneDoubleBuffer{});
        case Algorithm::brent_kung: return single(BrentKung{});
        case Algorithm::brent_kung_naive: return single(BrentKungNaive{});
        case Algorithm::hierarchical:
            return q.block_algorithm == Algorithm::brent_kung ? emulate_hierarchical<BrentKung, T, Op>(x.data(), r.n, setup, rec)
                                                              : emulate_hierarchical<KoggeStone, T, Op>(x.data(), r.n, setup, rec);
        case Algorithm::slides: return emulate_slides<T, Op>(x.data(), r.n, setup, rec);
    }
    return {};
}

template <class T>
std::vector<T> run_typed(const ResolvedRequest& r, const std::vector<T>& x, Recorder& rec) {
    switch (r.request.op) {
        case OpKind::sum: return run_algorithm<T, SumOp>(r, x, rec);
        case OpKind::max: return run_algorithm<T, MaxOp>(r, x, rec);
        case OpKind::min: return run_algorithm<T, MinOp>(r, x, rec);
    }
    return {};
}

}  // namespace

Trace trace_header(const ResolvedRequest& r, const ValueArray& input, std::string backend) {
    Trace t;
    const ScanRequest& q = r.request;
    t.algorithm = q.algorithm;
    t.block_algorithm = q.block_algorithm;
    t.op = q.op;
    t.type = q.type;
    t.exclusive = q.exclusive;
    t.n = r.n;
    t.section = r.section;
    t.threads_per_block = r.threads_per_block;
    t.grid = r.grid;
    t.warp_width = q.warp_width;
    t.schedule = q.schedule.text();
    t.backend = std::move(backend);
    t.detail = q.detail;
    t.input = input;
    return t;
}

Trace emulate(const ResolvedRequest& r, const ValueArray& input) {
    Trace trace = trace_header(r, input, "cpu");
    Recorder rec(trace, r.request.max_trace_bytes);
    trace.result = std::visit([&](const auto& x) -> ValueArray { return run_typed(r, x, rec); }, input);
    return trace;
}

Trace emulate(const ScanRequest& request, const ValueArray& input) { return emulate(resolve(request, input), input); }

}  // namespace scanlab
