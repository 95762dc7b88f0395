#include "core/input/run_memory.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <utility>

#include "core/algorithms/lookback_window.hpp"
#include "core/algorithms/scan_plans.hpp"
#include "core/algorithms/table.hpp"
#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/events.hpp"
#include "core/flagged.hpp"
#include "core/input/trace_budget.hpp"
#include "core/number_text.hpp"
#include "core/values.hpp"

namespace scanlab {
namespace {

// The bytes alive now and at most so far.
struct Ledger {
    uint64_t live = 0, peak = 0;
    void add(uint64_t bytes) {
        live += bytes;
        peak = std::max(peak, live);
    }
    void drop(uint64_t bytes) { live -= bytes; }
};

// An executor of the scan plans whose buffers hold no values, only their bytes in the ledger while
// they live: the plan's own copies, moves and scopes decide the peak, as they do for the
// emulation's vectors (core/emulation/cpu_executor.hpp).
class MemoryExecutor {
public:
    class Buffer {
    public:
        Buffer() = default;
        Buffer(Ledger* ledger, int64_t size_, uint64_t element) : size(size_), ledger_(ledger), element_(element) { count(); }
        Buffer(const Buffer& o) : size(o.size), ledger_(o.ledger_), element_(o.element_) { count(); }
        Buffer(Buffer&& o) noexcept : size(o.size), ledger_(std::exchange(o.ledger_, nullptr)), element_(o.element_) {}
        Buffer& operator=(Buffer o) noexcept {
            std::swap(size, o.size);
            std::swap(ledger_, o.ledger_);
            std::swap(element_, o.element_);
            return *this;
        }
        ~Buffer() {
            if (ledger_) ledger_->drop(bytes());
        }
        int64_t size = 0;

    private:
        uint64_t bytes() const { return uint64_t(size) * element_; }
        void count() {
            if (ledger_) ledger_->add(bytes());
        }
        Ledger* ledger_ = nullptr;
        uint64_t element_ = 0;
    };

    MemoryExecutor(Ledger& ledger, uint64_t element) : ledger_(ledger), element_(element) {}

    Buffer make_buffer(int64_t size) { return {&ledger_, size, element_}; }

    // The emulation's shared memory of every block (Algo::buffers sections each), handed over as
    // the result where it is one buffer, else copied out of it (core/emulation/block_scan.hpp).
    template <class Algo>
    Buffer block_scan(const Buffer&, int64_t n, const BlockSetup& setup, Buffer*, int) {
        const int64_t padded = (n + setup.section - 1) / setup.section * setup.section;
        Buffer shared = make_buffer(padded * Algo::buffers);
        if constexpr (Algo::buffers == 1) return shared;
        return make_buffer(padded);
    }
    void add_block_sums(Buffer&, int64_t, const Buffer&, int, int, const BlockSetup&) {}
    void host_scan(Buffer&, int64_t) {}
    void empty_load(Kernel, int) {}
    Buffer sequential(const Buffer&, int64_t n, bool) { return make_buffer(n); }

private:
    Ledger& ledger_;
    uint64_t element_;
};

// A lock-step or multi-kernel run: the input and the trace's copy, the (flag, value) pairs and
// the flags of a segmented scan, the plan's buffers, and the values taken out of the pairs.
uint64_t plan_memory(const ResolvedRequest& r) {
    const ElementType type = r.request.type;
    const bool flagged = algorithm_info(r.request.algorithm).takes_flags;
    const uint64_t value = element_bytes(type);
    const uint64_t pair = with_type(type, []<class T>(TypeTag<T>) { return uint64_t(sizeof(Flagged<T>)); });
    Ledger ledger;
    ledger.add(2 * uint64_t(r.n) * value);  // the input, and the trace's copy of it
    if (flagged) ledger.add(2 * uint64_t(r.n));  // the request's head flags, and the trace's copy
    MemoryExecutor ex(ledger, flagged ? pair : value);
    // The scan reads the input itself, counted above; a segmented scan reads the pairs made of it,
    // a temporary gone once the scan returns (core/emulation/emulate.cpp).
    const MemoryExecutor::Buffer y =
        flagged ? run_segmented(ex, r, ex.make_buffer(r.n)) : run_scan(ex, r, MemoryExecutor::Buffer(nullptr, r.n, 0));
    if (flagged) ledger.add(uint64_t(r.n) * value);  // the values taken out of the pairs beside them
    return ledger.peak;
}

// A single-pass run, as its block machine holds it (core/emulation/tile_blocks.hpp and the
// machine of the row's hand-off): the input and the trace's copy, Y (handed over as the result)
// and the view of Y, each resident block's scanned section, and every tile's state.
uint64_t single_pass_memory(const ResolvedRequest& r) {
    const AlgorithmInfo& info = algorithm_info(r.request.algorithm);
    const uint64_t value = element_bytes(r.request.type), n = uint64_t(r.n), tiles = uint64_t(r.grid);
    const uint64_t resident = std::min<uint64_t>(uint64_t(std::max(r.request.resident_blocks, 1)), std::max<uint64_t>(tiles, 1));
    // Per tile: state, tile drawn, polls and pending polls, drawn, aggregate and exclusive prefix, XY.
    uint64_t per_tile = sizeof(BlockState) + sizeof(int32_t) + 2 * sizeof(int64_t) + 1 + 2 * value + sizeof(std::vector<char>);
    if (info.handoff == Handoff::flag_chain) per_tile += sizeof(TileStatus) + value;  // the flag and scan_value
    if (info.handoff == Handoff::status_words)  // the next event, the look-back, the status word, the inclusive prefix
        per_tile += sizeof(EventKind) + sizeof(TileStatus) + value +
                    with_type(r.request.type, []<class T>(TypeTag<T>) { return uint64_t(sizeof(LookBack<T>)); });
    return 4 * n * value + resident * uint64_t(r.section) * value + tiles * per_tile;
}

std::string gib(uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(uint64_t(1) << 30));
    return text;
}

}  // namespace

uint64_t estimate_run_memory(const ResolvedRequest& r) {
    const bool single_pass = algorithm_info(r.request.algorithm).reach == Reach::single_pass;
    const uint64_t arrays = single_pass ? single_pass_memory(r) : plan_memory(r);
    const uint64_t trace = r.request.detail == Detail::full ? estimate_trace(r).trace_bytes : 0;
    return trace > UINT64_MAX - arrays ? UINT64_MAX : arrays + trace;
}

uint64_t machine_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages <= 0 || page <= 0 ? 0 : uint64_t(pages) * uint64_t(page);
}

std::string run_memory_problem(const ResolvedRequest& r, uint64_t machine_bytes) {
    const uint64_t need = estimate_run_memory(r);
    if (machine_bytes == 0 || need <= machine_bytes / 2) return "";
    return std::string(name(r.request.algorithm)) + " on N = " + grouped(r.n) + " would hold about " + gib(need) +
           " of memory while it runs, more than half of the " + gib(machine_bytes) + " this machine has; give a smaller N";
}

void require_within_memory(const ResolvedRequest& r, uint64_t machine_bytes) {
    if (std::string problem = run_memory_problem(r, machine_bytes); !problem.empty()) throw ScanError(std::move(problem));
}

}  // namespace scanlab
