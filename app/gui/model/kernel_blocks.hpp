#pragma once
// What the tiles of a student's kernel show (the Steps view of a kernel with more than one block):
// its blocks, each over its section of Y, in the order the runner ran them, one after another,
// each to its end before the next. The order is the trace's own: its block schedule, run as
// one_after_another (core/schedules.hpp) runs it. Pure functions of a Trace.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/block_turns.hpp"
#include "core/trace.hpp"

namespace scanlab::gui {

struct KernelBlockTile {
    int64_t block = 0;
    int64_t first = 0, count = 0;  // its section of Y
    int64_t turn = 0;  // when it ran: 0 first
    int64_t wrong = 0;  // values of the result in its section that are not the scan (the last launch only)
    int64_t first_wrong = -1;  // the first of them
};
struct KernelBlocks {
    BlockSchedule schedule;
    std::vector<int64_t> order;  // the blocks in the order they ran
    std::vector<KernelBlockTile> tiles;  // by blockIdx
    bool last_launch = true;  // the result is what this launch left (host code's K3, or the only launch)
    bool result_wrong = false;  // some value of the result is not the scan (whichever launch left it)
};
// The blocks of step k's launch; none for a built-in algorithm's trace, a launch of one block, or a
// trace whose block schedule names no order a kernel runs in. `wrong`: the result's wrong elements
// (Verdict::wrong), ascending.
std::optional<KernelBlocks> kernel_blocks(const Trace& t, size_t k, const std::vector<int64_t>& wrong);

// Where a block stands while the block of turn `turn` runs.
enum class BlockTurn : uint8_t { ended, running, waiting };
BlockTurn block_turn(const KernelBlocks& b, int64_t block, int64_t turn);

// "3rd"
std::string ordinal(int64_t n);
// "Blocks ran one after another, each to its end before the next: 3, 2, 1, 0 (reverse)."
std::string blocks_ran_sentence(const KernelBlocks& b);
// "Turn 2 of 4: block 2 runs; block 3 has ended; blocks 1, 0 wait."
std::string turn_sentence(const KernelBlocks& b, int64_t turn);
// "Y[8] is wrong (2 of block 1's 8 values): block 1 ran 3rd, after blocks 3, 2." Empty where
// every value is right or the result is a later launch's.
std::string wrong_block_sentence(const KernelBlocks& b);

}  // namespace scanlab::gui
