// The domino scan (PMPP 4th ed. §11.7) as events under a block schedule: the scan is right under
// every schedule, the drawn index never deadlocks, the static index can, and the emulation says so
// instead of hanging; a recorded order of events replays to the same trace.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "core/emulation/event_scan.hpp"
#include "core/error.hpp"
#include "core/input/run_spec.hpp"
#include "core/lesson/explain.hpp"
#include "core/lesson/verdict.hpp"
#include "core/trace_io/trace_json.hpp"
#include "core/trace_io/trace_table.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

ScanRequest domino(const std::string& schedule = "in-order", int section = 4, Detail detail = Detail::full) {
    ScanRequest q = request(Algorithm::domino, section, detail);
    q.block_schedule = *parse_block_schedule(schedule);
    return q;
}

Trace domino_round_trip(const Trace& t) {
    std::stringstream ss;
    write_trace_json(ss, t);
    return read_trace_json(ss, "test");
}

void expect_same_events(const Trace& a, const Trace& b) {
    ASSERT_EQ(a.steps.size(), b.steps.size());
    for (size_t i = 0; i < a.steps.size(); ++i) {
        const Step &x = a.steps[i], &y = b.steps[i];
        EXPECT_EQ(x.event, y.event) << i;
        EXPECT_EQ(x.counts, y.counts) << i;
        EXPECT_TRUE(bitwise_equal(x.values, y.values)) << i;
        EXPECT_EQ(x.snapshot.state, y.snapshot.state) << i;
        EXPECT_EQ(x.snapshot.tile, y.snapshot.tile) << i;
        EXPECT_EQ(x.snapshot.polls, y.snapshot.polls) << i;
        EXPECT_EQ(x.snapshot.waits_on, y.snapshot.waits_on) << i;
        EXPECT_EQ(x.snapshot.status, y.snapshot.status) << i;
        EXPECT_TRUE(bitwise_equal(x.snapshot.aggregate, y.snapshot.aggregate)) << i;
        EXPECT_TRUE(bitwise_equal(x.snapshot.prefix, y.snapshot.prefix)) << i;
        EXPECT_TRUE(bitwise_equal(x.snapshot.exclusive, y.snapshot.exclusive)) << i;
    }
    EXPECT_TRUE(bitwise_equal(a.result, b.result));
    EXPECT_EQ(a.counts, b.counts);
    EXPECT_EQ(a.deadlock, b.deadlock);
}

}  // namespace

TEST(Domino, Fig910InFourBlocksScansTo_2_3_6_7_7_11_12_14_14_17_18_20_25_28_29_31) {
    const Trace t = run_text(domino(), kFig910);
    EXPECT_EQ(as(t.result), ints("2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31"));
    EXPECT_EQ(t.grid, 4);
    EXPECT_EQ(t.steps.size(), 16u);  // start, scanned, passed, done for each of the 4 blocks
    EXPECT_TRUE(t.deadlock.empty());
    // The block sums of Figure 9.10 travel from tile to tile: scan_value = 0 7 14 20 31.
    EXPECT_EQ(as(t.steps.back().snapshot.prefix), ints("0 7 14 20 31"));
    for (BlockState s : t.steps.back().snapshot.state) EXPECT_EQ(s, BlockState::done);
}

TEST(Domino, EverySizeOperatorTypeDirectionAndBlockScheduleGivesTheScan) {
    const std::vector<int64_t> sizes{1, 2, 3, 31, 32, 33, 1023, 1024, 1025, 2047, 2048, 2049, 65537, 300007};
    for (int64_t n : sizes)
        for (const char* schedule : {"in-order", "reverse", "random:7"})
            for (ElementType type : {ElementType::int32, ElementType::int64, ElementType::float32, ElementType::float64})
                for (OpKind op : {OpKind::sum, OpKind::max, OpKind::min})
                    for (bool exclusive : {false, true}) {
                        // Full detail where a trace is small; counts only for the large inputs.
                        const bool full = n <= 2049 && type == ElementType::int32;
                        if (n > 2049 && (op != OpKind::sum || std::string(schedule) == "reverse")) continue;
                        ScanRequest q = domino(schedule, n > 64 ? 0 : 4, full ? Detail::full : Detail::counts);
                        q.type = type;
                        q.op = op;
                        q.exclusive = exclusive;
                        const Trace t = emulate(q, random_values(n, uint64_t(n), type));
                        const Verdict v = judge(t);
                        EXPECT_TRUE(v.correct()) << n << " " << schedule << " " << name(type) << " " << name(op)
                                                 << (exclusive ? " exclusive" : "") << ": " << v.headline();
                        EXPECT_EQ(t.counts.steps, 4 * t.grid) << n;
                    }
}

TEST(Domino, TheDrawnIndexNeverDeadlocksUnderAnyScheduleOrNumberOfResidentBlocks) {
    for (const char* schedule : {"in-order", "reverse", "random:1", "random:2", "random:99"})
        for (int resident : {1, 2, 3, 4, 64}) {
            ScanRequest q = domino(schedule, 2);
            q.resident_blocks = resident;
            const Trace t = run_text(q, kFig910);
            EXPECT_TRUE(t.deadlock.empty()) << schedule << " " << resident << ": " << t.deadlock;
            EXPECT_TRUE(judge(t).correct()) << schedule << " " << resident;
        }
}

TEST(Domino, TheStaticIndexUnderReverseStartsDeadlocksAndTheLastStepSaysWhoWaitsOnWhom) {
    ScanRequest q = domino("reverse");
    q.static_index = true;
    q.resident_blocks = 2;
    const Trace t = run_text(q, kFig910);
    ASSERT_FALSE(t.deadlock.empty());
    EXPECT_NE(t.deadlock.find("deadlock"), std::string::npos) << t.deadlock;
    // flags[3] waits on block 2, which is resident and waits itself; flags[2] on block 1, which never started.
    EXPECT_NE(
        t.deadlock.find("block 3 for flags[3], which block 2 sets; block 2 for flags[2], which block 1 sets, but block 1 never started"),
        std::string::npos)
        << t.deadlock;
    EXPECT_NE(t.deadlock.find("All 2 SM slots are held by waiting blocks, so blocks 0 and 1 cannot start"), std::string::npos)
        << t.deadlock;
    const Step& last = t.steps.back();
    ASSERT_TRUE(last.event);
    EXPECT_EQ(last.event->kind, EventKind::deadlock);
    // Blocks 3 and 2 hold both slots, each waiting for the flag its predecessor would set.
    EXPECT_EQ(last.snapshot.state,
              (std::vector<BlockState>{BlockState::not_started, BlockState::not_started, BlockState::waiting, BlockState::waiting}));
    EXPECT_EQ(last.snapshot.waits_on, (std::vector<int32_t>{-1, -1, 2, 3}));
    const Verdict v = judge(t);
    EXPECT_TRUE(v.deadlocked());
    EXPECT_EQ(v.headline().rfind("DEADLOCK", 0), 0u) << v.headline();
}

// What the app's static-index help says: under a random start, whether the blocks deadlock
// depends on the seed (8 blocks, 4 of them resident).
TEST(Domino, TheStaticIndexUnderARandomStartDeadlocksForSomeSeedsAndCompletesForOthers) {
    auto run = [](const std::string& schedule) {
        ScanRequest q = domino(schedule);
        q.static_index = true;
        q.resident_blocks = 4;
        return emulate(q, random_values(32, 1, ElementType::int32));
    };
    EXPECT_TRUE(run("random:1").deadlock.empty());
    EXPECT_TRUE(judge(run("random:1")).correct());
    EXPECT_FALSE(run("random:2").deadlock.empty());
    EXPECT_FALSE(run("reverse").deadlock.empty());
}

TEST(Domino, TheStaticIndexInOrderWithEveryBlockResidentDoesNotDeadlock) {
    for (int resident : {1, 4}) {
        ScanRequest q = domino("in-order");
        q.static_index = true;
        q.resident_blocks = resident;
        const Trace t = run_text(q, kFig910);
        EXPECT_TRUE(t.deadlock.empty()) << resident;
        EXPECT_TRUE(judge(t).correct()) << resident;
    }
}

TEST(Domino, ARandomScheduleMakesSomeBlockWaitAndCountsItsPolls) {
    int64_t polls = 0;
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        const Trace t = emulate(domino("random:" + std::to_string(seed), 32), random_values(1024, seed, ElementType::int32));
        int64_t from_steps = 0, from_blocks = 0;
        for (const Step& s : t.steps) from_steps += s.counts.polls;
        for (int64_t p : t.steps.back().snapshot.polls) from_blocks += p;
        EXPECT_EQ(t.counts.polls, from_steps);
        EXPECT_EQ(t.counts.polls, from_blocks);
        polls += t.counts.polls;
    }
    EXPECT_GT(polls, 0);
}

TEST(Domino, AdditionsAreTheLocalScansPlusOnePerBlockPlusOnePerElement) {
    // Kogge-Stone over a section of s: s·log2 s − (s − 1); then one carry per block and one per element.
    const Trace t = emulate(domino("random:3", 8), random_values(37, 5, ElementType::int32));
    const int64_t grid = 5, local = 8 * 3 - 7;
    EXPECT_EQ(t.counts.additions, grid * local + grid + 37);
    int64_t scanned = 0;
    for (const Step& s : t.steps)
        if (s.event->kind == EventKind::scanned) scanned += s.counts.additions;
    EXPECT_EQ(scanned, grid * local);
}

TEST(Domino, ReplayingARunsOwnOrderOfEventsGivesTheSameTrace) {
    for (const char* schedule : {"in-order", "reverse", "random:7", "random:12"}) {
        ScanRequest q = domino(schedule, 8);
        q.type = ElementType::float32;
        const ValueArray x = random_values(100, 3, ElementType::float32);
        const Trace t = emulate(q, x);
        ScanRequest r = q;
        r.block_schedule = replay_of(t);
        expect_same_events(t, emulate(r, x));
    }
}

TEST(Domino, AReplayThatPassesBeforeItsFlagIsSetIsRefusedWithASentence) {
    const Trace t = run_text(domino(), kFig910);
    ScanRequest r = domino();
    r.block_schedule = replay_of(t);
    // Move block 1's "passed" ahead of block 0's.
    auto& o = r.block_schedule.order;
    auto first_pass = std::find_if(o.begin(), o.end(), [](const RecordedEvent& e) { return e.kind == EventKind::passed; });
    auto second_pass = std::find_if(first_pass + 1, o.end(), [](const RecordedEvent& e) { return e.kind == EventKind::passed; });
    std::iter_swap(first_pass, second_pass);
    try {
        emulate(r, parse_values(kFig910, ElementType::int32));
        FAIL() << "an impossible order replayed";
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("before flags[1] is set"), std::string::npos) << e.what();
    }
}

TEST(Domino, TracesReadBackIdenticallyAndATamperedEventIsRefused) {
    ScanRequest dead = domino("reverse");
    dead.static_index = true;
    dead.resident_blocks = 2;
    for (const ScanRequest& q : {domino("random:5"), dead}) {
        const Trace t = run_text(q, kFig910);
        const Trace back = domino_round_trip(t);
        expect_same_events(t, back);
        EXPECT_EQ(back.block_schedule, t.block_schedule);
        EXPECT_EQ(back.static_index, t.static_index);
        EXPECT_EQ(back.resident_blocks, t.resident_blocks);
    }
    Trace t = run_text(domino("random:5"), kFig910);
    t.steps[5].event->polls += 1;
    std::stringstream ss;
    write_trace_json(ss, t);
    EXPECT_THROW(read_trace_json(ss, "tampered.json"), ScanError);
}

TEST(Domino, TheTableShowsTheScheduleEachBlocksStateAndThePolls) {
    std::ostringstream out;
    write_trace_table(out, run_text(domino("reverse"), kFig910), 64);
    const std::string s = out.str();
    EXPECT_NE(s.find("block schedule reverse, 4 resident block(s), dynamic index"), std::string::npos) << s;
    EXPECT_NE(s.find("block 3 · tile 0 · start"), std::string::npos) << s;
    EXPECT_NE(s.find("blocks DDDD  flags PPPPP"), std::string::npos) << s;
    EXPECT_NE(s.find("failed polls"), std::string::npos) << s;
}

TEST(Domino, OptionsOfTheBlockScheduleAreRefusedWhereTheyDoNotApply) {
    ScanRequest q = request(Algorithm::kogge_stone);
    q.block_schedule = *parse_block_schedule("reverse");
    EXPECT_THROW(run_text(q, kFig910), ScanError);
    ScanRequest s = request(Algorithm::hierarchical, 4);
    s.static_index = true;
    EXPECT_THROW(run_text(s, kFig910), ScanError);
    ScanRequest r = domino();
    r.resident_blocks = 0;
    EXPECT_THROW(run_text(r, kFig910), ScanError);
}

TEST(Domino, InOrderAndReverseTurnsNeverMakeABlockWait) {
    // Round-robin turns reach each block only after the one before it in launch order moved, and
    // the drawn tiles follow launch order.
    for (const char* schedule : {"in-order", "reverse"})
        for (int resident : {1, 2, 3, 4, 7}) {
            ScanRequest q = domino(schedule, 8, Detail::counts);
            q.resident_blocks = resident;
            EXPECT_EQ(emulate(q, random_values(1000, 1, ElementType::int32)).counts.polls, 0) << schedule << " " << resident;
        }
}

TEST(Domino, TheExplanationSaysWhatEachEventDidWithItsValues) {
    const Trace t = run_text(domino(), kFig910);
    const FinalSteps finals = final_steps(t, judge(t));
    auto text = [&](size_t k) {
        std::string s;
        for (const std::string& line : explain_step(t, finals, k).lines) s += line + "\n";
        return s;
    };
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const std::string s = text(k);
        switch (t.steps[k].event->kind) {
            case EventKind::start: EXPECT_NE(s.find("draws tile"), std::string::npos) << s; break;
            case EventKind::scanned: EXPECT_NE(s.find("its local total is XY[3] ="), std::string::npos) << s; break;
            case EventKind::passed: EXPECT_NE(s.find("found flags["), std::string::npos) << s; break;
            case EventKind::done: EXPECT_NE(s.find("is final"), std::string::npos) << s; break;
            default: break;
        }
    }
    // Tile 1's block read previous = 7 (Figure 9.10's first section) and passed 7 + 7 = 14.
    for (size_t k = 0; k < t.steps.size(); ++k)
        if (t.steps[k].event->kind == EventKind::passed && t.steps[k].event->tile == 1)
            EXPECT_NE(text(k).find("previous = scan_value[1] = 7 and wrote scan_value[2] = 7 + 7 = 14"), std::string::npos) << text(k);
}

TEST(Domino, ElementsAreFinalOnlyOnceTheirBlockHasWrittenYEvenWhereTheLocalScanAlreadyHoldsTheirValues) {
    const Trace t = run_text(domino("random:3"), kFig910);
    const FinalSteps finals = final_steps(t, judge(t));
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const Event& e = *t.steps[k].event;
        const std::vector<int64_t> fresh = explain_step(t, finals, k).newly_final;
        if (e.kind != EventKind::done) {
            EXPECT_TRUE(fresh.empty()) << "step " << k << " " << name(e.kind);
            continue;
        }
        ASSERT_EQ(fresh.size(), 4u) << "step " << k;
        EXPECT_EQ(fresh.front(), 4 * e.tile) << "step " << k;
    }
}

TEST(Domino, ABlockWaitsInTheSnapshotOnlyWhileItsFlagIsNotSet) {
    for (const char* schedule : {"in-order", "reverse", "random:3", "random:8"}) {
        const Trace t = run_text(domino(schedule), kFig910);
        for (const Step& s : t.steps)
            for (size_t b = 0; b < s.snapshot.waits_on.size(); ++b) {
                const int32_t flag = s.snapshot.waits_on[b];
                if (flag < 0) continue;
                EXPECT_EQ(s.snapshot.state[b], BlockState::waiting) << schedule << " block " << b;
                EXPECT_EQ(s.snapshot.status[size_t(flag)], TileStatus::invalid) << schedule << " block " << b << " waits on a set flag";
            }
    }
}

TEST(Domino, TheFirstDrawSaysTileZeroHasNoPredecessorAndALaterOneThatItsPredecessorHasStarted) {
    const Trace t = run_text(domino("reverse"), kFig910);
    const FinalSteps finals = final_steps(t, judge(t));
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const Event& e = *t.steps[k].event;
        if (e.kind != EventKind::start) continue;
        std::string s;
        for (const std::string& line : explain_step(t, finals, k).lines) s += line + "\n";
        EXPECT_EQ(s.find("tile -1"), std::string::npos) << s;
        if (e.tile == 0)
            EXPECT_NE(s.find("Tile 0 has no predecessor"), std::string::npos) << s;
        else
            EXPECT_NE(s.find("so the block holding tile " + std::to_string(e.tile - 1) + " has already started"), std::string::npos) << s;
    }
}

TEST(Domino, AGpuTraceFileLoadsAndIsCheckedByReplayingItsOwnOrderOfEvents) {
    // What the GPU backend writes: the emulation's replay of the device's order, named "hardware".
    Trace t = run_text(domino("random:9"), kFig910);
    t.backend = "gpu";
    t.schedule = t.block_schedule = "hardware";
    t.resident_blocks = 0;
    const Trace back = domino_round_trip(t);
    EXPECT_EQ(back.block_schedule, "hardware");
    expect_same_events(t, back);
    // Events out of the order of their numbers are refused on load.
    std::swap(t.steps[8], t.steps[9]);
    std::stringstream ss;
    write_trace_json(ss, t);
    EXPECT_THROW(read_trace_json(ss, "gpu.json"), ScanError);
}

// The views ask an algorithm's row what they can show (the tiles view, the per-tile counts, the
// Figure 9.10 panel) rather than compare ids: every single-pass scan says how its blocks pass
// prefixes on, no other scan does, and only the hierarchical scan's Figure 9.10 run is the figure.
TEST(AlgorithmTable, EverySinglePassScanSaysHowItsBlocksPassPrefixesOnAndNoOtherScanDoes) {
    for (const AlgorithmInfo& row : algorithm_table()) {
        EXPECT_EQ(row.event_scheduled(), row.handoff != Handoff::none) << row.name;
        EXPECT_EQ(row.figure_9_10, row.id == Algorithm::hierarchical) << row.name;
    }
    EXPECT_EQ(algorithm_info(Algorithm::domino).handoff, Handoff::flag_chain);
    EXPECT_EQ(algorithm_info(Algorithm::decoupled_lookback).handoff, Handoff::status_words);
}

TEST(Domino, ARunOfManyResidentBlocksOnALongChainIsRefusedNamingItsCost) {
    ScanRequest q = domino("random:3", 2, Detail::counts);
    q.resident_blocks = 65536;
    const ValueArray x = random_values(262144, 1, ElementType::int32);
    try {
        emulate(q, x);
        ADD_FAILURE() << "ran";
    } catch (const ScanError& e) {
        const std::string said = e.what();
        EXPECT_NE(said.find("131,072 tiles with 65,536 resident blocks could take up to 8,590,721,024 block turns"), std::string::npos)
            << said;
        EXPECT_NE(said.find("fewer resident blocks (--resident-blocks)"), std::string::npos) << said;
    }
}

TEST(Domino, ARequestOf2To28RandomValuesIsRefusedFromItsCountBeforeAnyValueIsMade) {
    RunSpec spec;
    spec.request = domino("random:3", 2, Detail::counts);
    spec.request.resident_blocks = 65536;
    spec.input.source = InputSpec::Source::random;
    spec.input.random_n = kMaxElements;  // 2^28 values would be a gigabyte before the refusal
    try {
        prepare(spec, Voice::cli, true);
        ADD_FAILURE() << "prepared";
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("134,217,728 tiles with 65,536 resident blocks could take up to"), std::string::npos)
            << e.what();
    }
    // A GPU replays its own order of events: the request is not the emulation's to refuse.
    spec.input.random_n = 4096;
    EXPECT_EQ(size_of(prepare(spec, Voice::cli, false).input), 4096u);
}

TEST(Domino, AFilesCheckDoesNoMoreWorkThanItsSizeJustifies) {
    // A counts-only file holds little beyond its input and result; with 4,096 resident blocks
    // claimed in its header, repeating its run would take 16.8 million block turns.
    ScanRequest q = domino("random:3", 2, Detail::counts);
    const ValueArray x = random_values(8192, 1, ElementType::int32);
    std::stringstream ss;
    write_trace_json(ss, emulate(q, x));
    const std::string text = std::regex_replace(ss.str(), std::regex("\"resident_blocks\": *4\\b"), "\"resident_blocks\": 4096");
    ASSERT_NE(text, ss.str());
    const std::string refusal = load_refusal(text);
    EXPECT_NE(
        refusal.find("checking it would repeat a run of up to 16,801,792 block turns (4,096 tiles x 4,096 resident blocks), far more work"),
        std::string::npos)
        << refusal;
    EXPECT_EQ(load_refusal(ss.str()), "");  // as written, it is checked in full
}
