#include "app/gui/model/kernel_blocks.hpp"

#include <algorithm>

#include "core/block_turns.hpp"

namespace scanlab::gui {
namespace {

// "block 3", "blocks 3, 2": at most `most` named.
std::string blocks_named(const std::vector<int64_t>& blocks, size_t most = 12) {
    std::string w = blocks.size() == 1 ? "block " : "blocks ";
    for (size_t k = 0; k < blocks.size() && k < most; ++k) w += (k ? ", " : "") + std::to_string(blocks[k]);
    if (blocks.size() > most) w += " and " + std::to_string(blocks.size() - most) + " more";
    return w;
}

std::vector<int64_t> turns(const KernelBlocks& b, int64_t from, int64_t to) {
    std::vector<int64_t> r;
    for (int64_t i = std::max<int64_t>(from, 0); i < to && i < int64_t(b.order.size()); ++i) r.push_back(b.order[size_t(i)]);
    return r;
}

}  // namespace

std::optional<KernelBlocks> kernel_blocks(const Trace& t, size_t k, const std::vector<int64_t>& wrong) {
    if (t.kernel.empty() || k >= t.steps.size()) return std::nullopt;
    const Step& s = t.steps[k];
    const int64_t grid = s.blocks;
    if (grid <= 1) return std::nullopt;
    // A trace that names no block schedule ran its blocks in order (the runner's default).
    const std::optional<BlockSchedule> schedule = t.block_schedule.empty() ? BlockSchedule{} : parse_block_schedule(t.block_schedule);
    if (!schedule) return std::nullopt;
    KernelBlocks b;
    b.schedule = *schedule;
    b.order = one_after_another(b.schedule, grid);
    b.last_launch = s.kernel == Kernel::single || s.kernel == Kernel::k3;
    b.result_wrong = !wrong.empty();
    // Each block's section: the header's where the launch covers the input with it (the file's
    // SECTION_SIZE), else the input shared out evenly.
    const int64_t n = t.n;
    const int64_t per = t.section > 0 && (grid - 1) * t.section < n && grid * t.section >= n ? t.section : (n + grid - 1) / grid;
    b.tiles.resize(size_t(grid));
    for (int64_t i = 0; i < grid; ++i) {
        KernelBlockTile& tile = b.tiles[size_t(i)];
        tile.block = i;
        tile.first = std::min(n, i * per);
        tile.count = std::min(n, tile.first + per) - tile.first;
    }
    for (size_t turn = 0; turn < b.order.size(); ++turn) b.tiles[size_t(b.order[turn])].turn = int64_t(turn);
    if (b.last_launch && per > 0)
        for (const int64_t e : wrong) {
            if (e < 0 || e >= n) continue;
            KernelBlockTile& tile = b.tiles[size_t(std::min(e / per, grid - 1))];
            if (tile.wrong++ == 0) tile.first_wrong = e;
        }
    return b;
}

BlockTurn block_turn(const KernelBlocks& b, int64_t block, int64_t turn) {
    if (block < 0 || size_t(block) >= b.tiles.size()) return BlockTurn::waiting;
    const int64_t its = b.tiles[size_t(block)].turn;
    return its < turn ? BlockTurn::ended : its == turn ? BlockTurn::running : BlockTurn::waiting;
}

std::string ordinal(int64_t n) {
    const int64_t tens = n % 100, ones = n % 10;
    const char* suffix = tens >= 11 && tens <= 13 ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th";
    return std::to_string(n) + suffix;
}

std::string blocks_ran_sentence(const KernelBlocks& b) {
    return "Blocks ran one after another, each to its end before the next: " +
           one_after_another_words(b.schedule, int64_t(b.order.size())) + ".";
}

std::string turn_sentence(const KernelBlocks& b, int64_t turn) {
    const int64_t grid = int64_t(b.order.size());
    if (grid == 0) return "";
    turn = std::clamp<int64_t>(turn, 0, grid - 1);
    std::string w =
        "Turn " + std::to_string(turn + 1) + " of " + std::to_string(grid) + ": block " + std::to_string(b.order[size_t(turn)]) + " runs";
    if (const auto ended = turns(b, 0, turn); !ended.empty())
        w += "; " + blocks_named(ended) + (ended.size() == 1 ? " has" : " have") + " ended";
    if (const auto waiting = turns(b, turn + 1, grid); !waiting.empty())
        w += "; " + blocks_named(waiting) + (waiting.size() == 1 ? " waits" : " wait");
    return w + ".";
}

std::string wrong_block_sentence(const KernelBlocks& b) {
    if (!b.last_launch) return "";
    const auto first = std::min_element(b.tiles.begin(), b.tiles.end(), [](const KernelBlockTile& x, const KernelBlockTile& y) {
        return (x.first_wrong < 0 ? INT64_MAX : x.first_wrong) < (y.first_wrong < 0 ? INT64_MAX : y.first_wrong);
    });
    if (first == b.tiles.end() || first->first_wrong < 0) return "";
    std::string w = "Y[" + std::to_string(first->first_wrong) + "] is wrong (" + std::to_string(first->wrong) + " of block " +
                    std::to_string(first->block) + "'s " + std::to_string(first->count) + " values): block " +
                    std::to_string(first->block) + " ran " + ordinal(first->turn + 1);
    if (const auto before = turns(b, 0, first->turn); !before.empty())
        w += ", after " + blocks_named(before);
    else
        w += ", first of all";
    return w + ".";
}

}  // namespace scanlab::gui
