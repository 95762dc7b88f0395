#include "kernel_tracer/host/kernel_words.hpp"

#include <algorithm>
#include <optional>

#include "core/schedules.hpp"

namespace scanlab::kernel_tracer {
namespace {

// Removes `--block-schedule WORDS` from `words` and returns the order; none where it is not there.
// Taken out first because the run's parser refuses it for an algorithm that is not a single pass.
std::optional<BlockSchedule> take_block_schedule(std::vector<std::string>& words) {
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

}  // namespace

KernelRunWords parse_kernel_words(std::vector<std::string> words, const OwnWord& own) {
    KernelRunWords k;
    const BlockSchedule blocks = take_block_schedule(words).value_or(BlockSchedule{});
    k.type_given = std::find(words.begin(), words.end(), "--type") != words.end();
    k.spec = parse_run_words(words, own);
    k.spec.request.block_schedule = blocks;
    return k;
}

}  // namespace scanlab::kernel_tracer
