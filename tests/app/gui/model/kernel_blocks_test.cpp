// The tiles of a student's kernel (app/gui/model/kernel_blocks.hpp): its blocks in the order the
// runner ran them, one after another, under the block schedule the panel chose, and the sentences
// the Steps view shows over them. The runs compile with clang++ and skip without it.
#include <gtest/gtest.h>

#include "app/gui/model/kernel_blocks.hpp"
#include "app/gui/model/session.hpp"
#include "tests/kernel_fixtures.hpp"

using namespace scanlab;
using namespace scanlab::gui;
using namespace scanlab::kernel_fixtures;

namespace {

#define NEEDS_CLANG() \
    if (const std::string why = kernel_tracing_unavailable(); !why.empty()) GTEST_SKIP() << why

// A kernel trace of one step: `grid` blocks of `section` elements each, under `schedule`.
Trace kernel_trace(int64_t grid, int section, const std::string& schedule) {
    Trace t;
    t.kernel = "k.cu";
    t.n = grid * section;
    t.section = section;
    t.grid = grid;
    t.block_schedule = schedule;
    Step s;
    s.blocks = int(grid);
    t.steps.push_back(s);
    return t;
}

// The panel's kernel, run with the controls' random input of n values.
void run_fixture(Session& s, const std::string& name, int64_t n, const std::string& block_schedule) {
    s.your_kernel.name = name;
    s.form.input.source = InputSpec::Source::random;
    s.form.input.random_n = n;
    s.your_kernel.block_schedule = *parse_block_schedule(block_schedule);
    s.your_kernel.edit(text_of(kFixtures + "/" + name));
    s.your_kernel.run(s);
    s.wait();
    ASSERT_TRUE(s.your_kernel.report.has_value());
    ASSERT_TRUE(s.trace) << s.your_kernel.report->stopped;
}

}  // namespace

TEST(KernelBlocks, ReverseRunsTheLastBlockFirstAndTheSentencesSaySo) {
    const Trace t = kernel_trace(4, 4, "reverse");
    const std::optional<KernelBlocks> b = kernel_blocks(t, 0, {9, 10});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->order, (std::vector<int64_t>{3, 2, 1, 0}));
    ASSERT_EQ(b->tiles.size(), 4u);
    EXPECT_EQ(b->tiles[3].turn, 0);
    EXPECT_EQ(b->tiles[0].turn, 3);
    EXPECT_EQ(b->tiles[2].first, 8);
    EXPECT_EQ(b->tiles[2].wrong, 2);
    EXPECT_EQ(b->tiles[2].first_wrong, 9);
    EXPECT_EQ(blocks_ran_sentence(*b), "Blocks ran one after another, each to its end before the next: 3, 2, 1, 0 (reverse).");
    EXPECT_EQ(turn_sentence(*b, 1), "Turn 2 of 4: block 2 runs; block 3 has ended; blocks 1, 0 wait.");
    EXPECT_EQ(wrong_block_sentence(*b), "Y[9] is wrong (2 of block 2's 4 values): block 2 ran 2nd, after block 3.");
    EXPECT_EQ(block_turn(*b, 3, 1), BlockTurn::ended);
    EXPECT_EQ(block_turn(*b, 2, 1), BlockTurn::running);
    EXPECT_EQ(block_turn(*b, 0, 1), BlockTurn::waiting);
}

TEST(KernelBlocks, OneBlockOrABuiltInTraceHasNoTiles) {
    EXPECT_FALSE(kernel_blocks(kernel_trace(1, 16, "reverse"), 0, {}));
    Trace built_in = kernel_trace(4, 4, "");
    built_in.kernel.clear();
    EXPECT_FALSE(kernel_blocks(built_in, 0, {}));
    // A kernel trace that names no block schedule ran its blocks in order, the runner's default.
    const std::optional<KernelBlocks> b = kernel_blocks(kernel_trace(3, 4, ""), 0, {});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->order, (std::vector<int64_t>{0, 1, 2}));
}

TEST(KernelBlocks, AShortLastSectionAndALaterLaunchsResult) {
    Trace t = kernel_trace(3, 8, "in-order");
    t.n = 20;  // sections of 8, 8 and 4
    t.steps[0].kernel = Kernel::k1;
    const std::optional<KernelBlocks> b = kernel_blocks(t, 0, {19});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->tiles[2].first, 16);
    EXPECT_EQ(b->tiles[2].count, 4);
    EXPECT_FALSE(b->last_launch);
    EXPECT_EQ(b->tiles[2].wrong, 0);  // the result is K3's, not this launch's
    EXPECT_TRUE(b->result_wrong);
    EXPECT_EQ(wrong_block_sentence(*b), "");
}

// The order on screen is the order the runner ran: each block of block_turns.cu writes the ticket
// it drew as it started over its section, so the result holds each block's turn.
TEST(KernelBlocks, AStudentsKernelUnderABlockScheduleGivesTilesInTheOrderItsBlocksRan) {
    NEEDS_CLANG();
    for (const std::string schedule : {"reverse", "random:3", "in-order"}) {
        SCOPED_TRACE(schedule);
        Session s;
        run_fixture(s, "block_turns.cu", 24, schedule);
        const Trace& t = s.trace->trace;
        EXPECT_EQ(t.block_schedule, schedule);
        const std::optional<KernelBlocks> b = kernel_blocks(t, t.steps.size() - 1, s.trace->book.verdict.wrong);
        ASSERT_TRUE(b);
        ASSERT_EQ(b->tiles.size(), 6u);
        const auto& y = std::get<std::vector<int32_t>>(t.result);
        for (const KernelBlockTile& tile : b->tiles) {
            EXPECT_EQ(tile.count, 4);
            EXPECT_EQ(y[size_t(tile.first)], tile.turn) << "block " << tile.block;
            EXPECT_EQ(b->order[size_t(tile.turn)], tile.block);
        }
        // The sentence names the blocks in the order of their tickets.
        std::string named;
        std::vector<int64_t> by_ticket(6);
        for (int64_t block = 0; block < 6; ++block) by_ticket[size_t(y[size_t(block * 4)])] = block;
        for (size_t k = 0; k < 6; ++k) named += (k ? ", " : "") + std::to_string(by_ticket[k]);
        EXPECT_EQ(blocks_ran_sentence(*b),
                  "Blocks ran one after another, each to its end before the next: " + named + " (" + schedule + ").");
    }
}

// A kernel that adds the block before's last value with nothing that waits for it: under reverse,
// the first wrong value is block 1's first, which ran before block 0 had written its sum.
TEST(KernelBlocks, TheWrongValuesBlockIsNamedWithItsTurn) {
    NEEDS_CLANG();
    Session s;
    run_fixture(s, "students/prev_block_sum.cu", 32, "reverse");
    const Trace& t = s.trace->trace;
    ASSERT_FALSE(s.trace->book.verdict.wrong.empty());
    const std::optional<KernelBlocks> b = kernel_blocks(t, t.steps.size() - 1, s.trace->book.verdict.wrong);
    ASSERT_TRUE(b);
    EXPECT_EQ(b->order, (std::vector<int64_t>{3, 2, 1, 0}));
    EXPECT_EQ(s.trace->book.verdict.wrong.front(), 8);
    EXPECT_EQ(wrong_block_sentence(*b).rfind("Y[8] is wrong (", 0), 0u) << wrong_block_sentence(*b);
    EXPECT_NE(wrong_block_sentence(*b).find("block 1 ran 3rd, after blocks 3, 2."), std::string::npos) << wrong_block_sentence(*b);
}

// The book's hierarchical host code under reverse: K1 and K3 each run their blocks last first, and
// only K3's blocks carry the result's verdict.
TEST(KernelBlocks, HostCodesLaunchesEachRunTheirBlocksInTheScheduleOrder) {
    NEEDS_CLANG();
    Session s;
    s.form.request.section = 8;  // 5 sections: K1 and K3 of 5 blocks, K2 of one
    s.your_kernel.like = Algorithm::hierarchical;
    run_fixture(s, "hierarchical_host.cu", 40, "reverse");
    const Trace& t = s.trace->trace;
    bool k1 = false, k3 = false;
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const std::optional<KernelBlocks> b = kernel_blocks(t, k, s.trace->book.verdict.wrong);
        if (t.steps[k].kernel == Kernel::k2) continue;
        ASSERT_TRUE(b) << "step " << k;
        EXPECT_EQ(b->order.front(), int64_t(b->order.size()) - 1);
        EXPECT_EQ(b->last_launch, t.steps[k].kernel == Kernel::k3);
        (t.steps[k].kernel == Kernel::k1 ? k1 : k3) = true;
    }
    EXPECT_TRUE(k1 && k3);
}
