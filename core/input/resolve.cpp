#include "core/input/resolve.hpp"

#include <algorithm>
#include <charconv>

#include "core/algorithms/lookback_window.hpp"
#include "core/algorithms/table.hpp"
#include "core/error.hpp"
#include "core/hd.hpp"
#include "core/input/overflow.hpp"
#include "core/input/wording.hpp"
#include "core/number_text.hpp"
#include "core/warp.hpp"

namespace scanlab {

namespace {

// The automatic section: the power of two that holds N, and never less than 2 (N = 1 is padded to
// a section of 2, so every algorithm has a pair to combine).
int64_t section_for(int64_t n) { return std::max<int64_t>(2, next_pow2(n)); }

// "1024 threads per block, one element each": why a block takes at most its capacity.
std::string capacity_reason(const AlgorithmInfo& block) {
    return std::to_string(kMaxThreadsPerBlock) + " threads per block, " +
           (block.elements_per_thread == 1 ? std::string("one element each")
                                           : std::to_string(block.elements_per_thread) + " elements each");
}

// The block algorithms of a multi-kernel scan that take a section this large, for a refusal.
std::string block_algorithms_taking(int section, Voice v) {
    std::string s;
    for (Algorithm b : multi_kernel_block_algorithms())
        if (algorithm_info(b).capacity() >= section)
            s += (s.empty() ? "" : " or ") + setting(v, Control::block_algorithm, std::string(name(b)));
    return s;
}

// Why a coarsened block takes at most `capacity` elements of `type`.
std::string coarsened_capacity_reason(int capacity, int c, ElementType type) {
    if (int64_t(capacity) == int64_t(kMaxThreadsPerBlock) * c)
        return std::to_string(kMaxThreadsPerBlock) + " threads per block × C = " + std::to_string(c);
    return "the section's " + std::to_string(element_bytes(type)) + "-byte " + std::string(name(type)) + " values fill at most " +
           std::to_string(kMaxCoarsenedSectionBytes / 1024) + " KiB of shared memory per block";
}

// A coarsened block's C, checked: the request's, or the default.
int check_coarsening(const ScanRequest& req, const AlgorithmInfo& block, Voice v) {
    const int c = req.coarsening != 0 ? req.coarsening : block.elements_per_thread;
    if (!is_pow2(c))
        throw ScanError(subject(v, Control::coarsening, std::to_string(c)) +
                        " is not a power of two of at least 1 (a section is T threads × C elements, and sections are powers of two)");
    const int capacity = section_capacity(block, c, element_bytes(req.type));
    if (c > capacity)
        throw ScanError(subject(v, Control::coarsening, std::to_string(c)) + " is more than one block's section can hold (" +
                        coarsened_capacity_reason(capacity, c, req.type) + ": at most " + std::to_string(capacity) + " elements)");
    return c;
}

// `suggest_block_algorithms`: the run takes a block algorithm, so a larger one can be suggested.
// `c`: the block's C when it coarsens (0 otherwise); `type`: the elements' type, for its capacity.
int check_section(int section, const AlgorithmInfo& block, std::string_view who, bool suggest_block_algorithms, Voice v, int c,
                  ElementType type) {
    const int capacity = c > 0 ? section_capacity(block, c, element_bytes(type)) : block.capacity();
    const std::string said = subject(v, Control::section, std::to_string(section));
    if (!is_pow2(section) || section < 2)
        throw ScanError(said + " is not a power of two of at least 2 (" + std::string(who) +
                        " gives each thread of a block one position of a power-of-two tree)");
    if (c > 0 && section < c)
        throw ScanError(said + " is smaller than " + subject(v, Control::coarsening, std::to_string(c)) +
                        ": each of the T = section / C threads of " + std::string(who) + " scans C elements; give a section of at least " +
                        std::to_string(c) + " or a smaller C");
    if (section > capacity) {
        const std::string others = suggest_block_algorithms && c == 0 ? block_algorithms_taking(section, v) : "";
        const std::string reason = c > 0 ? coarsened_capacity_reason(capacity, c, type) : capacity_reason(block);
        throw ScanError(said + " is larger than " + std::string(who) + " can take in one block (at most " + std::to_string(capacity) +
                        ": " + reason + ")" + (others.empty() ? "" : "; " + others + " takes " + std::to_string(section)));
    }
    return section;
}

// Head flags come with the segmented scan and only with it: one per value, each 0 or 1.
void check_flags(const ScanRequest& req, int64_t n, Voice v) {
    const AlgorithmInfo& info = algorithm_info(req.algorithm);
    const std::string flags = control_name(v, Control::flags);
    if (!info.takes_flags) {
        if (!req.flags.empty())
            throw ScanError(flags + " (head flags) are for " + setting(v, Control::algorithm, "segmented") + "; " +
                            std::string(name(req.algorithm)) + " scans the whole input as one segment");
        return;
    }
    if (int64_t(req.flags.size()) != n)
        throw ScanError(std::string(name(req.algorithm)) + " needs one head flag (0 or 1) per value, and " + flags + " holds " +
                        std::to_string(req.flags.size()) + " flag" + (req.flags.size() == 1 ? "" : "s") + " for N = " + std::to_string(n) +
                        " value" + (n == 1 ? "" : "s"));
    for (size_t i = 0; i < req.flags.size(); ++i)
        if (req.flags[i] > 1)
            throw ScanError(flags + " holds " + std::to_string(req.flags[i]) + " at position " + std::to_string(i) +
                            "; a head flag is 0 or 1");
}

}  // namespace

ResolvedRequest resolve_size(const ScanRequest& req, int64_t n, Voice v) {
    ResolvedRequest r;
    r.request = req;
    r.voice = v;
    r.request.coarsening = 0;  // set below where the blocks coarsen
    r.n = n;
    if (r.n > kMaxElements)
        throw ScanError("N = " + std::to_string(r.n) + " is more than Scan Lab runs (at most " + std::to_string(kMaxElements) + " = 2^28)");
    if (!is_warp_width(req.warp_width))
        throw ScanError(subject(v, Control::warp_width, std::to_string(req.warp_width)) + " must be a power of two from 1 to " +
                        std::to_string(kWarpSize));

    const Algorithm a = req.algorithm;
    const AlgorithmInfo& info = algorithm_info(a);
    if (info.reach == Reach::one_thread) {
        r.section = 0;
        r.threads_per_block = 1;
        r.grid = 1;
        r.request.block_algorithm = a;
    } else if (info.reach == Reach::one_section) {
        const int c = info.takes_coarsening ? check_coarsening(req, info, v) : 0;
        const int capacity = c > 0 ? section_capacity(info, c, element_bytes(req.type)) : info.capacity();
        if (r.n > capacity)
            throw ScanError(std::string(name(a)) + " scans a single section of at most " + std::to_string(capacity) + " elements" +
                            (c > 0 ? " with " + subject(v, Control::coarsening, std::to_string(c)) + " (" +
                                         coarsened_capacity_reason(capacity, c, req.type) + ")"
                                   : std::string()) +
                            " and N = " + std::to_string(r.n) + "; use " + setting(v, Control::algorithm, "hierarchical") + " (with " +
                            multi_kernel_block_names() + " as its block algorithm) for any length");
        r.section =
            req.section ? check_section(req.section, info, name(a), false, v, c, req.type) : int(std::max<int64_t>(section_for(r.n), c));
        if (r.section < r.n)
            throw ScanError(subject(v, Control::section, std::to_string(r.section)) + " is smaller than N = " + std::to_string(r.n) +
                            ", but " + std::string(name(a)) + " scans a single section; leave the section automatic, or use " +
                            setting(v, Control::algorithm, "hierarchical"));
        r.request.block_algorithm = a;
        if (c > 0) {
            // The coarsened scan's --block-algo is the scan of its phase 2.
            if (!algorithm_info(req.block_algorithm).phase2_block)
                throw ScanError(control_name(v, Control::block_algorithm) + " must be " + block_algorithm_names_for(a) + " (the scan of " +
                                std::string(name(a)) + "'s phase 2 over the subsection totals), not " +
                                std::string(name(req.block_algorithm)));
            r.request.block_algorithm = req.block_algorithm;
        }
        r.request.coarsening = c;
    } else {
        const Algorithm block = info.takes_block_algorithm ? req.block_algorithm : info.fixed_block;
        const AlgorithmInfo& block_info = algorithm_info(block);
        if (info.takes_flags ? !block_info.flagged_block : !block_info.multi_kernel_block)
            throw ScanError(control_name(v, Control::block_algorithm) + " must be " + block_algorithm_names_for(a) + " (the block scans " +
                            (info.takes_flags ? "that carry head flags" : "a multi-kernel scan runs per section") + "), not " +
                            std::string(name(block)));
        const int c = block_info.takes_coarsening ? check_coarsening(req, block_info, v) : 0;
        const int capacity = c > 0 ? section_capacity(block_info, c, element_bytes(req.type)) : block_info.capacity();
        r.section = req.section ? check_section(req.section, block_info, info.takes_block_algorithm ? block_info.name : info.title,
                                                info.takes_block_algorithm && !info.takes_flags, v, c, req.type)
                                : int(std::max<int64_t>(std::min<int64_t>(capacity, section_for(r.n)), c));
        r.request.block_algorithm = block;
        r.request.coarsening = c;
    }
    if (r.section) {
        const int per_thread =
            r.request.coarsening > 0 ? r.request.coarsening : algorithm_info(r.request.block_algorithm).elements_per_thread;
        r.threads_per_block = r.section / per_thread;
        r.grid = (r.n + r.section - 1) / r.section;
    }
    r.request.section = r.section;

    if (!req.sample.all()) {
        if (!info.takes_sample_block)
            throw ScanError(control_name(v, Control::sample_block) + " is for the multi-block scans (hierarchical, slides); " +
                            std::string(name(a)) + " runs one block and its trace keeps it whole");
        if (req.sample.first_block < 0 || req.sample.blocks < 1)
            throw ScanError(control_name(v, Control::sample_block) + " takes a block number B >= 0, or B:COUNT with COUNT >= 1");
        if (req.sample.first_block >= r.grid)
            throw ScanError(subject(v, Control::sample_block, std::to_string(req.sample.first_block)) +
                            " is no block of this run: N = " + grouped(r.n) + " in sections of " + std::to_string(r.section) + " makes " +
                            counted(r.grid, "block", "blocks") + (r.grid == 1 ? ", block 0" : ", numbered 0 to " + grouped(r.grid - 1)));
        r.request.sample.blocks = std::min(req.sample.blocks, r.grid - req.sample.first_block);
    }

    const bool single_pass = info.reach == Reach::single_pass;
    if (!single_pass) {
        // Only the single-pass scans have blocks that run at their own pace.
        const std::string why =
            " is for the single-pass scans, whose blocks run at their own pace; " + std::string(name(a)) +
            (info.reach == Reach::one_thread ? " has no blocks" : " runs its blocks in lock-step steps between launches");
        if (req.block_schedule.kind != BlockSchedule::Kind::in_order) throw ScanError(control_name(v, Control::block_schedule) + why);
        if (req.resident_blocks != kDefaultResidentBlocks) throw ScanError(control_name(v, Control::resident_blocks) + why);
    }
    if (req.static_index && !info.takes_static_index)
        throw ScanError(control_name(v, Control::static_index) +
                        " is for the domino scan, to show the deadlock a blockIdx-ordered wait can fall into; " + std::string(name(a)) +
                        " has no index to draw");
    if (single_pass && (req.resident_blocks < 1 || req.resident_blocks > kMaxResidentBlocks))
        throw ScanError(subject(v, Control::resident_blocks, std::to_string(req.resident_blocks)) + " must be from 1 to " +
                        std::to_string(kMaxResidentBlocks) + " (the SM slots the emulation gives the blocks)");

    if (req.lookback_window != kDefaultLookbackWindow && !info.takes_window)
        throw ScanError(control_name(v, Control::window) +
                        " is for the decoupled look-back, the predecessors one look-back reads at once; " + std::string(name(a)) +
                        " has no look-back");
    if (req.lookback_window < 1 || req.lookback_window > kMaxLookbackWindow)
        throw ScanError(subject(v, Control::window, std::to_string(req.lookback_window)) + " must be from 1 to " +
                        std::to_string(kMaxLookbackWindow) +
                        " (the lanes of the one warp that reads a window; 1 makes the look-back a chain)");

    return r;
}

ResolvedRequest resolve_shape(const ScanRequest& req, int64_t n, Voice v) {
    ResolvedRequest r = resolve_size(req, n, v);
    check_flags(req, r.n, v);
    return r;
}

ResolvedRequest resolve(const ScanRequest& req, const ValueArray& input, Voice v) {
    if (element_type_of_values(input) != req.type)
        throw ScanError("internal: the input was parsed as " + std::string(name(element_type_of_values(input))) + " but the request says " +
                        std::string(name(req.type)));
    ResolvedRequest r = resolve_shape(req, static_cast<int64_t>(size_of(input)), v);
    if (req.op == OpKind::sum)
        if (auto problem = find_sum_overflow(input, req.exclusive, v, algorithm_info(req.algorithm).reach == Reach::one_thread, req.flags))
            throw ScanError("integer overflow: " + *problem);
    return r;
}

}  // namespace scanlab
