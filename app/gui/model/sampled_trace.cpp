#include "app/gui/model/sampled_trace.hpp"

#include "app/gui/model/numbers.hpp"
#include "core/error.hpp"
#include "core/input/input.hpp"
#include "core/input/resolve.hpp"
#include "core/input/trace_budget.hpp"

namespace scanlab::gui {

TraceCap sampled_trace_cap(bool on_gpu, ElementType type) {
#if defined(__EMSCRIPTEN__)
    if (!on_gpu)
        return {kEmulatedTraceMaxN,
                "the web edition runs the trace on the CPU emulation while the page waits; so that the page keeps "
                "responding, it traces at most " +
                    power_of_two_text(kEmulatedTraceMaxN) + " = " + grouped(kEmulatedTraceMaxN) +
                    " elements (the desktop app: 2^22 on the emulation, 2^26 on a GPU)"};
#endif
    if (!on_gpu)
        return {kEmulatedTraceMaxN,
                "without a GPU the trace runs on the CPU emulation, which executes every thread of every block "
                "one after another, so the live tab traces at most " +
                    power_of_two_text(kEmulatedTraceMaxN) + " = " + grouped(kEmulatedTraceMaxN) + " elements"};
    return {kGpuTraceMaxN, "the trace keeps the whole input and result in the app's memory (2 x N values: " +
                               byte_size(size_t(2 * kGpuTraceMaxN) * element_bytes(type)) + " of " + std::string(name(type)) +
                               " at the limit), so the live tab traces at most 2^26 = " + grouped(kGpuTraceMaxN) + " elements"};
}

ScanRequest sampled_request(const SampledForm& f) {
    ScanRequest q;
    q.algorithm = kSampledAlgorithm;
    q.block_algorithm = f.block_algorithm;
    q.op = f.op;
    q.type = f.type;
    q.exclusive = f.exclusive;
    q.section = f.section;
    q.detail = Detail::full;
    q.sample = {f.block, f.blocks};
    return q;
}

ValueArray sampled_input(const SampledForm& f) { return random_values(f.n, f.seed, f.type); }

SampledReport plan_sampled(const SampledForm& f, bool on_gpu, ResolvedRequest* resolved_out, ValueArray* input_out) {
    SampledReport r;
    r.form = f;
    r.on_gpu = on_gpu;
    const TraceCap cap = sampled_trace_cap(on_gpu, f.type);
    if (f.n < 1) throw ScanError("N must be at least 1");
    // Checked before the input is made: N values of an N past the cap are not worth allocating.
    if (f.n > cap.max_n) throw ScanError("N = " + grouped(f.n) + " is more than the live tab traces here: " + cap.why);
    // The window's trace is sized from N alone, before the values are made; the values then add
    // only their own refusals (an integer sum that overflows).
    const ResolvedRequest shape = resolve_shape(sampled_request(f), f.n, Voice::app);  // the core's sentences, in the app's words
    const TraceEstimate sampled = estimate_trace(shape);
    require_within_budget(shape, sampled);
    ValueArray input = sampled_input(f);
    const ResolvedRequest resolved = resolve(sampled_request(f), input, Voice::app);
    ResolvedRequest full = resolved;
    full.request.sample = {};
    r.n = resolved.n;
    r.section = resolved.section;
    r.grid = resolved.grid;
    r.first_block = resolved.request.sample.first_block;
    r.blocks = resolved.request.sample.blocks;
    r.steps = sampled.steps;
    r.trace_bytes = sampled.trace_bytes;
    r.full_trace_bytes = estimate_trace(full).trace_bytes;
    r.arrays_bytes = 2 * size_t(resolved.n) * element_bytes(f.type);
    if (resolved_out) *resolved_out = resolved;
    if (input_out) *input_out = std::move(input);
    return r;
}

SampledReport estimate_sampled(const SampledForm& f, bool on_gpu) {
    try {
        return plan_sampled(f, on_gpu);
    } catch (const ScanError& e) {
        SampledReport r;
        r.form = f;
        r.on_gpu = on_gpu;
        r.error = e.what();
        return r;
    } catch (const std::bad_alloc&) {
        SampledReport r;
        r.form = f;
        r.on_gpu = on_gpu;
        r.error = "out of memory making " + grouped(f.n) + " input values; try a smaller N";
        return r;
    }
}

std::string memory_statement(const SampledReport& r) {
    if (!r.error.empty()) return "";
    const int64_t kept = std::min(r.n - r.first_block * r.section, r.blocks * int64_t(r.section));
    std::string s = r.ran() ? "This sampled trace keeps " : "This sampled trace will keep ";
    s += r.blocks == 1 ? "block " + grouped(r.first_block)
                       : "blocks " + grouped(r.first_block) + " to " + grouped(r.first_block + r.blocks - 1);
    s += " of " + grouped(r.grid) + " (" + grouped(kept) + " elements) and the block sums S whole at every level";
    if (!r.block_sums.empty()) {
        std::string sizes;
        for (size_t i = 0; i < r.block_sums.size(); ++i) {
            if (i > 0) sizes += " + ";
            sizes += grouped(r.block_sums[i]);
        }
        s += " (" + sizes + " elements)";
    }
    s += " in each of its " + std::to_string(r.steps) + " steps: " + byte_size(r.trace_bytes) + ", where the full trace would need " +
         byte_size(r.full_trace_bytes) + " (both from estimate_trace). ";
    s += std::string(r.ran() ? "It also carries" : "It will also carry") + " the input and the result whole, " + grouped(r.n) + " " +
         std::string(name(r.form.type)) + " values each: " + byte_size(r.arrays_bytes) + ".";
    return s;
}

}  // namespace scanlab::gui
