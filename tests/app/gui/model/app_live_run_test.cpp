// The Live run tab's model, without a window: the sampled trace of a full-size run (one block in
// full at its global offset, S whole, refusals inline with the last trace kept, the stated memory
// equal to estimate_trace's), how the views index it, and the benchmark's run, cancel, refusals
// and no-GPU state (with a stand-in for the benchmark where CI has no GPU).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "app/gui/model/live_bench.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/model/sampled_trace.hpp"
#include "app/gui/model/session.hpp"
#include "app/gui/model/trace_book.hpp"
#include "core/emulation/emulate.hpp"
#include "core/error.hpp"
#include "core/input/input.hpp"
#include "core/input/resolve.hpp"
#include "core/input/trace_budget.hpp"
#include "tests/app/gui/model/model_support.hpp"

using namespace scanlab;
using namespace scanlab::gui;
using scanlab::gui::model_test::ints;

namespace {


std::vector<int32_t> slice(const ValueArray& v, int64_t from, size_t count) {
    const std::vector<int32_t>& all = std::get<std::vector<int32_t>>(v);
    return {all.begin() + from, all.begin() + from + int64_t(count)};
}

// Block 40 of N = 2^16 in sections of 64 (1024 blocks), on the emulation.
SampledForm block40() {
    SampledForm f;
    f.n = int64_t(1) << 16;
    f.section = 64;
    f.block = 40;
    return f;
}

Session traced(const SampledForm& f) {
    Session s;
    s.form.backend = BackendChoice::cpu;
    s.sampled_form = f;
    s.trace_sampled();
    s.wait();
    return s;
}

const Trace& shown(const Session& s) { return s.trace->trace; }

}  // namespace

// ---- the sampled trace -------------------------------------------------------------------------

TEST(LiveSampledTrace, TheControlsTakeTheSampledTracesSettings) {
    SampledForm f = block40();
    f.block_algorithm = Algorithm::brent_kung;
    f.op = OpKind::max;
    f.seed = 7;
    const Session s = traced(f);
    ASSERT_EQ(s.trace, s.sampled_trace) << s.sampled_error;
    EXPECT_EQ(s.form.request.algorithm, Algorithm::hierarchical);
    EXPECT_EQ(s.form.request.block_algorithm, Algorithm::brent_kung);
    EXPECT_EQ(s.form.request.op, OpKind::max);
    EXPECT_EQ(s.form.request.section, 64);
    EXPECT_TRUE(s.form.request.sample.all());  // the controls trace in full
    EXPECT_EQ(s.form.input.source, InputSpec::Source::random);
    EXPECT_EQ(s.form.input.random_n, 65536);
    EXPECT_EQ(s.form.input.seed, 7u);
}

TEST(LiveSampledTrace, DepthZeroStepsHoldExactlyTheChosenBlockAtItsOffsetAndSStaysWhole) {
    const Session s = traced(block40());
    ASSERT_TRUE(s.sampled_error.empty()) << s.sampled_error;
    ASSERT_NE(s.trace, nullptr);
    EXPECT_EQ(s.trace, s.sampled_trace);  // it is what the step view shows
    EXPECT_EQ(s.compare, nullptr);
    const Trace& t = shown(s);
    EXPECT_EQ(t.n, 65536);
    EXPECT_EQ(t.sample.first_block, 40);
    EXPECT_EQ(t.sample.blocks, 1);

    ScanRequest whole = sampled_request(block40());
    whole.sample = {};
    const Trace full = emulate(whole, sampled_input(block40()));
    ASSERT_EQ(t.steps.size(), full.steps.size());
    EXPECT_EQ(t.counts, full.counts);  // the counts cover every block
    size_t windowed_steps = 0;
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const Step &p = t.steps[k], &f = full.steps[k];
        if (windowed(t, p)) {
            ++windowed_steps;
            EXPECT_EQ(p.offset, 40 * 64) << step_label(p);
            ASSERT_EQ(size_of(p.values), 64u) << step_label(p);
            EXPECT_EQ(ints(p.values), slice(f.values, 40 * 64, 64)) << step_label(p);
        } else {
            EXPECT_EQ(p.offset, 0) << step_label(p);
            EXPECT_EQ(ints(p.values), ints(f.values)) << "S is kept whole: " << step_label(p);
        }
    }
    EXPECT_EQ(windowed_steps, 8u);  // K1: load, strides 1..32; K3: add S
    EXPECT_EQ(s.sampled_report.block_sums, (std::vector<int64_t>{1024, 16}));
}

TEST(LiveSampledTrace, TheArrayViewsRowsMapGlobalIndicesIntoTheBlock) {
    const Session s = traced(block40());
    const Trace& t = shown(s);
    const TraceBook& book = s.trace->book;
    // The book tracks the window only: 64 entries, not N.
    EXPECT_EQ(book.final_from.size(), 64u);
    EXPECT_EQ(book.final_offset, 2560);
    EXPECT_EQ(columns_to_fit(t), 64u);

    const StepRows load = step_rows(t, 0);  // K1 · load reads the input's window
    EXPECT_EQ(load.before.name, "X");
    EXPECT_EQ(load.before.offset, 2560);
    EXPECT_EQ(load.before.first, 2560u);
    EXPECT_EQ(load.before.count, 64u);
    EXPECT_EQ(load.after.offset, 2560);

    const Step& stride1 = t.steps[1];
    ASSERT_EQ(step_label(stride1), "K1 · stride 1");
    const StepRows rows = step_rows(t, 1);
    for (const Access& a : stride1.accesses) {
        EXPECT_GE(rows.after.local(a.dst), 0) << a.dst;
        EXPECT_GE(rows.before.local(a.src), 0) << a.src;
    }
    const std::vector<CellState> states = cell_states(t, book, 1);
    EXPECT_EQ(std::count(states.begin(), states.end(), CellState::updated), updated_cell_count(stride1));
    EXPECT_EQ(updated_cell_count(stride1), 63);
    const std::vector<int32_t> w = writers(stride1);
    EXPECT_EQ(w[0], -1);
    EXPECT_EQ(w[1], 1);  // block-local threadIdx.x, as the kernel sees it
    const ThreadRow threads = launched_threads(t, stride1);
    EXPECT_EQ(threads.first, 40 * 64);
    EXPECT_EQ(threads.active.size(), 64u);  // the sampled block's threads, not all 65,536
    EXPECT_EQ(std::count(threads.active.begin(), threads.active.end(), 1), 63);

    // Writing S: block 40's last element goes to S[40], which the views draw at column 1 (S is
    // whole, 1,024 long; S[39] at column 0), next to the block rather than 40 columns away.
    const size_t write_s = 7;
    ASSERT_EQ(step_label(t.steps[write_s]), "K1 · write S");
    const StepRows ws = step_rows(t, write_s);
    EXPECT_EQ(ws.after.count, 1024u);
    EXPECT_EQ(ws.after.column, 1 - 40);
    EXPECT_EQ(ws.before.column, 0);
    EXPECT_EQ(launched_threads(t, t.steps[write_s]).active.size(), 64u);  // the block's threads only

    // Kernel 3 adds S[39] to every element of block 40; S is read whole.
    const size_t k3 = t.steps.size() - 1;
    ASSERT_EQ(t.steps[k3].phase, Phase::add_block_sums);
    const StepRows add = step_rows(t, k3);
    ASSERT_TRUE(add.sums);
    EXPECT_EQ(add.sums.offset, 0);
    EXPECT_EQ(add.sums.count, 1024u);
    EXPECT_EQ(add.sums.column + 39, 0);  // S[39], what it adds, above the block's first element
    for (const Access& a : t.steps[k3].accesses) EXPECT_EQ(a.src, 39);
    const std::vector<CellState> final_states = cell_states(t, book, k3);
    EXPECT_EQ(std::count(final_states.begin(), final_states.end(), CellState::updated), 64);
}

TEST(LiveSampledTrace, AnNOverTheEmulationsCapIsRefusedInlineAndTheTraceStays) {
    Session s = traced(block40());
    const TracePtr before = s.trace;
    s.sampled_form.n = kEmulatedTraceMaxN + 1;
    s.trace_sampled();
    s.wait();
    EXPECT_EQ(s.trace, before);
    EXPECT_EQ(s.sampled_trace, before);
    EXPECT_NE(s.sampled_error.find("N = 4,194,305 is more than the live tab traces here"), std::string::npos) << s.sampled_error;
    EXPECT_NE(s.sampled_error.find("CPU emulation"), std::string::npos) << s.sampled_error;
    EXPECT_TRUE(s.error.empty());  // the controls' own refusal line is not touched
    // The preview says the same before anything runs.
    s.preview_sampled();
    s.wait();
    ASSERT_TRUE(s.preview_current());
    EXPECT_EQ(s.sampled_preview.error, s.sampled_error);
}

TEST(LiveSampledTrace, ABlockOutOfRangeGetsTheCoresSentenceAndTheTraceStays) {
    Session s = traced(block40());
    const TracePtr before = s.trace;
    s.sampled_form.block = 1024;
    s.trace_sampled();
    s.wait();
    EXPECT_EQ(s.trace, before);
    EXPECT_NE(s.sampled_error.find(
                  "sampled block 1024 is no block of this run: N = 65,536 in sections of 64 makes 1,024 blocks, numbered 0 to 1,023"),
              std::string::npos)
        << s.sampled_error;
    // A good request afterwards clears it.
    s.sampled_form.block = 1023;
    s.trace_sampled();
    s.wait();
    EXPECT_TRUE(s.sampled_error.empty());
    EXPECT_EQ(shown(s).sample.first_block, 1023);
}

TEST(LiveSampledTrace, TheStatedMemoryIsEstimateTracesFigure) {
    const Session s = traced(block40());
    const SampledReport& r = s.sampled_report;
    const ValueArray input = sampled_input(block40());
    const ResolvedRequest resolved = resolve(sampled_request(block40()), input);
    ResolvedRequest whole = resolved;
    whole.request.sample = {};
    EXPECT_EQ(r.trace_bytes, estimate_trace(resolved).trace_bytes);
    EXPECT_EQ(r.full_trace_bytes, estimate_trace(whole).trace_bytes);
    EXPECT_EQ(r.arrays_bytes, 2u * 65536u * 4u);
    EXPECT_LT(r.trace_bytes * 4, r.full_trace_bytes);
    // The estimate bounds what the trace's steps really hold, as the Recorder charges them, and
    // is close to it (it charges kernel 3 an access for block 0 too, which adds nothing).
    size_t held = 0;
    for (const Step& st : shown(s).steps) held += step_bytes(size_of(st.values), st.accesses.size(), st.hazards.size(), ElementType::int32);
    EXPECT_LE(held, r.trace_bytes);
    EXPECT_GE(held, r.trace_bytes - r.trace_bytes / 100);
    const std::string said = memory_statement(r);
    EXPECT_NE(said.find(byte_size(r.trace_bytes)), std::string::npos) << said;
    EXPECT_NE(said.find(byte_size(r.full_trace_bytes)), std::string::npos) << said;
    EXPECT_NE(said.find("the input and the result whole, 65,536 int32 values each: 512.0 KiB"), std::string::npos) << said;
    EXPECT_NE(said.find("block 40 of 1,024 (64 elements)"), std::string::npos) << said;
    EXPECT_NE(said.find("(1,024 + 16 elements)"), std::string::npos) << said;
    // The preview states the same figures before it runs.
    const SampledReport pv = estimate_sampled(block40(), false);
    EXPECT_EQ(pv.trace_bytes, r.trace_bytes);
    EXPECT_EQ(pv.full_trace_bytes, r.full_trace_bytes);
    EXPECT_EQ(pv.grid, 1024);
}

TEST(LiveSampledTrace, TheEmulationsCapIsTwoToThe22AndItSaysWhy) {
    const TraceCap cap = sampled_trace_cap(false, ElementType::int32);
    EXPECT_EQ(cap.max_n, int64_t(1) << 22);
    EXPECT_NE(cap.why.find("executes every thread of every block"), std::string::npos) << cap.why;
    const TraceCap gpu = sampled_trace_cap(true, ElementType::int32);
    EXPECT_EQ(gpu.max_n, int64_t(1) << 26);
    EXPECT_NE(gpu.why.find("512.0 MiB of int32"), std::string::npos) << gpu.why;  // 2 x 2^26 x 4 bytes
}

TEST(LiveSampledTrace, ANewerFormRunWinsOverASampledTraceStillRunning) {
    Session s;
    s.form.backend = BackendChoice::cpu;
    s.sampled_form = block40();
    s.trace_sampled();
    s.run();  // Figure 9.10, asked after
    s.wait();
    ASSERT_NE(s.trace, nullptr);
    EXPECT_EQ(shown(s).n, 16);
    EXPECT_EQ(s.sampled_trace, nullptr);
    EXPECT_TRUE(s.sampled_error.empty());
}

TEST(LiveSampledTrace, TheLastSampledTraceComesBackAfterAnotherRun) {
    Session s = traced(block40());
    const TracePtr sampled = s.sampled_trace;
    s.run();
    s.wait();
    EXPECT_NE(s.trace, sampled);
    s.show_sampled();
    EXPECT_EQ(s.trace, sampled);
    EXPECT_EQ(s.step, 0u);
    EXPECT_EQ(s.compare, nullptr);
}

TEST(LiveNumbers, GroupedAndBytes) {
    EXPECT_EQ(grouped(4194304), "4,194,304");
    EXPECT_EQ(grouped(999), "999");
    EXPECT_EQ(grouped(-1234), "-1,234");
    EXPECT_EQ(byte_size(512), "512 bytes");
    EXPECT_EQ(byte_size(size_t(2) << 20), "2.0 MiB");
    EXPECT_EQ(byte_size(size_t(10) << 30), "10.0 GiB");
    EXPECT_EQ(power_of_two_text(int64_t(1) << 22), "2^22");
    EXPECT_EQ(power_of_two_text(1000), "");
}

TEST(LiveNumbers, ACountAgreesWithItsNoun) {
    EXPECT_EQ(counted(1, "barrier", "barriers"), "1 barrier");
    EXPECT_EQ(counted(0, "barrier", "barriers"), "0 barriers");
    EXPECT_EQ(counted(4096, "divergent warp", "divergent warps"), "4,096 divergent warps");
}

TEST(LiveNumbers, APhraseBecomesASentenceWithOneCapitalAndOneFullStop) {
    EXPECT_EQ(as_sentence("cannot open 'x.json': no such file"), "Cannot open 'x.json': no such file.");
    EXPECT_EQ(as_sentence("Already one."), "Already one.");
    EXPECT_EQ(as_sentence(""), "");
    EXPECT_EQ(capitalised("block 3 waits"), "Block 3 waits");
}

// ---- the benchmark -----------------------------------------------------------------------------

namespace {

// A stand-in for the benchmark library on a machine with no GPU: it walks the configuration as
// run_benchmark does (progress before each run, cancel checked between runs) and returns rows
// with no timings. Only the tests see it.
BenchSource stand_in(std::string unavailable = "", int64_t max_n = int64_t(1) << 28, int ms_per_run = 20) {
    BenchSource s;
    s.unavailable_reason = [unavailable] { return unavailable; };
    s.max_elements = [max_n](ElementType) { return bench::SizeLimit{max_n, "the stand-in GPU has room for " + std::to_string(max_n)}; };
    s.run = [ms_per_run](const bench::BenchConfig& c, const bench::Progress& progress, std::atomic<bool>* cancel) {
        bench::check_config(c);
        bench::BenchResult r;
        r.config = c;
        const double total = double(c.sizes.size() * c.algos.size());
        size_t done = 0;
        for (int64_t n : c.sizes)
            for (bench::Algo a : c.algos) {
                if (cancel && cancel->load()) {
                    r.cancelled = true;
                    return r;
                }
                if (progress) progress(double(done) / total, std::string(bench::name(a)) + " at N = " + std::to_string(n));
                std::this_thread::sleep_for(std::chrono::milliseconds(ms_per_run));
                bench::BenchRow row;
                row.algorithm = std::string(bench::name(a));
                row.algo = a;
                row.n = n;
                row.skipped = true;
                row.problem = "stand-in: nothing is timed";
                r.rows.push_back(row);
                ++done;
            }
        return r;
    };
    return s;
}

}  // namespace

TEST(LiveBench, CancellingARunKeepsTheRowsSoFarAndTheControlsComeBack) {
    LiveBench b(stand_in());
    b.form.n = int64_t(1) << 24;  // 15 sizes x 7 algorithms: 2 s uncancelled
    ASSERT_TRUE(b.controls_enabled());
    ASSERT_TRUE(b.start());
    EXPECT_TRUE(b.running());
    EXPECT_FALSE(b.controls_enabled());  // no second run, no form change while it runs
    EXPECT_FALSE(b.start());
    for (int i = 0; i < 500 && b.progress().what.empty(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    EXPECT_FALSE(b.progress().what.empty());
    b.cancel();
    EXPECT_TRUE(b.cancelling());
    b.wait();
    EXPECT_FALSE(b.running());
    EXPECT_FALSE(b.cancelling());
    ASSERT_NE(b.result, nullptr);
    EXPECT_TRUE(b.result->cancelled);
    EXPECT_LT(b.result->rows.size(), 15u * bench::all_algos().size());
    EXPECT_TRUE(b.error.empty()) << b.error;
    EXPECT_TRUE(b.controls_enabled());
    // A new run starts with a fresh cancel flag and runs to the end.
    b.form.n = 2048;
    ASSERT_TRUE(b.start());
    b.wait();
    ASSERT_NE(b.result, nullptr);
    EXPECT_FALSE(b.result->cancelled);
    EXPECT_EQ(b.result->rows.size(), 2u * bench::all_algos().size());
}

TEST(LiveBench, ASessionPollsTheRunAndQuittingCancelsIt) {
    Session s;
    s.bench = LiveBench(stand_in());
    ASSERT_TRUE(s.bench.start());
    EXPECT_TRUE(s.working());
    s.bench.cancel();
    s.wait();
    EXPECT_FALSE(s.working());
    ASSERT_NE(s.bench.result, nullptr);
    EXPECT_TRUE(s.bench.result->cancelled);
}

TEST(LiveBench, WithNoGpuTheControlsAreDisabledAndTheReasonIsShown) {
    LiveBench b(stand_in("no NVIDIA driver is installed on this machine"));
    EXPECT_FALSE(b.available());
    EXPECT_FALSE(b.controls_enabled());
    EXPECT_EQ(b.unavailable_sentence(),
              "No benchmark on this machine: no NVIDIA driver is installed on this machine. Nothing here is timed; the sampled trace "
              "below still runs, on the CPU emulation.");
    EXPECT_FALSE(b.size_limit());  // the GPU is not asked
    EXPECT_TRUE(b.form_problem().empty());
    EXPECT_FALSE(b.start());
    EXPECT_FALSE(b.running());
    EXPECT_EQ(b.result, nullptr);
}

TEST(LiveBench, OnThisMachineTheLibrarysOwnReasonIsShown) {
    const std::string why = bench::bench_unavailable_reason();
    if (why.empty()) GTEST_SKIP() << "this machine has a usable GPU: the benchmark's controls are enabled here";
    LiveBench b;
    EXPECT_FALSE(b.controls_enabled());
    EXPECT_NE(b.unavailable_sentence().find(why), std::string::npos);
    EXPECT_FALSE(b.start());
}

TEST(LiveBench, AnNPastWhatTheGpuHoldsIsRefusedWithItsSentence) {
    LiveBench b(stand_in("", int64_t(1) << 20));
    b.form.n = int64_t(1) << 21;
    EXPECT_EQ(b.form_problem(), "N = 2,097,152 is more than this GPU can benchmark now: the stand-in GPU has room for 1048576");
    EXPECT_FALSE(b.start());
    b.form.n = int64_t(1) << 20;
    EXPECT_EQ(b.form_problem(), "");
    b.form.algos.clear();
    EXPECT_NE(b.form_problem().find("no algorithms to run"), std::string::npos);
}

TEST(LiveBench, ASweepGoesUpToNAndReadsBackAsTheCliCommand) {
    BenchForm f;
    f.n = 4096;
    EXPECT_EQ(bench_config(f).sizes, (std::vector<int64_t>{1024, 2048, 4096}));
    f.n = 5000;
    EXPECT_EQ(bench_config(f).sizes, (std::vector<int64_t>{1024, 2048, 4096, 5000}));
    f.sweep = false;
    EXPECT_EQ(bench_config(f).sizes, (std::vector<int64_t>{5000}));
    f.sweep = true;
    f.n = 500;
    EXPECT_EQ(bench_config(f).sizes, (std::vector<int64_t>{500}));
    f.n = int64_t(1) << 24;
    f.algos = {bench::Algo::copy, bench::Algo::single_pass};
    f.exclusive = true;
    const bench::BenchConfig c = bench_config(f);
    const std::string cmd = bench_command(c);
    EXPECT_EQ(cmd, "scanlab bench --sizes pow2:10..24 --type int32 --op sum --exclusive --algos copy,single-pass --reps 20");
    // The library's own parser reads the sizes back to the same sweep.
    EXPECT_EQ(bench::parse_sizes("pow2:10..24"), c.sizes);
    f.n = 5000;
    EXPECT_EQ(bench::parse_sizes("pow2:10..12,5000"), bench_config(f).sizes);
    EXPECT_NE(bench_command(bench_config(f)).find("--sizes pow2:10..12,5000 "), std::string::npos);
}

TEST(LiveBench, ResultsAreSavedWithTheLibrarysWriters) {
    LiveBench b(stand_in("", int64_t(1) << 28, 0));
    EXPECT_THROW(b.save("/tmp/never.json", true), ScanError);
    b.form.n = 1024;
    ASSERT_TRUE(b.start());
    b.wait();
    const std::string dir = (std::filesystem::temp_directory_path() / ("scanlab_live_" + std::to_string(::getpid()))).string();
    std::filesystem::create_directories(dir);
    EXPECT_NE(b.save(dir + "/r.json", true).find("saved " + std::to_string(bench::all_algos().size()) + " benchmark rows"),
              std::string::npos);
    std::stringstream json, csv;
    json << std::ifstream(dir + "/r.json").rdbuf();
    EXPECT_NE(json.str().find("scanlab bench --sizes pow2:10"), std::string::npos) << json.str();
    b.save(dir + "/r.csv", false);
    csv << std::ifstream(dir + "/r.csv").rdbuf();
    EXPECT_NE(csv.str().find("single-pass"), std::string::npos) << csv.str();
    EXPECT_THROW(b.save(dir + "/no/such/folder/r.json", true), ScanError);
    EXPECT_FALSE(std::filesystem::exists(dir + "/no/such/folder/r.json.part"));
    std::filesystem::remove_all(dir);
}
