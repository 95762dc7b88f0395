#include "request.hpp"

#include <algorithm>
#include <charconv>

#include "algorithms/table.hpp"
#include "error.hpp"
#include "hd.hpp"
#include "overflow.hpp"
#include "wording.hpp"

namespace scanlab {

std::string Schedule::text() const {
    switch (kind) {
        case Kind::in_order: return "in-order";
        case Kind::reverse: return "reverse";
        case Kind::random: return "random:" + std::to_string(seed);
    }
    return "";
}

std::optional<Schedule> parse_schedule(std::string_view s) {
    if (s == "in-order") return Schedule{Schedule::Kind::in_order, 1};
    if (s == "reverse") return Schedule{Schedule::Kind::reverse, 1};
    if (s == "random") return Schedule{Schedule::Kind::random, 1};
    if (s.starts_with("random:")) {
        uint64_t seed = 0;
        auto digits = s.substr(7);
        auto r = std::from_chars(digits.data(), digits.data() + digits.size(), seed);
        if (r.ec != std::errc() || r.ptr != digits.data() + digits.size() || digits.empty()) return std::nullopt;
        return Schedule{Schedule::Kind::random, seed};
    }
    return std::nullopt;
}

namespace {

int64_t next_pow2(int64_t n) {
    int64_t p = 2;
    while (p < n) p *= 2;
    return p;
}

std::string str(std::string_view s) { return std::string(s); }

// "1024 threads per block, one element each": why a block takes at most its capacity.
std::string capacity_reason(const AlgorithmInfo& block) {
    return std::to_string(kMaxThreadsPerBlock) + " threads per block, " +
           (block.elements_per_thread == 1 ? std::string("one element each") : std::to_string(block.elements_per_thread) + " elements each");
}

// The block algorithms of a multi-kernel scan that take a section this large, for a refusal.
std::string block_algorithms_taking(int section, Voice v) {
    std::string s;
    for (Algorithm b : multi_kernel_block_algorithms())
        if (algorithm_info(b).capacity() >= section) s += (s.empty() ? "" : " or ") + setting(v, Control::block_algorithm, str(name(b)));
    return s;
}

// `suggest_block_algorithms`: the run takes a block algorithm, so a larger one can be suggested.
int check_section(int section, const AlgorithmInfo& block, std::string_view who, bool suggest_block_algorithms, Voice v) {
    const int capacity = block.capacity();
    const std::string said = subject(v, Control::section, std::to_string(section));
    if (!is_pow2(section) || section < 2)
        throw ScanError(said + " is not a power of two of at least 2 (" + str(who) +
                        " gives each thread of a block one position of a power-of-two tree)");
    if (section > capacity) {
        const std::string others = suggest_block_algorithms ? block_algorithms_taking(section, v) : "";
        throw ScanError(said + " is larger than " + str(who) + " can take in one block (at most " + std::to_string(capacity) + ": " +
                        capacity_reason(block) + ")" + (others.empty() ? "" : "; " + others + " takes " + std::to_string(section)));
    }
    return section;
}

}  // namespace

ResolvedRequest resolve(const ScanRequest& req, const ValueArray& input, Voice v) {
    ResolvedRequest r;
    r.request = req;
    r.n = static_cast<int64_t>(size_of(input));
    if (r.n > kMaxElements)
        throw ScanError("N = " + std::to_string(r.n) + " is more than Scan Lab runs (at most " + std::to_string(kMaxElements) + " = 2^28)");
    if (element_type_of_values(input) != req.type)
        throw ScanError("internal: the input was parsed as " + str(name(element_type_of_values(input))) + " but the request says " + str(name(req.type)));
    if (req.warp_width < 1 || req.warp_width > 32 || !is_pow2(req.warp_width))
        throw ScanError(subject(v, Control::warp_width, std::to_string(req.warp_width)) + " must be a power of two from 1 to 32");

    const Algorithm a = req.algorithm;
    const AlgorithmInfo& info = algorithm_info(a);
    if (info.reach == Reach::one_thread) {
        r.section = 0;
        r.threads_per_block = 1;
        r.grid = 1;
        r.request.block_algorithm = a;
    } else if (info.reach == Reach::one_section) {
        const int capacity = info.capacity();
        if (r.n > capacity)
            throw ScanError(str(name(a)) + " scans a single section of at most " + std::to_string(capacity) + " elements and N = " +
                            std::to_string(r.n) + "; use " + setting(v, Control::algorithm, "hierarchical") + " (with " +
                            multi_kernel_block_names() + " as its block algorithm) for any length");
        r.section = req.section ? check_section(req.section, info, name(a), false, v) : int(next_pow2(r.n));
        if (r.section < r.n)
            throw ScanError(subject(v, Control::section, std::to_string(r.section)) + " is smaller than N = " + std::to_string(r.n) + ", but " +
                            str(name(a)) + " scans a single section; leave the section automatic, or use " +
                            setting(v, Control::algorithm, "hierarchical"));
        r.request.block_algorithm = a;
    } else {
        const Algorithm block = info.takes_block_algorithm ? req.block_algorithm : info.fixed_block;
        const AlgorithmInfo& block_info = algorithm_info(block);
        if (!block_info.multi_kernel_block)
            throw ScanError(control_name(v, Control::block_algorithm) + " must be " + multi_kernel_block_names() +
                            " (the block scans a multi-kernel scan runs per section), not " + str(name(block)));
        r.section = req.section ? check_section(req.section, block_info, info.takes_block_algorithm ? block_info.name : info.title,
                                                info.takes_block_algorithm, v)
                                : int(std::min<int64_t>(block_info.capacity(), next_pow2(r.n)));
        r.request.block_algorithm = block;
    }
    if (r.section) {
        r.threads_per_block = r.section / algorithm_info(r.request.block_algorithm).elements_per_thread;
        r.grid = (r.n + r.section - 1) / r.section;
    }
    r.request.section = r.section;

    if (!req.sample.all()) {
        if (!info.takes_sample_block)
            throw ScanError(control_name(v, Control::sample_block) + " is for the multi-block scans (hierarchical, slides); " + str(name(a)) +
                            " runs one block and its trace keeps it whole");
        if (req.sample.first_block < 0 || req.sample.blocks < 1)
            throw ScanError(control_name(v, Control::sample_block) + " takes a block number B >= 0, or B:COUNT with COUNT >= 1");
        if (req.sample.first_block >= r.grid)
            throw ScanError("there is no block " + std::to_string(req.sample.first_block) + ": N = " + std::to_string(r.n) +
                            " in sections of " + std::to_string(r.section) + " makes " + std::to_string(r.grid) +
                            " block(s), numbered 0 to " + std::to_string(r.grid - 1));
        r.request.sample.blocks = std::min(req.sample.blocks, r.grid - req.sample.first_block);
    }

    if (req.op == OpKind::sum)
        if (auto problem = find_sum_overflow(input, req.exclusive, v, info.reach == Reach::one_thread)) throw ScanError("integer overflow: " + *problem);
    return r;
}

}  // namespace scanlab
