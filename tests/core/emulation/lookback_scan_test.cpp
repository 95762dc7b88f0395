// The decoupled look-back scan in the emulation: the scan itself under every block schedule and
// window, its counts against their formulas (exact where the schedule cannot change them, bounds
// where it can), its events, and the replay of a recorded order of events.
#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <sstream>
#include <tuple>

#include "core/algorithms/lookback_window.hpp"
#include "core/dispatch.hpp"
#include "core/emulation/event_scan.hpp"
#include "core/error.hpp"
#include "core/lesson/lookback_counts.hpp"
#include "core/operators.hpp"
#include "core/trace_io/trace_check.hpp"
#include "core/trace_io/trace_json.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

const std::vector<int64_t> kLookbackSizes{1, 2, 3, 31, 32, 33, 1023, 1024, 1025, 2047, 2048, 2049, 65537, 300007};
const std::vector<std::string> kSchedules{"in-order", "reverse", "random:7"};

ScanRequest lookback(const std::string& schedule, int window = kDefaultLookbackWindow, int section = 0, Detail d = Detail::full) {
    ScanRequest r = request(Algorithm::decoupled_lookback, section, d);
    r.block_schedule = *parse_block_schedule(schedule);
    r.lookback_window = window;
    return r;
}

int64_t events_of(const Trace& t, EventKind k) {
    int64_t c = 0;
    for (const Step& s : t.steps) c += s.event && s.event->kind == k;
    return c;
}

template <class T, template <class> class OpT>
void check_lookback_all_sizes(OpKind op, bool exclusive) {
    for (const std::string& schedule : kSchedules) {
        for (int window : {1, 32}) {
            for (int64_t n : kLookbackSizes) {
                const std::vector<T> x = random_input<T>(n, uint64_t(n) * 7919 + 17);
                ScanRequest r = lookback(schedule, window, 0, n > 4096 ? Detail::counts : Detail::full);
                r.op = op;
                r.type = element_type_of<T>();
                r.exclusive = exclusive;
                const Trace t = emulate(r, ValueArray(x));
                ASSERT_EQ(as<T>(t.result), (std_scan<T, OpT>(x, exclusive))) << schedule << " W=" << window << " N=" << n;
                ASSERT_TRUE(t.deadlock.empty()) << t.deadlock;
            }
        }
    }
}

using LookbackCombo = OpTypeDirection;
class LookbackMatchesStd : public ::testing::TestWithParam<LookbackCombo> {};

}  // namespace

TEST_P(LookbackMatchesStd, AtEveryAwkwardSizeUnderEveryBlockScheduleWithAWarpWindowAndAChain) {
    const auto& [op, type, exclusive] = GetParam();
    // Captured by name: clang 14 (the sanitizer pass, the web build) cannot capture a structured binding.
    with_type_and_op(type, op, [op = op, exclusive = exclusive]<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) {
        check_lookback_all_sizes<T, Op>(op, exclusive);
    });
}

INSTANTIATE_TEST_SUITE_P(AllCombinations, LookbackMatchesStd,
                         ::testing::Combine(::testing::Values(OpKind::sum, OpKind::max, OpKind::min),
                                            ::testing::Values(ElementType::int32, ElementType::int64, ElementType::float32,
                                                              ElementType::float64),
                                            ::testing::Bool()),
                         op_type_direction_name);

// Local scans (tiles · Kogge-Stone's N·log2 N − (N − 1)), inclusive prefixes (tiles − 1) and the
// final adds (N − section) are the same under every schedule; the look-back's combines come on
// top, at least one per tile after the first and at most every predecessor of every tile.
TEST(LookbackCounts, AdditionsAreTheScheduleFreePartPlusTheLookBacksCombines) {
    for (const std::string& schedule : {"in-order", "reverse", "random:1", "random:2", "random:3"}) {
        for (int window : {1, 2, 32}) {
            for (int64_t n : {1, 33, 1025, 4096, 20000}) {
                for (int resident : {1, 4, 64}) {
                    ScanRequest r = lookback(schedule, window, 256);
                    r.resident_blocks = resident;
                    const Trace t = emulate(r, ValueArray(random_input<int32_t>(n, 3)));
                    const LookbackCounts c = lookback_counts(t);
                    const int64_t tiles = (n + 255) / 256;
                    const std::string where =
                        schedule + " W=" + std::to_string(window) + " N=" + std::to_string(n) + " K=" + std::to_string(resident);
                    EXPECT_EQ(t.counts.additions, lookback_schedule_free_additions(n, 256) + c.combines) << where;
                    EXPECT_GE(c.combines, tiles - 1) << where;
                    EXPECT_LE(c.combines, tiles * (tiles - 1) / 2) << where;
                    EXPECT_EQ(t.counts.polls, c.total_polls) << where;
                    for (int64_t k = 1; k < tiles; ++k) {
                        EXPECT_GE(c.depth[size_t(k)], 1) << where << " tile " << k;
                        EXPECT_LE(c.depth[size_t(k)], k) << where << " tile " << k;
                    }
                }
            }
        }
    }
}

TEST(LookbackCounts, WithOneResidentBlockEveryTileMeetsItsPredecessorsInclusivePrefixAtOnce) {
    for (int window : {1, 5, 32}) {
        ScanRequest r = lookback("in-order", window, 64);
        r.resident_blocks = 1;
        const Trace t = emulate(r, ValueArray(random_input<int32_t>(64 * 40, 9)));
        const LookbackCounts c = lookback_counts(t);
        int64_t reads = 0;
        for (int64_t b = 1; b < 40; ++b) {
            EXPECT_EQ(c.depth[size_t(b)], 1);
            reads += std::min<int64_t>(window, b);  // the whole first window is read, all of it P
        }
        EXPECT_EQ(c.total_polls, 0);
        EXPECT_EQ(c.status_reads, reads) << "W=" << window;
        EXPECT_EQ(c.combines, 39);
    }
}

// The other end: every tile resident and the blocks taking turns in order, so every tile publishes
// its aggregate before any looks back and only tile 0 has a prefix. With a window as wide as the
// grid each tile combines all its predecessors in one window: G(G − 1)/2 combines, no polls.
TEST(LookbackCounts, WithEveryTileResidentInLockStepEachTileCombinesAllItsPredecessors) {
    ScanRequest r = lookback("in-order", 32, 64);
    r.resident_blocks = 20;
    const Trace t = emulate(r, ValueArray(random_input<int32_t>(64 * 20, 5)));
    const LookbackCounts c = lookback_counts(t);
    for (int64_t b = 0; b < 20; ++b) {
        EXPECT_EQ(c.depth[size_t(b)], b);
        EXPECT_EQ(c.windows[size_t(b)], b > 0 ? 1 : 0);
    }
    EXPECT_EQ(c.combines, 20 * 19 / 2);
    EXPECT_EQ(c.total_polls, 0);
}

TEST(LookbackCounts, EveryTileStartsScansPublishesAndFinishesOnceAndTileZeroPublishesNoAggregate) {
    const Trace t = emulate(lookback("random:5", 32, 32), ValueArray(random_input<int32_t>(1000, 1)));
    const int64_t tiles = 32;  // ceil(1000 / 32)
    EXPECT_EQ(events_of(t, EventKind::start), tiles);
    EXPECT_EQ(events_of(t, EventKind::scanned), tiles);
    EXPECT_EQ(events_of(t, EventKind::publish_aggregate), tiles - 1);
    EXPECT_EQ(events_of(t, EventKind::publish_prefix), tiles);
    EXPECT_EQ(events_of(t, EventKind::done), tiles);
}

TEST(LookbackCounts, AWindowOfOneCombinesOneTileAtEveryLookBackEvent) {
    const Trace t = emulate(lookback("random:11", 1, 16), ValueArray(random_input<int32_t>(16 * 30, 4)));
    for (const Step& s : t.steps)
        if (s.event && s.event->kind == EventKind::look_back) {
            EXPECT_EQ(s.event->window_first, s.event->window_last);
            EXPECT_EQ(s.counts.additions, 1);
        }
}

// Blocks that run side by side look deeper than one tile, and a random schedule makes some of
// them poll: the counts the schedule decides do change with it.
TEST(LookbackCounts, ResidentBlocksLookDeeperAndARandomScheduleMakesThemPoll) {
    const ValueArray x(random_input<int32_t>(64 * 50, 2));
    ScanRequest one = lookback("random:3", 32, 64);
    one.resident_blocks = 1;
    ScanRequest many = lookback("random:3", 32, 64);
    many.resident_blocks = 16;
    const LookbackCounts c1 = lookback_counts(emulate(one, x)), c16 = lookback_counts(emulate(many, x));
    EXPECT_EQ(c1.max_depth, 1);
    EXPECT_GT(c16.max_depth, 1);
    EXPECT_GT(c16.total_polls, 0);
}

TEST(LookbackEvents, EveryLookBackWindowEndsAtTheNearestPredecessorNotYetCombined) {
    const Trace t = emulate(lookback("random:8", 4, 8), ValueArray(random_input<int32_t>(8 * 40, 6)));
    std::vector<int64_t> nearest(40);
    for (int64_t k = 0; k < 40; ++k) nearest[size_t(k)] = k - 1;
    for (const Step& s : t.steps) {
        if (!s.event || s.event->kind != EventKind::look_back) continue;
        const Event& e = *s.event;
        EXPECT_EQ(e.window_last, nearest[size_t(e.tile)]);
        EXPECT_EQ(e.window_first, std::max<int64_t>(0, e.window_last - 3));
        nearest[size_t(e.tile)] = e.window_first - 1;
        if (e.found >= 0) EXPECT_EQ(s.snapshot.status[size_t(e.found)], TileStatus::prefix);
    }
}

TEST(LookbackReplay, ReplayingTheEmulationsOwnOrderGivesTheSameTrace) {
    const ValueArray x(random_input<float>(2000, 12));
    ScanRequest r = lookback("random:4", 8, 64);
    r.type = ElementType::float32;
    r.resident_blocks = 12;
    const Trace t = emulate(r, x);
    ScanRequest again = r;
    again.block_schedule = replay_of(t);
    const Trace replayed = emulate(again, x);
    ASSERT_EQ(replayed.steps.size(), t.steps.size());
    for (size_t i = 0; i < t.steps.size(); ++i) {
        EXPECT_EQ(replayed.steps[i].event, t.steps[i].event) << i;
        EXPECT_EQ(replayed.steps[i].values, t.steps[i].values) << i;
        EXPECT_EQ(replayed.steps[i].counts, t.steps[i].counts) << i;
    }
    EXPECT_EQ(replayed.result, t.result);
}

// On a GPU a window can read a word as A just after its tile published P (the flag store not yet
// visible); the look-back event then says the device met no inclusive prefix there, and the
// replay must combine the aggregates the device combined.
namespace {

RecordedEvent ev(int32_t block, EventKind k, int32_t tile) { return RecordedEvent{.block = block, .kind = k, .tile = tile}; }

// A replayed look-back over three tiles of two elements: every block started, scanned its tile
// and published (tile 0 its prefix, tiles 1 and 2 their aggregates), then `rest`.
ScanRequest three_tiles_replayed(std::vector<RecordedEvent> rest) {
    ScanRequest r = lookback("in-order", 32, 2);
    BlockSchedule s;
    s.kind = BlockSchedule::Kind::replay;
    s.order = {ev(0, EventKind::start, 0),
               ev(1, EventKind::start, 1),
               ev(2, EventKind::start, 2),
               ev(0, EventKind::scanned, 0),
               ev(1, EventKind::scanned, 1),
               ev(2, EventKind::scanned, 2),
               ev(0, EventKind::publish_prefix, 0),
               ev(1, EventKind::publish_aggregate, 1),
               ev(2, EventKind::publish_aggregate, 2)};
    s.order.insert(s.order.end(), rest.begin(), rest.end());
    r.block_schedule = s;
    return r;
}

}  // namespace

TEST(LookbackReplay, AWindowThatReadAnAggregateWhereThePrefixWasAlreadyPublishedIsReplayedAsTheDeviceSawIt) {
    const std::vector<int32_t> x{1, 2, 3, 4, 5, 6};  // three tiles of two elements
    const ScanRequest r = three_tiles_replayed(
        {RecordedEvent{.block = 1, .kind = EventKind::look_back, .tile = 1, .window_first = 0, .window_last = 0, .found = 0},
         ev(1, EventKind::publish_prefix, 1),
         // tile 2 read tile 1 as A although its P had a smaller number: it combines 1 and 0
         RecordedEvent{.block = 2, .kind = EventKind::look_back, .tile = 2, .window_first = 0, .window_last = 1, .found = 0},
         ev(2, EventKind::publish_prefix, 2), ev(0, EventKind::done, 0), ev(1, EventKind::done, 1), ev(2, EventKind::done, 2)});
    const Trace t = emulate(r, ValueArray(x));
    EXPECT_EQ(as(t.result), (std::vector<int32_t>{1, 3, 6, 10, 15, 21}));
    EXPECT_EQ(lookback_counts(t).depth, (std::vector<int64_t>{0, 1, 2}));
}

TEST(LookbackReplay, ARecordThatStopsAtATileWithNoInclusivePrefixIsRefusedWithASentence) {
    const ScanRequest r = three_tiles_replayed(
        {RecordedEvent{.block = 2, .kind = EventKind::look_back, .tile = 2, .window_first = 0, .window_last = 1, .found = 1}});
    try {
        emulate(r, ValueArray(std::vector<int32_t>{1, 2, 3, 4, 5, 6}));
        FAIL() << "an impossible record was replayed";
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("stop its look-back at tile 1, which holds no inclusive prefix"), std::string::npos)
            << e.what();
    }
}

// A trace file keeps the window and, for every look-back, where it met an inclusive prefix; loading
// it replays its events (a device's order included) and finds it consistent.
TEST(LookbackTraceFile, TheWindowAndEveryLookBacksFoundTileSurviveAWriteAndARead) {
    ScanRequest r = lookback("random:6", 4, 16);
    r.resident_blocks = 9;
    r.type = ElementType::float64;
    Trace t = emulate(r, ValueArray(random_input<double>(16 * 25, 8)));
    for (const bool as_device : {false, true}) {
        if (as_device) {
            // As the GPU backend makes its trace: the emulation replaying a recorded order.
            ScanRequest again = r;
            again.block_schedule = replay_of(t);
            t = emulate(again, t.input);
            t.block_schedule = "hardware";
        }
        std::stringstream file;
        write_trace_json(file, t);
        const Trace back = read_trace_json(file, "a test");
        EXPECT_EQ(back.lookback_window, 4);
        ASSERT_EQ(back.steps.size(), t.steps.size());
        for (size_t i = 0; i < t.steps.size(); ++i) EXPECT_EQ(back.steps[i].event, t.steps[i].event) << i;
        EXPECT_EQ(first_inconsistency(back), "") << (as_device ? "hardware" : "random:6");
    }
}

// A block of fewer threads than its window has words reads them with every thread, several words
// each: a look-back never counts more active threads than the block has, and its trace file opens.
TEST(LookbackCounts, ASmallBlocksLookBackCountsNoMoreActiveThreadsThanTheBlockHas) {
    ScanRequest q = lookback("random:3", kDefaultLookbackWindow, 2);
    q.resident_blocks = 64;
    const Trace t = emulate(q, random_values(128, 1, ElementType::int32));
    for (const Step& s : t.steps) {
        EXPECT_LE(s.counts.active_threads, s.threads_per_block) << step_label(s);
        EXPECT_GE(s.counts.idle_threads, 0) << step_label(s);
    }
    std::stringstream ss;
    write_trace_json(ss, t);
    EXPECT_EQ(load_refusal(ss.str()), "");
}
