#include "app/gui/model/worker_runs.hpp"

#include <chrono>

#include "app/gui/model/numbers.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_header.hpp"
#include "core/number_text.hpp"
#include "core/values.hpp"
#include "kernels/select_backend.hpp"

namespace scanlab::gui {

RunSpec spec_like(const Trace& t, Algorithm a) {
    // The trace's own run with `a` in its place: the same input, type, operator, direction, warps
    // and block algorithm; the options `a`'s row does not take go back to their defaults, and the
    // comparison is traced in full, never sampled.
    Form f;
    f.request = request_of(t.run(), t.flags);
    ScanRequest& q = f.request;
    const ScanRequest defaults;
    const AlgorithmInfo& row = algorithm_info(a);
    q.algorithm = a;
    if (row.reach != Reach::multi_block) q.section = 0;
    if (!row.takes_flags) q.flags.clear();
    if (row.reach != Reach::single_pass) {
        q.block_schedule = defaults.block_schedule;
        q.resident_blocks = defaults.resident_blocks;
    }
    if (!row.takes_static_index) q.static_index = false;
    if (!row.takes_window) q.lookback_window = defaults.lookback_window;
    q.detail = Detail::full;
    q.sample = {};
    q.max_trace_bytes = kAppMaxTraceBytes;  // the file's own limit was the recording machine's
    return f;
}

std::string no_comparison(const ScanRequest& q, int64_t n, const std::string& refusal) {
    const AlgorithmInfo& info = algorithm_info(q.algorithm);
    std::string why = refusal;
    if (info.one_section()) {
        const int c = info.takes_coarsening ? (q.coarsening ? q.coarsening : info.elements_per_thread) : 0;
        const int64_t capacity = c > 0 ? section_capacity(info, c, element_bytes(q.type)) : info.capacity();
        if (capacity > 0 && n > capacity) why = std::string(info.title) + " scans one section, up to N = " + grouped(capacity);
    }
    return "No " + std::string(info.title) + " comparison at N = " + grouped(n) + ": " + why + ".";
}

void compare_form(RunResult& r, const Form& form, const PreparedRun& run, Backend& backend) {
    try {
        const ResolvedRequest q = resolve_for(form, form.compare_algorithm, run.input, Voice::app, run.resolved.request.flags);
        r.compare = make_shown(backend.run(q, run.input), run.origin);
    } catch (const ScanError& e) {
        r.compare_error = no_comparison(request_for(form, form.compare_algorithm), int64_t(size_of(run.input)), e.what());
    }
}

void compare_beside(RunResult& r, const Trace& t, const std::string& origin, Algorithm compare_algo, BackendChoice choice) {
    try {
        BackendSelection sel = select_backend(choice);
        const ResolvedRequest q = resolve(spec_like(t, compare_algo).request, t.input, Voice::app);
        r.compare = make_shown(sel.backend->run(q, t.input), origin);
    } catch (const ScanError& e) {
        r.compare_error = no_comparison(spec_like(t, compare_algo).request, t.n, e.what());
    }
}

RunResult run_form(const Form& form, bool with_compare) {
    return guarded([&](RunResult& r) {
        // Loaded and resolved once: a refusal of the input or the request is the same sentence with
        // or without a GPU, but a request the emulation would take hours over is refused before
        // its input is made.
        BackendSelection sel = select_backend(form.backend);
        const PreparedRun run = prepare(form, Voice::app, sel.backend->name() == "cpu");
        r.emulation_reason = sel.emulation_reason;
        r.backend_description = sel.backend->description();
        r.main = make_shown(sel.backend->run(run.resolved, run.input), run.origin);
        if (with_compare) compare_form(r, form, run, *sel.backend);
    });
}

TracePtr run_fig910(BackendChoice backend) {
    Form f;  // the defaults are Figure 9.10: hierarchical Kogge-Stone, sections of 4
    f.backend = backend;
    RunResult r = run_form(f, false);
    if (!r.main) {  // a GPU that was asked for and is missing: the emulation still draws the figure
        f.backend = BackendChoice::cpu;
        r = run_form(f, false);
    }
    return r.main;
}

bool sampled_runs_on_gpu(BackendChoice backend) { return backend != BackendChoice::cpu && gpu_unavailable_reason().empty(); }

RunResult run_sampled(const SampledForm& form, BackendChoice backend) {
    return guarded([&](RunResult& r) {
        BackendSelection sel = select_backend(backend);  // --backend gpu with no GPU: its sentence
        ResolvedRequest resolved;
        ValueArray input;
        auto report = std::make_shared<SampledReport>(plan_sampled(form, sel.backend->name() == "gpu", &resolved, &input));
        r.emulation_reason = sel.emulation_reason;
        r.backend_description = sel.backend->description();
        const auto start = std::chrono::steady_clock::now();
        Trace t = sel.backend->run(resolved, input);
        report->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        report->backend = t.backend == "cpu" ? "the CPU emulation" : r.backend_description;
        // S at every level: what each level's "write S" step wrote.
        for (const Step& s : t.steps)
            if (s.phase == Phase::block_sum_write) report->block_sums.push_back(int64_t(size_of(s.values)));
        const std::string origin = "sampled block " + grouped(report->first_block) + " of " + grouped(report->grid);
        r.main = make_shown(std::move(t), origin);
        r.sampled = std::move(report);
    });
}

// ---------------------------------------------------------------------------------------------

}  // namespace scanlab::gui
