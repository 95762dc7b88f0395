#pragma once
// The one table of algorithms: what each one is called, what it teaches, where the chapter has it,
// how it lays threads over elements, how large a section one block takes, whether a multi-kernel
// scan can use it per block, the chapter's formula for its additions, its listing and which options
// apply. Each definition (core/algorithms/*.hpp) states its own row as `static constexpr
// AlgorithmInfo info()`; core/algorithms/registry.hpp lists the definitions, and everything that
// lists, validates, explains, counts, dispatches or tests algorithms reads the rows from here.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.hpp"

namespace scanlab {

struct Trace;

// CUDA's limit on threads per block, on every GPU Scan Lab runs on.
inline constexpr int kMaxThreadsPerBlock = 1024;

// How an algorithm covers the input.
enum class Reach : uint8_t {
    one_thread,  // a single thread loops over every element (any N)
    one_section,  // one block scans one section in lock-step steps (N up to the capacity)
    multi_block,  // several kernels over sections of any N, with a block algorithm inside
    single_pass,  // one kernel over sections of any N whose blocks meet through flags in global
    // memory: traced as events under a block schedule (core/events.hpp)
};

// What passes a tile's prefix on from block to block in a single-pass scan: what the tiles view
// draws over the sections and what the Counts tab counts per tile.
enum class Handoff : uint8_t {
    none,  // blocks do not meet through global memory (every scan but the single-pass ones)
    flag_chain,  // flags[i] and scan_value[i] at the sections' boundaries: each tile waits for its
    // predecessor's flag and passes its prefix to the next (the domino scan)
    status_words,  // a status word per tile (X invalid, A aggregate, P inclusive prefix), read back
    // over a window of predecessors (the decoupled look-back)
};

// A count of additions (operator applications) for one section of `n` elements: the chapter's
// where `bound` states the same text, else Scan Lab's own exact count (see formula_for).
struct CountFormula {
    std::string_view text;  // "N·log2 N − (N − 1)"; empty: no count
    int64_t (*additions)(int64_t n) = nullptr;
    // The coarsened scan's count depends on more than its section: C and the scan of phase 2.
    int64_t (*coarsened)(int64_t section, int coarsening, Algorithm phase2) = nullptr;
    constexpr bool given() const { return additions != nullptr; }
};

// How one lock-step step of one phase is said, as the algorithm's own facts: what the step's level
// means, which threads combine which elements, why the others idle, and what the written element
// then holds. The index formulas are text in t (threadIdx.x), the step's parameter, stride, C, T
// (threads per block) and SECTION_SIZE, written as the explanation prints them
// (core/lesson/index_formula.hpp reads them); the explanation renders them, and the tests evaluate
// them against every trace, so a rule that describes another algorithm fails a test.
struct StepRule {
    Phase phase = Phase::load;
    std::string_view heading{};  // "Stride", "Reduction tree, level": the step's parameter follows
    std::string_view parameter{};  // the name the formulas give the step's level: "stride", "level", "j", "i"
    std::string_view stride{};  // the stride at that level, where it is not the parameter: "2^(level − 1)"
    std::string_view when{};  // the threads that combine: "t ≥ stride" (empty: every thread)
    std::string_view src{}, dst{};  // section positions: the element each reads, and the one it combines it into
    std::string_view idle{};  // why the others do nothing: "no element lies stride places to their left"
    std::string_view others{};  // what the others do instead, where they do something: they copy XY[dst] across
    std::string_view from{};  // XY[dst] then holds the elements from here to dst as the block loaded them
        // (clamped at 0; empty: not said)
    std::string_view note{};  // one more sentence that is this algorithm's lesson at this step
};

// A multi-block scan's block sums: where block b's total goes, what the adding kernel adds, and
// how its listing names them. The plans (hierarchical.hpp, slides.hpp) launch with these numbers
// and the explanation states them, so the two cannot disagree.
struct BlockSumsRule {
    std::string_view s = "S";  // the array's name in the listing
    int write_offset = 0;  // block b's total goes to S[b + write_offset]; S[0 .. write_offset) hold the identity
    int first_adder = 1;  // the adding kernel: blocks b >= first_adder add, the others add nothing
    int add_offset = -1;  // block b adds S[b + add_offset]
    std::string_view scan_kernel = "kernel 1", sum_scan = "kernel 2", add_kernel = "kernel 3";
    bool carries = false;  // (flag, value) pairs: the carry stops at a flag (the segmented scan)
};

struct AlgorithmInfo {
    Algorithm id;
    std::string_view name;  // the CLI's word, the JSON's and the listing's: "kogge-stone"
    std::string_view title;  // the chapter's name, for legends: "Kogge-Stone"
    std::string_view summary;  // one line for --help, menus and tooltips
    std::string_view chapter;  // where the sources have it: "PMPP 3rd ed. §9.2"
    Reach reach = Reach::one_section;
    int elements_per_thread = 1;  // one_section: a block of section / this many threads
    bool multi_kernel_block = false;  // can be the block algorithm of hierarchical (--block-algo)
    bool phase2_block = false;  // can be the scan of three-phase's phase 2 (--block-algo there)
    bool flagged_block = false;  // can be the block algorithm of the segmented scan (--block-algo)
    bool racy = false;  // wrong on purpose: the lesson on barriers
    bool barrier_in_thread_loop = false;  // its __syncthreads() sits in a loop whose trip count depends
        // on the thread: some strides' barrier is not reached by every
        // thread of the block (undefined in CUDA; see docs/algorithms.md)
    bool takes_block_algorithm = false;  // --block-algo applies
    bool takes_sample_block = false;  // --sample-block applies (the multi-block scans)
    bool takes_coarsening = false;  // --coarsening applies: T threads scan T × C elements;
        // elements_per_thread is then the default C
    bool takes_flags = false;  // scans by head flags: --flags required, (flag, value) pairs
    bool takes_static_index = false;  // --static-index applies (a single-pass scan that can show its deadlock)
    bool takes_window = false;  // --window applies (the decoupled look-back's window of predecessors)
    Handoff handoff = Handoff::none;  // single_pass: how its blocks pass prefixes on
    bool figure_9_10 = false;  // its run of the Figure 9.10 preset (16 elements in four
        // sections of 4) is the figure: the panel of that name follows it
    int events_per_tile = 0;  // single_pass: events each block records at the least (the trace's estimate)
    Algorithm fixed_block = Algorithm::kogge_stone;  // multi_block without --block-algo: its block scan
    CountFormula formula{};  // at the section (at N for one_thread)
    std::string_view listing;  // assets/kernels/<listing>.cu.txt; multi-block scans with a
        // block algorithm add "-<block algorithm>"
    // The chapter's bound on a whole run's real work (additions on real elements, not on identity
    // padding) at N, and where it states it when that is narrower than the algorithm (empty: all
    // of it). Empty where the chapter gives none: the views then show `formula` as the algorithm's
    // own count, never a bound of their own.
    CountFormula bound{};
    std::string_view bound_scope{};
    BlockSumsRule block_sums{};  // multi_block: where the block sums go and who adds them
    std::span<const StepRule> rules{};  // how each phase's lock-step steps are said
    std::string_view shared = "XY";  // the listing's name for the section in shared memory

    // Largest section one block scans (0: not a one-block scan).
    constexpr int capacity() const { return reach == Reach::one_section ? kMaxThreadsPerBlock * elements_per_thread : 0; }
    constexpr bool one_section() const { return reach == Reach::one_section; }
    // Its trace is a run of events of blocks under a block schedule (the tiles view and the
    // timeline), not lock-step steps of rows (the array view and the step diagram).
    constexpr bool event_scheduled() const { return reach == Reach::single_pass; }
};

// Every algorithm, in the order menus and --help list them.
const std::vector<AlgorithmInfo>& algorithm_table();
const AlgorithmInfo& algorithm_info(Algorithm a);
// The algorithms --block-algo accepts (the block scans a multi-kernel scan can run per section).
std::vector<Algorithm> multi_kernel_block_algorithms();
// "kogge-stone or brent-kung": the names of multi_kernel_block_algorithms() for a sentence.
std::string multi_kernel_block_names(std::string_view separator = ", ", std::string_view last_separator = " or ");
// The largest section any block algorithm takes.
int largest_section();
// The --block-algo choices of `a`: the block scans of a multi-block scan (the flag-carrying ones
// for the segmented scan), or the scans a coarsened scan runs in its phase 2 (empty: --block-algo
// does not apply).
std::vector<Algorithm> block_algorithms_for(Algorithm a);
// "kogge-stone or brent-kung": block_algorithms_for(a) for a sentence.
std::string block_algorithm_names_for(Algorithm a, std::string_view separator = ", ", std::string_view last_separator = " or ");
// Whether --coarsening applies to `a` run with block algorithm `block` (three-phase, or
// hierarchical over three-phase blocks).
bool takes_coarsening(Algorithm a, Algorithm block);

// A coarsened block's shared memory: its section, at most this many bytes (48 KiB per block on
// every GPU without opting in, less room for the trace recorder's counters and flags).
inline constexpr int kMaxCoarsenedSectionBytes = 32 * 1024;
// The largest section one block of `row` scans with `coarsening` elements per thread and elements
// of `bytes` bytes: 1024 threads × C, within the shared memory above; row.capacity() otherwise.
int section_capacity(const AlgorithmInfo& row, int coarsening, size_t bytes);
// The listing the source pane shows for a run of `a` with block algorithm `block`.
std::string listing_name(Algorithm a, Algorithm block);

// A formula of the table evaluated at one N.
struct Formula {
    std::string algorithm;  // the title of the first algorithm with this formula: "Kogge-Stone"
    std::string text;  // "N·log2 N − (N − 1)"
    int64_t n = 0;  // the N it was evaluated at
    int64_t value = 0;
    // Whose count it is: the chapter's (its bound states the same formula), or Scan Lab's own exact
    // count, beside what the chapter states instead where it states something (Brent-Kung's bound
    // 2N − 3, at the same N); empty where the chapter has no count for the algorithm.
    bool chapter = false;
    std::string stated_text;
    int64_t stated_value = 0;
};
// The table's distinct formulas at N = n, in table order (sequential, Kogge-Stone, Brent-Kung, ...).
std::vector<Formula> chapter_formulas(int64_t n);
// The formula that predicts a trace's total, where the table has one (one-section and one-thread
// runs), evaluated at the N the run really used (the section, padding included; N for one thread):
// the chapter's count, or Scan Lab's own exact count (Formula::chapter says which).
std::optional<Formula> formula_for(const Trace& t);

// The number of halvings that take n to 1 (log2 n, rounded up).
inline int ceil_log2(int64_t n) {
    int l = 0;
    while ((int64_t(1) << l) < n) ++l;
    return l;
}

}  // namespace scanlab
