#include "request.hpp"

#include <algorithm>
#include <charconv>

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

int check_section(int section, int capacity, std::string_view who, Voice v) {
    const std::string said = subject(v, Control::section, std::to_string(section));
    if (!is_pow2(section) || section < 2)
        throw ScanError(said + " is not a power of two of at least 2 (" + str(who) +
                        " gives each thread of a block one position of a power-of-two tree)");
    if (section > capacity)
        throw ScanError(said + " is larger than " + str(who) + " can take in one block (at most " +
                        std::to_string(capacity) + ": 1024 threads per block" +
                        (capacity == 2048 ? ", two elements each)" : ", one element each)") +
                        (capacity == 1024 && section == 2048 ? "; " + setting(v, Control::block_algorithm, "brent-kung") + " takes 2048" : ""));
    return section;
}

}  // namespace

ResolvedRequest resolve(const ScanRequest& req, const ValueArray& input, Voice v) {
    ResolvedRequest r;
    r.request = req;
    r.n = static_cast<int64_t>(size_of(input));
    if (r.n == 0) throw ScanError("the input is empty: give at least one value");
    if (r.n > kMaxElements)
        throw ScanError("N = " + std::to_string(r.n) + " is more than Scan Lab runs (at most " + std::to_string(kMaxElements) + " = 2^28)");
    if (element_type_of_values(input) != req.type)
        throw ScanError("internal: the input was parsed as " + str(name(element_type_of_values(input))) + " but the request says " + str(name(req.type)));
    if (req.warp_width < 1 || req.warp_width > 32 || !is_pow2(req.warp_width))
        throw ScanError(subject(v, Control::warp_width, std::to_string(req.warp_width)) + " must be a power of two from 1 to 32");

    const Algorithm a = req.algorithm;
    if (a == Algorithm::sequential) {
        r.section = 0;
        r.threads_per_block = 1;
        r.grid = 1;
        r.request.block_algorithm = Algorithm::sequential;
    } else if (is_single_section(a)) {
        const int capacity = a == Algorithm::brent_kung ? 2048 : 1024;
        if (r.n > capacity)
            throw ScanError(str(name(a)) + " scans a single section of at most " + std::to_string(capacity) + " elements and N = " +
                            std::to_string(r.n) + "; use " + setting(v, Control::algorithm, "hierarchical") + " (with kogge-stone or brent-kung as its block algorithm) for any length");
        r.section = req.section ? check_section(req.section, capacity, name(a), v) : int(next_pow2(r.n));
        if (r.section < r.n)
            throw ScanError(subject(v, Control::section, std::to_string(r.section)) + " is smaller than N = " + std::to_string(r.n) + ", but " +
                            str(name(a)) + " scans a single section; leave the section automatic, or use " +
                            setting(v, Control::algorithm, "hierarchical"));
        r.request.block_algorithm = a;
    } else {
        Algorithm block = a == Algorithm::slides ? Algorithm::kogge_stone : req.block_algorithm;
        if (block != Algorithm::kogge_stone && block != Algorithm::brent_kung)
            throw ScanError(control_name(v, Control::block_algorithm) + " must kogge-stone or brent-kung (the block scans of 9.2 and 9.4), not " + str(name(block)));
        const int capacity = max_section(block);
        r.section = req.section ? check_section(req.section, capacity, a == Algorithm::slides ? "the slides' kernel" : name(block), v)
                                : int(std::min<int64_t>(capacity, next_pow2(r.n)));
        r.request.block_algorithm = block;
    }
    if (r.section) {
        r.threads_per_block = r.request.block_algorithm == Algorithm::brent_kung ? r.section / 2 : r.section;
        r.grid = (r.n + r.section - 1) / r.section;
    }
    r.request.section = r.section;

    if (!req.sample.all()) {
        if (a != Algorithm::hierarchical && a != Algorithm::slides)
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
        if (auto problem = find_sum_overflow(input, req.exclusive, v, a == Algorithm::sequential)) throw ScanError("integer overflow: " + *problem);
    return r;
}

}  // namespace scanlab
