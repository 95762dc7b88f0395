// The three-phase scan (PMPP 4th ed. §11.5, thread coarsening): its phases on the book's Figure
// 9.10 input, its additions against T·(C − 1) + phase 2 on T + (T − 1)·(C − 1) for every C and
// phase 2 scan, its step labels and explanations, its refusals, and its trace file.
#include <gtest/gtest.h>

#include <array>
#include <sstream>

#include "core/algorithms/table.hpp"
#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/lesson/explain.hpp"
#include "core/lesson/listings.hpp"
#include "core/lesson/verdict.hpp"
#include "core/lesson/work_counts.hpp"
#include "core/trace_io/trace_json.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {


ScanRequest three_phase(int c, Algorithm phase2 = Algorithm::kogge_stone, int section = 0, Detail detail = Detail::full) {
    ScanRequest r = request(Algorithm::three_phase, section, detail);
    r.coarsening = c;
    r.block_algorithm = phase2;
    return r;
}

std::string refusal(const ScanRequest& r, const ValueArray& input) {
    try {
        resolve(r, input);
    } catch (const ScanError& e) {
        return e.what();
    }
    return "";
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The listing's barriers per block: the __syncthreads() outside its loops once each, those in a
// loop (indented a level deeper) once per trip: phase 2's stride loop runs log2 T times (Kogge-Stone),
// its reduction loop log2 T times and its distribution loop log2 T − 1 times (Brent-Kung).
int64_t listing_barriers(Algorithm phase2, int64_t t) {
    const Listing* l = find_listing(phase2 == Algorithm::brent_kung ? "three-phase-brent-kung" : "three-phase-kogge-stone");
    EXPECT_NE(l, nullptr);
    if (!l) return -1;
    int log2t = 0;
    while ((int64_t(1) << log2t) < t) ++log2t;
    int64_t count = 0, loops = 0;
    for (const std::string& line : shown_lines(*l, false)) {
        if (line.find("for (unsigned int stride") != std::string::npos) ++loops;
        if (line.find("__syncthreads();") == std::string::npos) continue;
        if (line.rfind("    __syncthreads();", 0) == 0)
            ++count;  // outside the loops
        else if (line.rfind("        __syncthreads();", 0) == 0)
            count += loops == 2 ? log2t - (t > 1) : log2t;  // in loop `loops`
        else
            ADD_FAILURE() << "a barrier at an unexpected depth: " << line;
    }
    return count;
}

int64_t traced_barriers(const Trace& t) {
    int64_t sum = 0;
    for (const Step& s : t.steps) sum += s.counts.barriers;
    return sum;
}

// Additions per phase of a three-phase trace: {phase 1, phase 2, phase 3}.
std::array<int64_t, 3> per_phase(const Trace& t) {
    std::array<int64_t, 3> a{};
    for (const Step& s : t.steps) {
        if (s.phase == Phase::load) continue;
        a[s.phase == Phase::thread_scan ? 0 : s.phase == Phase::add_predecessor ? 2 : 1] += s.counts.additions;
    }
    return a;
}

}  // namespace

// With C = 4 on Figure 9.10's 16 elements, the four threads' subsections are the book's four
// sections: phase 1 leaves their totals 7 7 6 11 where S had them, phase 2 scans those to
// 7 14 20 31, and phase 3 finishes the scan.
TEST(ThreePhase, Fig910SubsectionTotalsAre_7_7_6_11_ScannedTo_7_14_20_31_ThenTheScan) {
    const Trace t = run_text(three_phase(4), kFig910);
    ASSERT_EQ(t.threads_per_block, 4);
    const Step* last_phase1 = find_last_step(t, "phase 1");
    ASSERT_NE(last_phase1, nullptr);
    EXPECT_EQ(as(last_phase1->values), ints("2 3 6 7  0 4 5 7  0 3 4 6  5 8 9 11"));
    const Step* last_phase2 = find_last_step(t, "phase 2");
    ASSERT_NE(last_phase2, nullptr);
    const std::vector<int32_t> v = as(last_phase2->values);
    EXPECT_EQ((std::vector<int32_t>{v[3], v[7], v[11], v[15]}), (std::vector<int32_t>{7, 14, 20, 31}));
    EXPECT_EQ(as(t.result), ints("2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31"));
}

// The trace passes the listing's barriers: 7 per block on Figure 9.10 at C = 4 with Kogge-Stone in
// phase 2 (after the load, two per stride, after phase 2, after phase 3), 6 with Brent-Kung (one
// per level); none inside phases 1 and 3, since no thread there reads what another writes.
TEST(ThreePhase, BarriersAreTheListings_7PerBlockOnFig910WithKoggeStone_6WithBrentKung) {
    const Trace ks = run_text(three_phase(4), kFig910);
    EXPECT_EQ(traced_barriers(ks), 7);
    EXPECT_EQ(ks.counts.barriers, 7);
    EXPECT_EQ(listing_barriers(Algorithm::kogge_stone, 4), 7);
    std::vector<int64_t> per_step;
    for (const Step& s : ks.steps) per_step.push_back(s.counts.barriers);
    EXPECT_EQ(per_step, (std::vector<int64_t>{1, 0, 0, 1, 2, 2, 0, 0, 1}));
    const Trace bk = run_text(three_phase(4, Algorithm::brent_kung), kFig910);
    EXPECT_EQ(traced_barriers(bk), 6);
    EXPECT_EQ(listing_barriers(Algorithm::brent_kung, 4), 6);
    for (const Step& s : bk.steps)
        if (s.phase == Phase::thread_scan || s.phase == Phase::add_predecessor)
            EXPECT_LE(s.counts.barriers, 1) << step_label(s);  // only the last of a phase ends in one
}

// Both phase 2 scans, C from 1 (the phase 2 scan alone) to 64, sections from one subsection (T =
// 1) to many, full and partial: each block passes the listing's barriers.
TEST(ThreePhase, BarriersPerBlockAreTheListingsForEveryCAndSectionAndN) {
    for (Algorithm p2 : block_algorithms_for(Algorithm::three_phase))
        for (int c = 1; c <= 64; c *= 4)
            for (int section : {2, 4, 64, 1024}) {
                if (section < c) continue;
                for (int64_t n : {int64_t(section), int64_t(section) / 2 + 1}) {
                    const Trace t = emulate(three_phase(c, p2, section, Detail::counts), random_values(n, 7, ElementType::int32));
                    EXPECT_EQ(t.counts.barriers, listing_barriers(p2, section / c))
                        << name(p2) << " C=" << c << " section " << section << " N=" << n;
                }
            }
}

TEST(ThreePhase, StepsAreLabelledByPhaseWithTheElementOfC) {
    const Trace t = run_text(three_phase(4), kFig910);
    std::vector<std::string> labels;
    for (const Step& s : t.steps) labels.push_back(step_label(s));
    EXPECT_EQ(labels, (std::vector<std::string>{
                          "load", "phase 1 · element 2 of 4", "phase 1 · element 3 of 4", "phase 1 · element 4 of 4", "phase 2 · stride 1",
                          "phase 2 · stride 2", "phase 3 · add predecessor's total · element 1 of 4",
                          "phase 3 · add predecessor's total · element 2 of 4", "phase 3 · add predecessor's total · element 3 of 4"}));
    const Trace bk = run_text(three_phase(2, Algorithm::brent_kung), kFig910);
    EXPECT_NE(find_step(bk, "phase 2 · reduction level 1"), nullptr);
    EXPECT_NE(find_step(bk, "phase 2 · distribution level 1"), nullptr);
}

// Phase 1: T·(C − 1); phase 2: the block scan's own count on T elements; phase 3: (T − 1)·(C − 1)
// (a thread's last element is complete after phase 2), for every C and both phase 2 scans.
TEST(ThreePhase, AdditionsAreTTimesCMinus1PlusPhase2OnTPlusTMinus1TimesCMinus1) {
    for (Algorithm p2 : block_algorithms_for(Algorithm::three_phase)) {
        for (int c = 1; c <= 64; c *= 2) {
            for (int section = std::max(2, c); section <= section_capacity(algorithm_info(Algorithm::three_phase), c, 4); section *= 2) {
                const int64_t t = section / c;
                const Trace tr = emulate(three_phase(c, p2, section), random_values(section, 3, ElementType::int32));
                const auto [p1, p2count, p3] = per_phase(tr);
                EXPECT_EQ(p1, t * (c - 1)) << name(p2) << " C=" << c << " section " << section;
                EXPECT_EQ(p2count, algorithm_info(p2).formula.additions(t)) << name(p2) << " C=" << c << " section " << section;
                EXPECT_EQ(p3, (t - 1) * (c - 1)) << name(p2) << " C=" << c << " section " << section;
                const std::optional<Formula> f = formula_for(tr);
                ASSERT_TRUE(f.has_value());
                EXPECT_EQ(f->value, tr.counts.additions) << name(p2) << " C=" << c << " section " << section;
            }
        }
    }
}

TEST(ThreePhase, CoarseningOneIsThePhase2ScanAloneAndWorkDropsAsCGrows) {
    const ValueArray x = random_values(1024, 5, ElementType::int32);
    const Trace c1 = emulate(three_phase(1), x), ks = emulate(request(Algorithm::kogge_stone), x);
    EXPECT_EQ(c1.counts.additions, ks.counts.additions);
    EXPECT_EQ(as(c1.result), as(ks.result));
    // 1024 elements: C = 4 takes 256 threads and 3·256 + (256·8 − 255) + 3·255 additions.
    EXPECT_EQ(emulate(three_phase(4), x).counts.additions, 3 * 256 + (256 * 8 - 255) + 3 * 255);
    EXPECT_LT(emulate(three_phase(16), x).counts.additions, emulate(three_phase(4), x).counts.additions);
}

TEST(ThreePhase, TheLoadIsCoalescedThreadTBringsTThenTPlusT) {
    const Trace t = run_text(three_phase(4), kFig910);
    const Step& load = t.steps.front();
    ASSERT_EQ(load.accesses.size(), 16u);
    // Ordered by thread: thread 0 brings 0, 4, 8, 12; thread 1 brings 1, 5, 9, 13.
    EXPECT_EQ(load.accesses[0].dst, 0);
    EXPECT_EQ(load.accesses[1].dst, 4);
    EXPECT_EQ(load.accesses[4].thread, 1);
    EXPECT_EQ(load.accesses[4].dst, 1);
}

TEST(ThreePhase, TheExplanationSaysWhatEachPhaseDoes) {
    const Trace t = run_text(three_phase(4), kFig910);
    const FinalSteps finals = final_steps(t, judge(t));
    auto text = [&](size_t k) {
        std::string s;
        for (const std::string& line : explain_step(t, finals, k, std::nullopt).lines) s += line + "\n";
        return s;
    };
    EXPECT_TRUE(has(text(0), "a coalesced load")) << text(0);
    EXPECT_TRUE(has(text(1), "Phase 1, j = 1")) << text(1);
    EXPECT_TRUE(has(text(1), "every thread t adds XY[t·C + j − 1] into XY[t·C + j]")) << text(1);
    EXPECT_TRUE(has(text(4), "Phase 2, stride 1")) << text(4);
    EXPECT_TRUE(has(text(6), "predecessor's total")) << text(6);
    EXPECT_TRUE(has(text(6), "thread 0's subsection comes first")) << text(6);
}

TEST(ThreePhase, WorkCountsNameTheThreePhases) {
    const Trace t = run_text(three_phase(4), kFig910);
    std::vector<std::string> phases;
    for (const PhaseCount& p : phase_counts(t)) phases.push_back(p.phase);
    ASSERT_EQ(phases.size(), 3u);
    EXPECT_TRUE(has(phases[0], "phase 1"));
    EXPECT_TRUE(has(phases[1], "phase 2"));
    EXPECT_TRUE(has(phases[2], "phase 3"));
}

TEST(ThreePhase, DefaultsAreCOf4AndTheSectionFromN) {
    const ResolvedRequest r = resolve(request(Algorithm::three_phase), random_values(1000, 1, ElementType::int32));
    EXPECT_EQ(r.request.coarsening, 4);
    EXPECT_EQ(r.section, 1024);
    EXPECT_EQ(r.threads_per_block, 256);
    EXPECT_EQ(r.request.block_algorithm, Algorithm::kogge_stone);
    // Another algorithm keeps no C, whatever the request carried.
    ScanRequest ks = request(Algorithm::kogge_stone);
    ks.coarsening = 8;
    EXPECT_EQ(resolve(ks, random_values(10, 1, ElementType::int32)).request.coarsening, 0);
}

TEST(ThreePhase, RefusesACThatIsNotAPowerOfTwoASectionBelowCAndASectionPastItsLimits) {
    const ValueArray small = random_values(16, 1, ElementType::int32);
    EXPECT_TRUE(has(refusal(three_phase(3), small), "--coarsening 3 is not a power of two")) << refusal(three_phase(3), small);
    EXPECT_TRUE(has(refusal(three_phase(-2), small), "not a power of two"));
    EXPECT_TRUE(has(refusal(three_phase(8, Algorithm::kogge_stone, 4), small), "--section 4 is smaller than --coarsening 8"));
    // 1024 threads × C: C = 1 takes at most 1024 elements.
    const std::string threads = refusal(three_phase(1, Algorithm::kogge_stone, 2048), random_values(2048, 1, ElementType::int32));
    EXPECT_TRUE(has(threads, "1024 threads per block × C = 1")) << threads;
    // Shared memory: 8192 int32 values fit in 32 KiB, 8192 doubles do not.
    ScanRequest d = three_phase(16, Algorithm::kogge_stone, 8192);
    EXPECT_EQ(refusal(d, random_values(8192, 1, ElementType::int32)), "");
    d.type = ElementType::float64;
    const std::string memory = refusal(d, random_values(8192, 1, ElementType::float64));
    EXPECT_TRUE(has(memory, "KiB of shared memory")) << memory;
    const std::string too_long = refusal(three_phase(4), random_values(5000, 1, ElementType::int32));
    EXPECT_TRUE(has(too_long, "at most 4096 elements with --coarsening 4")) << too_long;
    EXPECT_TRUE(has(refusal(three_phase(16384), small), "more than one block's section can hold")) << refusal(three_phase(16384), small);
}

TEST(ThreePhase, Phase2TakesOnlyKoggeStoneOrBrentKung) {
    const std::string r = refusal(three_phase(4, Algorithm::sklansky), random_values(16, 1, ElementType::int32));
    EXPECT_TRUE(has(r, "--block-algo must be kogge-stone or brent-kung")) << r;
}

TEST(ThreePhase, IsABlockAlgorithmOfHierarchicalWithItsCoarsening) {
    ScanRequest r = request(Algorithm::hierarchical, 0, Detail::full);
    r.block_algorithm = Algorithm::three_phase;
    r.coarsening = 2;
    const ValueArray x = random_values(100, 4, ElementType::int32);
    const Trace t = emulate(r, x);
    EXPECT_EQ(t.coarsening, 2);
    EXPECT_EQ(t.section, 128);
    EXPECT_EQ(t.threads_per_block, 64);
    EXPECT_NE(find_step(t, "phase 1 · element 2 of 2"), nullptr);
    EXPECT_EQ(as(t.result), as(emulate(request(Algorithm::sequential), x).result));
    EXPECT_EQ(listing_name(t.algorithm, t.block_algorithm), "hierarchical-three-phase");
}

TEST(ThreePhase, ATraceFileKeepsItsCoarseningAndLabels) {
    const Trace t = run_text(three_phase(2, Algorithm::brent_kung), kFig910);
    std::stringstream file;
    write_trace_json(file, t);
    EXPECT_TRUE(has(file.str(), "\"coarsening\": 2")) << file.str().substr(0, 400);
    const Trace back = read_trace_json(file, "the test's trace");
    EXPECT_EQ(back.coarsening, 2);
    EXPECT_EQ(back.block_algorithm, Algorithm::brent_kung);
    ASSERT_EQ(back.steps.size(), t.steps.size());
    for (size_t k = 0; k < t.steps.size(); ++k) EXPECT_EQ(step_label(back.steps[k]), step_label(t.steps[k]));
}

TEST(ThreePhase, AHierarchicalTraceOverThreePhaseBlocksReadsBackAsWritten) {
    ScanRequest r = request(Algorithm::hierarchical, 8);
    r.block_algorithm = Algorithm::three_phase;
    r.coarsening = 2;
    r.exclusive = true;
    const Trace t = emulate(r, random_values(100, 8, ElementType::int32));
    std::stringstream file;
    write_trace_json(file, t);
    const Trace back = read_trace_json(file, "the test's trace");
    EXPECT_EQ(back.coarsening, 2);
    ASSERT_EQ(back.steps.size(), t.steps.size());
    for (size_t k = 0; k < t.steps.size(); ++k) {
        EXPECT_EQ(back.steps[k].coarsening, t.steps[k].coarsening) << k;
        EXPECT_EQ(step_label(back.steps[k]), step_label(t.steps[k])) << k;
    }
    EXPECT_EQ(as(back.result), as(t.result));
}

TEST(ThreePhase, ATraceFileWithAnotherCoarseningIsRefused) {
    const Trace t = run_text(three_phase(2), kFig910);
    std::stringstream file;
    write_trace_json(file, t);
    std::string text = file.str();
    const size_t at = text.find("\"coarsening\": 2");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 15, "\"coarsening\": 4");
    std::stringstream edited(text);
    try {
        read_trace_json(edited, "the edited trace");
        FAIL() << "an edited coarsening was read";
    } catch (const ScanError& e) {
        EXPECT_TRUE(has(e.what(), "threads")) << e.what();  // C = 4 runs 4 threads on 16 elements, not 8
    }
}
