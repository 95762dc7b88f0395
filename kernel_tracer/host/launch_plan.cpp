#include "kernel_tracer/host/launch_plan.hpp"

#include <algorithm>
#include <bit>
#include <regex>

#include "core/error.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_words.hpp"

namespace scanlab::kernel_tracer {

int64_t defined_in(const std::string& source, const std::string& name) {
    const std::regex definition("(?:#\\s*define\\s+" + name +
                                "\\s+\\(?\\s*(\\d+)|(?:const|constexpr)\\s+(?:unsigned\\s+)?(?:int|long|size_t|unsigned)?\\s*" + name +
                                "\\s*=\\s*(\\d+))");
    std::smatch m;
    if (!std::regex_search(source, m, definition)) return 0;
    return std::stoll(m[1].matched ? m[1].str() : m[2].str());
}

LaunchPlan plan_launch(const std::string& source, const RunSpec& spec, Algorithm like, const ValueArray& input, int block_dim,
                       int64_t grid_dim) {
    const int64_t n = int64_t(size_of(input));
    LaunchPlan p;
    try {
        const ResolvedRequest r = resolve_for(spec, like, input);
        if (r.section > 0 && r.threads_per_block <= 1024) p.section = r.section, p.block_dim = r.threads_per_block, p.grid_dim = r.grid;
    } catch (const ScanError&) {}
    if (p.section == 0)
        p.section = p.block_dim = int(std::min<uint64_t>(1024, std::bit_ceil(uint64_t(std::max<int64_t>(n, 1))))),
        p.grid_dim = (n + p.section - 1) / p.section;
    // The file's own sizes: its shared arrays are declared with them, so a launch of another size
    // would find out-of-bounds accesses that are no bugs of the file's.
    const int64_t file_block = std::max(defined_in(source, "BLOCK_DIM"), defined_in(source, "BLOCK_SIZE"));
    const int64_t file_section = defined_in(source, "SECTION_SIZE");
    if ((file_block > 0 || file_section > 0) && block_dim == 0) {
        const int64_t section = file_section > 0 ? file_section : file_block;
        const int64_t threads = file_block > 0 ? file_block : like == Algorithm::brent_kung ? std::max<int64_t>(1, section / 2) : section;
        if (threads < 1 || threads > 1024)
            throw UsageError("the file defines " + std::string(file_block > 0 ? "BLOCK_DIM " : "SECTION_SIZE ") + std::to_string(threads) +
                             " threads per block; the runner launches 1 to 1024");
        p.section = int(section);
        p.block_dim = int(threads);
        p.grid_dim = std::max<int64_t>(1, (n + section - 1) / section);
        if (p.grid_dim > 1)
            p.note = "your file defines " + std::string(file_section > 0 ? "SECTION_SIZE " : "BLOCK_DIM ") + std::to_string(section) +
                     ", so " + std::to_string(n) + " values run as " + std::to_string(p.grid_dim) + " blocks of " +
                     std::to_string(threads) + " threads, each scanning its own " + std::to_string(section) +
                     " elements (a one-block kernel's result is the scan of each section, not of the whole input)";
        else if (n < section)
            p.note = "your file defines " + std::string(file_section > 0 ? "SECTION_SIZE " : "BLOCK_DIM ") + std::to_string(section) +
                     ", and the input has " + std::to_string(n) + " values: the threads past N must not read or write past the input";
    }
    if (block_dim > 0) {
        if ((file_section > 0 && block_dim != file_section && block_dim * 2 != file_section) || (file_block > 0 && block_dim != file_block))
            p.note = "--block-dim " + std::to_string(block_dim) + " differs from the file's " +
                     (file_block > 0 ? "BLOCK_DIM " + std::to_string(file_block) : "SECTION_SIZE " + std::to_string(file_section)) +
                     ": its shared arrays are sized for that, so accesses past them are out of bounds";
        p.section = p.block_dim = block_dim;
        p.grid_dim = (n + block_dim - 1) / block_dim;
    }
    if (grid_dim > 0) p.grid_dim = grid_dim;
    if (p.block_dim < 1 || p.block_dim > 1024)
        throw UsageError("--block-dim " + std::to_string(p.block_dim) + " is out of range: give 1 to 1024 threads");
    if (p.grid_dim > 65536) throw UsageError("--grid-dim " + std::to_string(p.grid_dim) + " is more blocks than the runner traces (65536)");
    return p;
}

}  // namespace scanlab::kernel_tracer
