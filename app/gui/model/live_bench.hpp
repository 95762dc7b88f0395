#pragma once
// The live tab's benchmark: the form (N or a sweep up to N, type, operator, algorithms, reps),
// a run of bench::run_benchmark on a worker thread with its progress and a cancel flag, and the
// last result. No GL: the tests drive it directly (with a runner of their own, since CI has no GPU).
#include <atomic>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "kernels/bench/bench.hpp"

namespace scanlab::gui {

struct BenchForm {
    int64_t n = int64_t(1) << 24;
    bool sweep = true;  // 2^10, 2^11, ... up to N (and N itself): the points of the log-log chart
    ElementType type = ElementType::int32;
    OpKind op = OpKind::sum;
    bool exclusive = false;
    std::vector<bench::Algo> algos = bench::all_algos();
    int reps = 20;
};

// The benchmark configuration of the form.
bench::BenchConfig bench_config(const BenchForm& f);
// The `scanlab bench` command line that runs the same configuration (saved with the results).
std::string bench_command(const bench::BenchConfig& c);

// Where the benchmark comes from: the library, or a stand-in in the tests.
struct BenchSource {
    std::function<std::string()> unavailable_reason;
    std::function<bench::SizeLimit(ElementType)> max_elements;
    std::function<bench::BenchResult(const bench::BenchConfig&, const bench::Progress&, std::atomic<bool>*)> run;
};
BenchSource library_bench();  // bench::bench_unavailable_reason, max_bench_elements, run_benchmark

class LiveBench {
public:
    BenchForm form;

    explicit LiveBench(BenchSource source = library_bench());
    LiveBench(LiveBench&&) = default;
    LiveBench& operator=(LiveBench&&) = default;
    ~LiveBench();  // cancels a run still going and waits for it

    // Why there is no benchmark here (no CUDA in this build, no usable GPU), or empty. Asked once.
    const std::string& unavailable_reason();
    bool available() { return unavailable_reason().empty(); }
    // The one sentence the tab shows when there is no benchmark.
    std::string unavailable_sentence();
    // The controls can be used: a GPU is there and no run is going.
    bool controls_enabled() { return available() && !running(); }

    // Why the form cannot run (a size past what the GPU's free memory allows, with the library's
    // sentence; no algorithm; reps out of range), or empty. Asks the GPU only when it is there.
    std::string form_problem();
    // The largest N for the form's type now (cached per type, asked again after each run).
    std::optional<bench::SizeLimit> size_limit();

    // Commands.
    bool start();  // false (and nothing runs) when unavailable, running or the form has a problem
    void cancel();  // the run stops before its next (size, algorithm) and keeps the rows so far
    void poll();  // once a frame: takes in a finished run
    void wait();  // blocks until no run is going

    bool running() const { return job_.valid(); }
    bool cancelling() const;
    struct Progress {
        double fraction = 0;
        std::string what;
    };
    Progress progress() const;

    // The last finished run (a cancelled one keeps the rows it measured), and its failure.
    std::shared_ptr<const bench::BenchResult> result;
    std::string error;

    // Writes the result as JSON or CSV (the library's writers); returns what it did, as a
    // sentence. Throws ScanError with a sentence when it cannot.
    std::string save(const std::string& path, bool json) const;

private:
    struct Shared {
        std::atomic<bool> cancel{false};
        mutable std::mutex mutex;
        double fraction = 0;
        std::string what;
    };
    struct Outcome {
        std::shared_ptr<const bench::BenchResult> result;
        std::string error;
    };
    BenchSource source_;
    std::optional<std::string> unavailable_;
    std::optional<ElementType> limit_type_;
    std::optional<bench::SizeLimit> limit_;
    std::string limit_error_;
    std::shared_ptr<Shared> shared_;
    std::future<Outcome> job_;
};

}  // namespace scanlab::gui
