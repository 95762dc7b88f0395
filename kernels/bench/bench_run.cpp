// The benchmark's runner (CUDA builds): buffers, the algorithms, timing with CUDA events, and the
// check of every output against the CPU reference. Host code; the device code it needs lives in
// the .cu files beside it and in kernels/production/.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "kernels/bench/bench.hpp"
#include "kernels/bench/bench_inputs.hpp"
#include "kernels/bench/library_scans.hpp"
#include "kernels/chapter/chapter_untraced.hpp"
#include "kernels/cuda_check.hpp"
#include "kernels/device_info.hpp"
#include "kernels/production/single_pass_scan.hpp"

namespace scanlab::bench {
namespace {

using gpu::cuda_check;

// Everything runs on the legacy default stream: the chapter's scans queue their work there.
void* const kStream = nullptr;

class DeviceBuffer {
public:
    DeviceBuffer() = default;
    DeviceBuffer(size_t bytes, const std::string& what) : bytes_(bytes) {
        if (bytes) cuda_check(cudaMalloc(&p_, bytes), "cudaMalloc(" + what + ", " + std::to_string(bytes) + " bytes)");
    }
    ~DeviceBuffer() {
        if (p_) cudaFree(p_);
    }
    DeviceBuffer(DeviceBuffer&& o) noexcept : p_(o.p_), bytes_(o.bytes_) { o.p_ = nullptr; }
    DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
        std::swap(p_, o.p_);
        std::swap(bytes_, o.bytes_);
        return *this;
    }
    void* get() const { return p_; }
    size_t bytes() const { return bytes_; }

private:
    void* p_ = nullptr;
    size_t bytes_ = 0;
};

class EventPairs {
public:
    explicit EventPairs(int count) : start_(size_t(count)), stop_(size_t(count)) {
        for (int i = 0; i < count; ++i) {
            cuda_check(cudaEventCreate(&start_[size_t(i)]), "cudaEventCreate");
            cuda_check(cudaEventCreate(&stop_[size_t(i)]), "cudaEventCreate");
        }
    }
    ~EventPairs() {
        for (cudaEvent_t e : start_) cudaEventDestroy(e);
        for (cudaEvent_t e : stop_) cudaEventDestroy(e);
    }
    void start(int i) { cuda_check(cudaEventRecord(start_[size_t(i)], cudaStream_t(kStream)), "cudaEventRecord(start)"); }
    void stop(int i) { cuda_check(cudaEventRecord(stop_[size_t(i)], cudaStream_t(kStream)), "cudaEventRecord(stop)"); }
    float elapsed_ms(int i) const {
        cuda_check(cudaEventSynchronize(stop_[size_t(i)]), "cudaEventSynchronize");
        float ms = 0;
        cuda_check(cudaEventElapsedTime(&ms, start_[size_t(i)], stop_[size_t(i)]), "cudaEventElapsedTime");
        return ms;
    }

private:
    std::vector<cudaEvent_t> start_, stop_;
};

// One algorithm, set up (temporary storage allocated, outside any timing) for one size.
class Runner {
public:
    virtual ~Runner() = default;
    virtual void run(const void* d_in, void* d_out) = 0;
};

class CopyRunner : public Runner {
public:
    explicit CopyRunner(size_t bytes) : bytes_(bytes) {}
    void run(const void* d_in, void* d_out) override {
        cuda_check(cudaMemcpyAsync(d_out, d_in, bytes_, cudaMemcpyDeviceToDevice, cudaStream_t(kStream)),
                   "cudaMemcpyAsync(device to device)");
    }

private:
    size_t bytes_;
};

class CubRunner : public Runner {
public:
    CubRunner(const BenchConfig& c, int64_t n)
        : c_(c), n_(n), temp_(detail::cub_temp_bytes(c.type, c.op, c.exclusive, n), "CUB temporary storage") {}
    void run(const void* d_in, void* d_out) override {
        detail::cub_scan(c_.type, c_.op, c_.exclusive, d_in, d_out, n_, temp_.get(), temp_.bytes(), kStream);
    }

private:
    const BenchConfig& c_;
    int64_t n_;
    DeviceBuffer temp_;
};

class ThrustRunner : public Runner {
public:
    ThrustRunner(const BenchConfig& c, int64_t n) : c_(c), n_(n) {
        // CUB's size is a good first guess (Thrust's scan is CUB's underneath); grown after the first run if short.
        grow(detail::cub_temp_bytes(c.type, c.op, c.exclusive, n) + (size_t(1) << 20));
    }
    void run(const void* d_in, void* d_out) override {
        detail::thrust_scan(c_.type, c_.op, c_.exclusive, d_in, d_out, n_, arena_, kStream);
        if (arena_.largest_request > arena_.bytes) grow(arena_.largest_request);  // between runs: the next is served from the arena
    }

private:
    void grow(size_t bytes) {
        cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize (before growing Thrust's arena)");
        storage_ = DeviceBuffer(bytes, "Thrust temporary storage");
        arena_.base = static_cast<char*>(storage_.get());
        arena_.bytes = bytes;
        arena_.used = 0;
        arena_.outstanding = 0;
    }
    const BenchConfig& c_;
    int64_t n_;
    DeviceBuffer storage_;
    detail::ThrustArena arena_;
};

class BookRunner : public Runner {
public:
    BookRunner(const BenchConfig& c, Algo algo, int64_t n)
        : c_(c),
          n_(n),
          block_(algo == Algo::book_bk ? detail::BookBlock::brent_kung : detail::BookBlock::kogge_stone),
          temp_(detail::book_scan_temp_bytes(block_, c.type, n), "the book's block sums") {}
    void run(const void* d_in, void* d_out) override {
        detail::book_scan(block_, c_.type, c_.op, c_.exclusive, d_in, d_out, n_, temp_.get(), kStream);
    }

private:
    const BenchConfig& c_;
    int64_t n_;
    detail::BookBlock block_;
    DeviceBuffer temp_;
};

class ChapterRunner : public Runner {
public:
    ChapterRunner(const BenchConfig& c, Algo algo, const ValueArray& input) {
        ScanRequest request;
        request.algorithm = algo == Algo::slides ? Algorithm::slides : Algorithm::hierarchical;
        request.block_algorithm = algo == Algo::hier_bk ? Algorithm::brent_kung : Algorithm::kogge_stone;
        request.op = c.op;
        request.type = c.type;
        request.exclusive = c.exclusive;
        request.section = 0;  // the largest section the block algorithm takes: 1024, or 2048 for Brent-Kung
        request.detail = Detail::counts;
        scan_ = gpu::make_untraced_chapter_scan(resolve(request, input));
    }
    void run(const void* d_in, void* d_out) override { scan_->run(d_in, d_out); }

private:
    std::unique_ptr<gpu::UntracedChapterScan> scan_;
};

class SinglePassRunner : public Runner {
public:
    SinglePassRunner(const BenchConfig& c, int64_t n, int variant)
        : c_(c),
          n_(n),
          variant_(variant),
          temp_(gpu::single_pass_scan_temp_bytes(c.type, n, variant), "single-pass scan temporary storage") {
        gpu::single_pass_scan_prepare_temp(temp_.get(), temp_.bytes(), kStream);
    }
    void run(const void* d_in, void* d_out) override {
        gpu::single_pass_scan(c_.type, c_.op, c_.exclusive, d_in, d_out, n_, temp_.get(), temp_.bytes(), kStream, variant_);
    }

private:
    const BenchConfig& c_;
    int64_t n_;
    int variant_;
    DeviceBuffer temp_;
};

// One row of the sweep: an algorithm (a single-pass variant counts as one) at one size.
struct Job {
    Algo algo;
    int variant = 0;
    std::string label;  // the row's algorithm text
    std::string variant_name;
};

std::vector<Job> jobs_for(const BenchConfig& c) {
    std::vector<Job> jobs;
    for (Algo a : c.algos) {
        if (a != Algo::single_pass) {
            jobs.push_back({a, 0, std::string(name(a)), ""});
            continue;
        }
        const std::vector<gpu::SinglePassVariant> variants = gpu::single_pass_variants(c.type, c.op);
        jobs.push_back({a, 0, "single-pass", variants[0].name});
        if (c.variants)
            for (size_t v = 1; v < variants.size(); ++v)
                jobs.push_back({a, int(v), "single-pass[" + variants[v].name + "]", variants[v].name});
    }
    return jobs;
}

std::unique_ptr<Runner> make_runner(const BenchConfig& c, const Job& job, int64_t n, const ValueArray& input) {
    switch (job.algo) {
        case Algo::copy: return std::make_unique<CopyRunner>(size_t(n) * element_bytes(c.type));
        case Algo::cub: return std::make_unique<CubRunner>(c, n);
        case Algo::thrust: return std::make_unique<ThrustRunner>(c, n);
        case Algo::book_ks:
        case Algo::book_bk: return std::make_unique<BookRunner>(c, job.algo, n);
        case Algo::hier_ks:
        case Algo::hier_bk:
        case Algo::slides: return std::make_unique<ChapterRunner>(c, job.algo, input);
        case Algo::single_pass: return std::make_unique<SinglePassRunner>(c, n, job.variant);
    }
    throw ScanError("internal: no runner for " + std::string(name(job.algo)));
}

ValueArray read_back(const void* d_out, ElementType type, int64_t n) {
    ValueArray out = empty_values(type);
    std::visit(
        [&](auto& v) {
            v.resize(size_t(n));
            cuda_check(cudaMemcpy(v.data(), d_out, size_t(n) * sizeof(v[0]), cudaMemcpyDeviceToHost), "cudaMemcpy(output to the host)");
        },
        out);
    return out;
}

// A byte pattern no correct output holds (0xA5A5A5A5 is -1515870811 as int32, -2.9e-16 as float).
void poison(void* d_out, size_t bytes) {
    cuda_check(cudaMemsetAsync(d_out, 0xA5, bytes, cudaStream_t(kStream)), "cudaMemsetAsync(poison the output)");
}

// A failed CUDA call that leaves the context usable (out of memory, say) fails one row; one that
// breaks the context (an illegal address) ends the sweep.
bool context_still_usable() {
    cudaGetLastError();
    return cudaDeviceSynchronize() == cudaSuccess;
}

struct Shared {
    DeviceBuffer in, out, flush;
    DeviceBuffer sink;
};

std::string method_text(const BenchConfig& c, size_t flush_bytes, size_t l2) {
    char buf[400];
    std::snprintf(buf, sizeof buf,
                  "median of %d timed runs after %d warm-ups, CUDA events around each run; before each, the output is poisoned and L2 "
                  "(%.0f MB) is flushed by reading %.0f MB; every output checked bit for bit against the CPU reference",
                  c.reps, c.warmups, double(l2) / 1e6, double(flush_bytes) / 1e6);
    return buf;
}

}  // namespace

std::string bench_unavailable_reason() { return gpu::usable_gpu_reason(); }

SizeLimit max_bench_elements(ElementType type) {
    const gpu::DeviceInfo& info = gpu::device_info();
    const size_t free = gpu::free_device_memory();
    const size_t s = element_bytes(type);
    // Fixed: the L2 flush buffer and room for library temporaries; per element: input and output,
    // plus a little for tile states and the chapter's block sums.
    const size_t fixed = 2 * info.l2_cache + (size_t(256) << 20);
    const double per_element = 2.0 * double(s) * 1.05;
    const int64_t by_memory = free > fixed ? int64_t(double(free - fixed) / per_element) : 0;
    char gib[32];
    std::snprintf(gib, sizeof gib, "%.1f GiB", double(free) / double(size_t(1) << 30));
    if (by_memory >= kMaxElements)
        return {kMaxElements, "N is at most 2^28 = " + std::to_string(kMaxElements) + " (the chapter's scans take no more)"};
    return {std::max<int64_t>(by_memory, 0), "the GPU has " + std::string(gib) + " free, enough for an input and an output of at most " +
                                                 std::to_string(std::max<int64_t>(by_memory, 0)) + " " + std::string(name(type)) +
                                                 " elements"};
}

BenchResult run_benchmark(const BenchConfig& config, const Progress& progress, std::atomic<bool>* cancel) {
    check_config(config);
    if (const std::string& why = gpu::usable_gpu_reason(); !why.empty()) throw GpuError("no usable CUDA GPU: " + why);
    const gpu::DeviceInfo& info = gpu::device_info();
    const SizeLimit limit = max_bench_elements(config.type);
    const int64_t largest = *std::max_element(config.sizes.begin(), config.sizes.end());
    if (largest > limit.max_n)
        throw ScanError("N = " + std::to_string(largest) + " is more than this GPU can benchmark now: " + limit.why +
                        "; give smaller --sizes");

    BenchResult result;
    result.config = config;
    result.gpu = {info.name,          info.summary(),      info.multiprocessors, info.l2_cache,
                  info.global_memory, info.driver_version, info.runtime_version};
    result.gpu_name = info.name;

    const size_t s = element_bytes(config.type);
    const size_t flush_bytes = std::max<size_t>(2 * info.l2_cache, size_t(8) << 20) / 16 * 16;
    result.method = method_text(config, flush_bytes, info.l2_cache);
    if (std::find(config.algos.begin(), config.algos.end(), Algo::single_pass) != config.algos.end())
        result.policy = gpu::single_pass_policy(config.type, config.op);
    Shared shared{DeviceBuffer(size_t(largest) * s, "benchmark input"), DeviceBuffer(size_t(largest) * s, "benchmark output"),
                  DeviceBuffer(flush_bytes, "L2 flush buffer"), DeviceBuffer(sizeof(int), "L2 flush sink")};
    cuda_check(cudaMemset(shared.flush.get(), 0, flush_bytes), "cudaMemset(L2 flush buffer)");
    EventPairs events(config.reps);

    const std::vector<Job> jobs = jobs_for(config);
    const double total = double(config.sizes.size() * jobs.size());
    size_t done = 0;
    auto cancelled = [&] { return cancel && cancel->load(); };

    for (size_t si = 0; si < config.sizes.size() && !result.cancelled; ++si) {
        const int64_t n = config.sizes[si];
        const size_t bytes = size_t(n) * s;
        const ValueArray input = make_input(config.type, config.op, n, config.seed + si);
        const ValueArray reference = reference_scan(input, config.op, config.exclusive);
        std::visit(
            [&](const auto& v) {
                cuda_check(cudaMemcpy(shared.in.get(), v.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy(input to the GPU)");
            },
            input);
        const size_t first_row = result.rows.size();

        for (const Job& job : jobs) {
            if (cancelled()) {
                result.cancelled = true;
                break;
            }
            if (progress) progress(double(done) / total, job.label + ", N = " + std::to_string(n));
            ++done;
            BenchRow row;
            row.algorithm = job.label;
            row.algo = job.algo;
            row.variant = job.variant_name;
            row.n = n;
            const ValueArray& want = job.algo == Algo::copy ? input : reference;
            try {
                std::unique_ptr<Runner> runner;
                try {
                    runner = make_runner(config, job, n, input);
                } catch (const GpuError&) {
                    throw;
                } catch (const ScanError& e) {  // the algorithm refuses this input: not a failure of the GPU
                    row.skipped = true;
                    row.problem = e.what();
                    result.rows.push_back(row);
                    continue;
                }
                // The first run, checked.
                poison(shared.out.get(), bytes);
                runner->run(shared.in.get(), shared.out.get());
                cuda_check(cudaDeviceSynchronize(), "running " + job.label);
                const Mismatch first = compare_exact(read_back(shared.out.get(), config.type, n), want);
                for (int w = 0; w < config.warmups; ++w) runner->run(shared.in.get(), shared.out.get());
                // The timed runs, each on a poisoned output and a cold L2.
                for (int r = 0; r < config.reps; ++r) {
                    poison(shared.out.get(), bytes);
                    detail::flush_l2(shared.flush.get(), flush_bytes, static_cast<int*>(shared.sink.get()), kStream);
                    events.start(r);
                    runner->run(shared.in.get(), shared.out.get());
                    events.stop(r);
                    if (cancelled()) break;
                }
                if (cancelled()) {
                    cuda_check(cudaDeviceSynchronize(), "running " + job.label);
                    result.cancelled = true;
                    break;
                }
                std::vector<double> ms;
                for (int r = 0; r < config.reps; ++r) ms.push_back(events.elapsed_ms(r));
                cuda_check(cudaGetLastError(), "running " + job.label);
                const Mismatch last = compare_exact(read_back(shared.out.get(), config.type, n), want);
                std::sort(ms.begin(), ms.end());
                row.runs = config.reps;
                row.median_ms = ms.size() % 2 ? ms[ms.size() / 2] : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2;
                row.min_ms = ms.front();
                row.max_ms = ms.back();
                row.gb_per_s = row.median_ms > 0 ? 2.0 * double(bytes) / (row.median_ms * 1e-3) / 1e9 : 0;
                row.verified = first.ok() && last.ok();
                if (!first.ok())
                    row.problem = "first run: " + first.sentence(n);
                else if (!last.ok())
                    row.problem = "last timed run: " + last.sentence(n);
            } catch (const GpuError& e) {
                if (!context_still_usable()) throw;
                row.verified = false;
                row.problem = e.what();
            }
            result.rows.push_back(row);
        }

        // Ratios within this size.
        const BenchRow* copy = nullptr;
        const BenchRow* cub = nullptr;
        for (size_t i = first_row; i < result.rows.size(); ++i) {
            const BenchRow& r = result.rows[i];
            if (r.skipped || r.median_ms <= 0) continue;
            if (r.algo == Algo::copy) copy = &r;
            if (r.algo == Algo::cub) cub = &r;
        }
        for (size_t i = first_row; i < result.rows.size(); ++i) {
            BenchRow& r = result.rows[i];
            if (r.skipped || r.median_ms <= 0) continue;
            if (copy) r.fraction_of_copy = copy->median_ms / r.median_ms;
            if (cub) r.speedup_vs_cub = cub->median_ms / r.median_ms;
        }
    }
    if (progress && !result.cancelled) progress(1.0, "done");
    return result;
}

}  // namespace scanlab::bench
