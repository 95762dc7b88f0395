#pragma once
// The scan benchmark as a library: `scanlab bench` and the app's live panel both call it.
// Plain C++ (no CUDA type appears here), so a build without CUDA has the same header, backed by a
// stub that says why it cannot run.
//
// For each size and algorithm it times, with CUDA events, the median of `reps` runs after
// `warmups` untimed ones, reading a buffer twice the size of L2 before every timed run so no run
// finds its input in the cache; every algorithm's output is compared bit for bit with the CPU
// reference (kernels/bench/bench_inputs.hpp), once on the first run and again on the last timed
// one, both written over a poisoned output. GB/s counts what a scan must move at least: every
// element read once and written once, 2 * n * sizeof(T) bytes.
#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.hpp"

namespace scanlab::bench {

enum class Algo : uint8_t {
    copy,  // cudaMemcpyAsync device to device of the same bytes: the physical limit
    cub,  // cub::DeviceScan
    thrust,  // thrust::inclusive_scan / exclusive_scan
    book_ks,  // the chapter's hierarchical scan written plainly as the book prints it, Kogge-Stone blocks
    book_bk,  // the same with Brent-Kung blocks
    hier_ks,  // the chapter's hierarchical scan (9.5), Kogge-Stone blocks, untraced
    hier_bk,  // the same with Brent-Kung blocks
    slides,  // the slides' variant: scan_cuda, block sums scanned on the host, add_cuda
    single_pass,  // Scan Lab's production scan (kernels/production/)
};
const std::vector<Algo>& all_algos();
std::string_view name(Algo a);  // "copy", "cub", "thrust", "book-ks", "book-bk", "hier-ks", "hier-bk", "slides", "single-pass"
std::string_view describe(Algo a);  // one line for --help and the app
std::optional<Algo> parse_algo(std::string_view word);

// 2^10, 2^11, ..., 2^28.
std::vector<int64_t> default_sizes();

struct BenchConfig {
    std::vector<int64_t> sizes = default_sizes();
    ElementType type = ElementType::int32;
    OpKind op = OpKind::sum;
    bool exclusive = false;
    std::vector<Algo> algos = all_algos();
    int reps = 20;  // timed runs per size and algorithm (at least 1; the goals ask for 20)
    int warmups = 3;  // untimed runs first
    bool variants = false;  // also time every compiled tuning of the single-pass scan
    uint64_t seed = 1;  // of the input values
};

struct BenchRow {
    std::string algorithm;  // name(algo), or "single-pass[512x16]" for a variant
    Algo algo = Algo::copy;
    std::string variant;  // the single-pass scan's tuning ("256x16"); empty for the others
    int64_t n = 0;
    int runs = 0;  // timed runs behind the median
    double median_ms = 0, min_ms = 0, max_ms = 0;
    double gb_per_s = 0;  // 2 * n * sizeof(T) / median
    double fraction_of_copy = 0;  // the copy's median / this median: this row's bandwidth as a fraction of the copy's (0: no copy row)
    double speedup_vs_cub = 0;  // CUB's median / this median: above 1 is faster than CUB (0: no CUB row)
    bool verified = false;  // both checked outputs equal the CPU reference
    bool skipped = false;  // not run (problem says why); never counts as a failure
    std::string problem;  // why not verified, or why skipped; empty when verified
};

struct GpuDescription {
    std::string name;  // "NVIDIA H100 80GB HBM3"
    std::string summary;  // "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.1 GiB)"
    int multiprocessors = 0;
    size_t l2_bytes = 0;
    size_t memory_bytes = 0;
    int driver_version = 0, runtime_version = 0;
};

struct BenchResult {
    BenchConfig config;
    GpuDescription gpu;
    std::string gpu_name;  // gpu.name, for the app's title
    std::string method;  // how it was timed, in one sentence
    std::string policy;  // the single-pass scan's choice of kernels on this GPU, and why (when it ran)
    std::vector<BenchRow> rows;
    bool cancelled = false;
    // Every row that ran was verified.
    bool all_verified() const;
};

// fraction is 0..1 over every (size, algorithm) of the sweep; `what` names the one now running.
using Progress = std::function<void(double fraction, const std::string& what)>;

// Why the benchmark cannot run here ("this Scan Lab was built without CUDA", no usable GPU), or
// empty when it can.
std::string bench_unavailable_reason();

// The largest N the benchmark takes for this type on this GPU now: what its buffers leave of the
// free device memory, and never more than 2^28 (the chapter's scans take no more). `why` says
// what limits it, as a sentence. Throws GpuError where there is no usable GPU.
struct SizeLimit {
    int64_t max_n = 0;
    std::string why;
};
SizeLimit max_bench_elements(ElementType type);

// Runs the sweep on the calling thread (call it off any UI thread). `progress` is called from
// this thread before each (size, algorithm); `cancel`, checked between runs, stops the sweep and
// returns the rows so far with `cancelled` set. Throws ScanError for a config it refuses (a size
// out of range, no algorithm, reps < 1), GpuError when the GPU fails. A wrong output is not an
// exception: its row says FAILED and why.
BenchResult run_benchmark(const BenchConfig& config, const Progress& progress = {}, std::atomic<bool>* cancel = nullptr);

// The refusals of run_benchmark that need no GPU (no sizes, a size past 2^28, reps < 1), as a
// ScanError; run_benchmark also checks the sizes against the GPU's free memory.
void check_config(const BenchConfig& config);

// ---- reports (plain C++, in every build) ----------------------------------------------------

// One row per (size, algorithm), grouped by size.
void write_table(std::ostream& out, const BenchResult& result);
// One line per size: each algorithm's GB/s, then the single-pass scan against copy and CUB, and
// the performance goals (docs/performance.md) checked against this run.
void write_summary(std::ostream& out, const BenchResult& result);
// The goals of several runs (one per type, operator and direction), one line each.
void write_goal_table(std::ostream& out, const std::vector<BenchResult>& results);
void write_json(std::ostream& out, const BenchResult& result, const std::string& command = "");
void write_csv(std::ostream& out, const BenchResult& result);
// Several runs: JSON {"runs": [...]} (one run: as above), CSV one header and every run's rows.
void write_json(std::ostream& out, const std::vector<BenchResult>& results, const std::string& command = "");
void write_csv(std::ostream& out, const std::vector<BenchResult>& results);

// ---- parsing, for the CLI and the app (throw ScanError with a sentence) ---------------------

// "pow2:10..28", "pow2:20", "1000,4096,1048576", or a mix: "1000,pow2:20..22".
std::vector<int64_t> parse_sizes(std::string_view text);
// "copy,cub,single-pass"; "all".
std::vector<Algo> parse_algos(std::string_view text);

}  // namespace scanlab::bench
