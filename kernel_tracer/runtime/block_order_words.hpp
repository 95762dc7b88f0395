#pragma once
// `--block-schedule in-order|reverse|random:SEED` for a student's kernel: the order its blocks run in,
// one after another. Among the built-in runs' words it belongs to the single-pass scans, so the CLI,
// the tracer and the runner each take it out of a kernel run's words before reading the rest.
#include <optional>
#include <string>
#include <vector>

#include "core/input/run_words.hpp"
#include "core/schedules.hpp"

namespace scanlab::kernel_tracer {

// Removes `--block-schedule WORDS` from `words` and returns the order; none where it is not there.
// Throws UsageError for words that name no block schedule.
inline std::optional<BlockSchedule> take_block_schedule(std::vector<std::string>& words) {
    std::optional<BlockSchedule> taken;
    for (size_t i = 0; i < words.size(); ++i) {
        if (words[i] != "--block-schedule") continue;
        if (i + 1 >= words.size()) throw UsageError("--block-schedule needs a value");
        taken = parse_block_schedule(words[i + 1]);
        if (!taken)
            throw UsageError("unknown block schedule '" + words[i + 1] +
                             "' after --block-schedule; choose in-order, reverse or random:SEED");
        words.erase(words.begin() + std::ptrdiff_t(i), words.begin() + std::ptrdiff_t(i) + 2);
        --i;
    }
    return taken;
}

}  // namespace scanlab::kernel_tracer
