#include "app/gui/model/live_bench.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <new>

#include "app/gui/model/background.hpp"
#include "app/gui/model/numbers.hpp"
#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"

namespace scanlab::gui {

bench::BenchConfig bench_config(const BenchForm& f) {
    bench::BenchConfig c;
    c.sizes.clear();
    if (f.sweep)
        for (int64_t n = int64_t(1) << 10; n < f.n; n *= 2) c.sizes.push_back(n);
    c.sizes.push_back(f.n);
    c.type = f.type;
    c.op = f.op;
    c.exclusive = f.exclusive;
    c.algos = f.algos;
    c.reps = f.reps;
    return c;
}

std::string bench_command(const bench::BenchConfig& c) {
    std::string sizes;
    size_t i = 0;
    // Powers of two from 2^10 in a row read as pow2:10..K, as the CLI writes them.
    int hi = 9;
    while (i < c.sizes.size() && c.sizes[i] == int64_t(1) << (hi + 1)) ++hi, ++i;
    if (hi >= 10) sizes = hi == 10 ? "pow2:10" : "pow2:10.." + std::to_string(hi);
    for (; i < c.sizes.size(); ++i) {
        if (!sizes.empty()) sizes += ',';
        sizes += std::to_string(c.sizes[i]);
    }
    std::string algos;
    for (bench::Algo a : c.algos) {
        if (!algos.empty()) algos += ',';
        algos += bench::name(a);
    }
    std::string cmd = "scanlab bench --sizes " + sizes + " --type " + std::string(name(c.type)) + " --op " + std::string(name(c.op));
    if (c.exclusive) cmd += " --exclusive";
    return cmd + " --algos " + algos + " --reps " + std::to_string(c.reps);
}

BenchSource library_bench() {
    return {[] { return bench::bench_unavailable_reason(); }, [](ElementType t) { return bench::max_bench_elements(t); },
            [](const bench::BenchConfig& c, const bench::Progress& p, std::atomic<bool>* cancel) {
                return bench::run_benchmark(c, p, cancel);
            }};
}

LiveBench::LiveBench(BenchSource source) : source_(std::move(source)) {}

LiveBench::~LiveBench() {
    if (!job_.valid()) return;
    cancel();
    job_.wait();
}

const std::string& LiveBench::unavailable_reason() {
    if (!unavailable_) unavailable_ = source_.unavailable_reason();
    return *unavailable_;
}

std::string LiveBench::unavailable_sentence() {
    const std::string& why = unavailable_reason();
    if (why.empty()) return "";
    return "No benchmark on this machine: " + why + ". Nothing here is timed; the sampled trace below still runs, on the CPU emulation.";
}

std::optional<bench::SizeLimit> LiveBench::size_limit() {
    if (!available()) return std::nullopt;
    if (limit_type_ != form.type) {
        limit_type_ = form.type;
        limit_.reset();
        limit_error_.clear();
        try {
            limit_ = source_.max_elements(form.type);
        } catch (const ScanError& e) {
            limit_error_ = e.what();
        }
    }
    return limit_;
}

std::string LiveBench::form_problem() {
    if (!available()) return "";
    const bench::BenchConfig c = bench_config(form);
    try {
        bench::check_config(c);
    } catch (const ScanError& e) {
        return e.what();
    }
    const std::optional<bench::SizeLimit> limit = size_limit();
    if (!limit) return limit_error_;
    const int64_t largest = *std::max_element(c.sizes.begin(), c.sizes.end());
    if (largest > limit->max_n) return "N = " + grouped(largest) + " is more than this GPU can benchmark now: " + limit->why;
    return "";
}

bool LiveBench::start() {
    if (!available() || running() || !form_problem().empty()) return false;
    const bench::BenchConfig config = bench_config(form);
    auto shared = std::make_shared<Shared>();
    shared_ = shared;
    error.clear();
    auto run = source_.run;
    job_ = start_job([run, config, shared] {
        Outcome o;
        const bench::Progress progress = [shared](double fraction, const std::string& what) {
            std::lock_guard<std::mutex> lock(shared->mutex);
            shared->fraction = fraction;
            shared->what = what;
        };
        try {
            o.result = std::make_shared<const bench::BenchResult>(run(config, progress, &shared->cancel));
        } catch (const ScanError& e) {
            o.error = e.what();
        } catch (const std::bad_alloc&) {
            o.error = "out of memory on the host; try a smaller N";
        } catch (const std::exception& e) {
            o.error = std::string("unexpected failure: ") + e.what();
        }
        return o;
    });
    return true;
}

void LiveBench::cancel() {
    if (shared_) shared_->cancel = true;
}

bool LiveBench::cancelling() const { return running() && shared_ && shared_->cancel.load(); }

LiveBench::Progress LiveBench::progress() const {
    if (!shared_) return {};
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return {shared_->fraction, shared_->what};
}

void LiveBench::poll() {
    if (!job_.valid() || job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    Outcome o = job_.get();
    // A failed run says why and leaves the last results on screen.
    if (o.result) result = std::move(o.result);
    error = std::move(o.error);
    limit_type_.reset();  // the free memory may have changed: ask again
}

void LiveBench::wait() {
    if (job_.valid()) job_.wait();
    poll();
}

std::string LiveBench::save(const std::string& path, bool json) const {
    if (!result) throw ScanError("there are no benchmark results to save yet");
    save_file_atomically(path, "the results", [&](std::ostream& out) {
        if (json)
            bench::write_json(out, *result, bench_command(result->config) + "   (run from scanlab-app's Live run tab)");
        else
            bench::write_csv(out, *result);
    });
    return "saved " + std::to_string(result->rows.size()) + " benchmark rows to " + quoted_path(path);
}

}  // namespace scanlab::gui
