#include "core/lesson/explain_events.hpp"

#include <algorithm>

#include "core/lesson/step_text.hpp"
#include "core/number_text.hpp"

namespace scanlab {

// What a single-pass scan's event did, from its event and the snapshot after it (domino: PMPP
// 4th ed. §11.7; the look-back's events read the same snapshot).
std::vector<std::string> event_lines(const Trace& t, const Step& s) {
    std::vector<std::string> lines;
    if (!s.event) return lines;
    const Event& e = *s.event;
    const EventSnapshot& b = s.snapshot;
    const std::string tile = std::to_string(e.tile), block = "Block " + std::to_string(e.block);
    const int64_t lo = int64_t(e.tile) * t.section, hi = std::min<int64_t>(t.n, lo + t.section) - 1;
    auto value = [&](const ValueArray& v, int64_t i) { return b.empty() ? std::string("…") : value_at(v, i); };
    const bool lookback = t.algorithm == Algorithm::decoupled_lookback;
    switch (e.kind) {
        case EventKind::start:
            lines.push_back(
                block + " starts on an SM" + (t.resident_blocks > 0 ? " (one of " + std::to_string(t.resident_blocks) + " slots)" : "") +
                (t.static_index ? " and takes tile " + tile + " from its blockIdx: it will scan section " + tile +
                                      " whatever order the blocks start in."
                 : e.tile == 0
                     ? " and thread 0 draws tile 0 from the block counter (atomicAdd): the first draw. Tile 0 has no predecessor" +
                           std::string(lookback ? ": it will publish its prefix as soon as it has scanned."
                                                : ": flags[0] and scan_value[0] are set before the launch.")
                     : " and thread 0 draws tile " + tile + " from the block counter (atomicAdd): " +
                           (e.tile == 1 ? std::string("tile 0 was drawn before it")
                                        : "tiles 0–" + std::to_string(e.tile - 1) + " were drawn before it") +
                           ", so the block holding tile " + std::to_string(e.tile - 1) +
                           " has already started: whatever this block waits for is on its way."));
            break;
        case EventKind::scanned:
            lines.push_back(block + " loaded section " + tile + " (elements " + std::to_string(lo) + "–" + std::to_string(hi) +
                            ") into XY and scanned it in shared memory with " + std::string(name(t.block_algorithm)) +
                            "; its local total is XY[" + std::to_string(t.section - 1) + "] = " + value(b.aggregate, e.tile) + ".");
            if (lookback) {
                lines.push_back(e.tile == 0 ? std::string("Tile 0 has no predecessor: its local total is already its inclusive prefix.")
                                            : "Next it publishes that total as its aggregate, so later tiles can use it before this tile "
                                              "knows its own prefix.");
                break;
            }
            lines.push_back("Thread 0 now waits for flags[" + tile + "], which says scan_value[" + tile +
                            "] holds the total of every section before " + tile +
                            (e.tile == 0 ? " (flags[0] is set before the launch: tile 0 waits for nobody)." : "."));
            break;
        case EventKind::passed:
            lines.push_back("Thread 0 of block " + std::to_string(e.block) + " found flags[" + tile + "] set" +
                            (e.polls > 0 ? " after " + counted(e.polls, "failed poll", "failed polls") : " at its first look") +
                            ", read previous = scan_value[" + tile + "] = " + value(b.exclusive, e.tile) + " and wrote scan_value[" +
                            std::to_string(e.tile + 1) +
                            "] = " + combine_text(t.op, value(b.exclusive, e.tile), value(b.aggregate, e.tile)) + " = " +
                            value(b.prefix, e.tile + 1) + ".");
            lines.push_back("__threadfence() makes that value visible before flags[" + std::to_string(e.tile + 1) +
                            "] is set: the block of tile " + std::to_string(e.tile + 1) +
                            " may go on. The rest of the block waited at a barrier for previous.");
            break;
        case EventKind::done:
            if (lookback) {
                lines.push_back(e.tile == 0
                                    ? "Block " + std::to_string(e.block) + " writes its scanned section to Y[" + std::to_string(lo) + "–" +
                                          std::to_string(hi) + "] as it is: tile 0 has nothing before it."
                                    : "Every thread of block " + std::to_string(e.block) + " " +
                                          applies_text(t.op, false, "the exclusive prefix " + value(b.exclusive, e.tile)) +
                                          " its element of XY and writes Y[" + std::to_string(lo) + "–" + std::to_string(hi) +
                                          "]: section " + tile + " is final.");
                break;
            }
            lines.push_back("Every thread of block " + std::to_string(e.block) + " " +
                            applies_text(t.op, false, "previous = " + value(b.exclusive, e.tile)) + " its element of XY and writes Y[" +
                            std::to_string(lo) + "–" + std::to_string(hi) + "]: section " + tile + " is final" +
                            (b.empty() ? std::string(".")
                             : std::find(b.state.begin(), b.state.end(), BlockState::not_started) != b.state.end()
                                 ? ", and the block gives its SM slot to the next block to start."
                                 : "; every block has started, so its SM slot stays free."));
            break;
        case EventKind::deadlock: lines.push_back(t.deadlock.empty() ? "The blocks cannot go on." : as_sentence(t.deadlock)); break;
        case EventKind::publish_aggregate:
            lines.push_back("Thread 0 stores aggregate[" + tile + "] = " + value(b.aggregate, e.tile) +
                            ", fences (__threadfence) and sets status[" + tile +
                            "] = A: a later tile may now step past this one with its total, before this tile knows its prefix.");
            lines.push_back("Warp 0 starts its look-back at tile " + std::to_string(e.tile - 1) + ", reading up to " +
                            counted(t.lookback_window, "status word", "status words") + " at once, lane l the word of tile " +
                            std::to_string(e.tile - 1) + " − l.");
            break;
        case EventKind::look_back: {
            const std::string window = e.window_first == e.window_last
                                           ? "status[" + std::to_string(e.window_last) + "]"
                                           : "status[" + std::to_string(e.window_first) + "–" + std::to_string(e.window_last) + "]";
            lines.push_back("Warp 0 of block " + std::to_string(e.block) + " read " + window +
                            (e.polls > 0 ? " after " + counted(e.polls, "failed poll", "failed polls") +
                                               " (a word was still X, so it read them all again)"
                                         : " and found no X") +
                            ".");
            if (e.found >= 0)
                lines.push_back("The nearest P is tile " + std::to_string(e.found) + ": it combines " +
                                (e.found == e.window_last ? "tile " + std::to_string(e.found)
                                                          : "tiles " + std::to_string(e.window_last) + " down to " +
                                                                std::to_string(e.found) + ", nearest first,") +
                                " and stops. Its exclusive prefix is " + value(b.exclusive, e.tile) + ".");
            else
                lines.push_back(std::string(e.window_first == e.window_last ? "The word is an A: it combines it"
                                                                            : "Every word is an A: it combines the whole window") +
                                " (so far " + value(b.exclusive, e.tile) + ") and moves the window back to end at tile " +
                                std::to_string(e.window_first - 1) + ".");
            break;
        }
        case EventKind::publish_prefix:
            lines.push_back(e.tile == 0 ? "Thread 0 stores inclusive[0] = " + value(b.prefix, 0) +
                                              ", fences and sets status[0] = P: every look-back that reaches tile 0 stops there."
                                        : "Thread 0 stores inclusive[" + tile +
                                              "] = " + combine_text(t.op, value(b.exclusive, e.tile), value(b.aggregate, e.tile)) + " = " +
                                              value(b.prefix, e.tile) + ", fences and sets status[" + tile +
                                              "] = P: a later look-back that reaches tile " + tile + " stops here.");
            break;
    }
    if (!b.empty()) {
        std::string line;
        for (size_t i = 0; i < b.state.size(); ++i)
            if (b.waits_on[i] >= 0 && line.size() < 400)
                line += (line.empty() ? "" : ", ") + std::string("block ") + std::to_string(i) + " (tile " + std::to_string(b.tile[i]) +
                        ") for " + (lookback ? "status[" : "flags[") + std::to_string(b.waits_on[i]) + "]";
        if (!line.empty()) lines.push_back("Waiting: " + line + ".");
    }
    return lines;
}

}  // namespace scanlab
