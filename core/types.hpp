#pragma once
// The vocabulary shared by the model, the CLI and the app: algorithms, operators, element types
// and the kernel/phase labels that name each step of a trace.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scanlab {

enum class Algorithm : uint8_t {
    sequential,
    kogge_stone,
    kogge_stone_racy,
    kogge_stone_double_buffer,
    brent_kung,
    brent_kung_naive,
    hierarchical,
    slides,
    sklansky,
    ladner_fischer,
    three_phase,
    segmented,
    domino,
    decoupled_lookback,
};

enum class OpKind : uint8_t { sum, max, min };
enum class ElementType : uint8_t { int32, int64, float32, float64 };

// Which kernel of a run a step belongs to. `single` is the one kernel of a single-section
// algorithm; k1/k2/k3 are the three kernels of the hierarchical scan (k1 and k3 also name the
// slides' scan_cuda and add_cuda); `host` is work the slides variant does on the CPU.
enum class Kernel : uint8_t { single, k1, k2, k3, host };

enum class Phase : uint8_t {
    load,  // global memory -> XY (shifted by one for an exclusive scan)
    stride,  // one Kogge-Stone iteration; level = stride
    reduction,  // one Brent-Kung reduction-tree level; level = 1..log2(section)
    distribution,  // one Brent-Kung distribution-tree level; level = 1..log2(section)-1
    sequential,  // one iteration of the sequential loop; level = i
    block_sum_write,  // the last thread of each block writes its section's total to S
    host_scan,  // the slides' host loop over s[]
    add_block_sums,  // kernel 3 / add_cuda: S is added to every later section
    thread_scan,  // three-phase, phase 1: each thread adds element level - 1 of its subsection into element level
    add_predecessor,  // three-phase, phase 3: each thread t > 0 adds its predecessor's total into element level of its subsection
    event,  // one block's event in a single-pass scan (core/events.hpp); level = its sequence number
    interval,  // a student's kernel (kernel_tracer/): the code up to a barrier; level = the step's number
};

// Which array a step's snapshot shows.
enum class ArrayKind : uint8_t { xy, s, y };

// Every algorithm, in table order; each one's name, summary and properties are its row of the
// algorithm table (core/algorithms/table.hpp).
const std::vector<Algorithm>& all_algorithms();
std::string_view name(Algorithm a);
std::string_view name(OpKind o);
std::string_view name(ElementType t);
std::string_view name(Kernel k);
std::string_view name(Phase p);
std::string_view name(ArrayKind a);

std::optional<Algorithm> parse_algorithm(std::string_view s);
std::optional<OpKind> parse_op(std::string_view s);
std::optional<ElementType> parse_type(std::string_view s);

}  // namespace scanlab
