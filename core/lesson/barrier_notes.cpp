#include "core/lesson/barrier_notes.hpp"

#include "core/algorithms/table.hpp"

namespace scanlab {

std::string unreached_barrier_note(const Trace& t, const Step& s) {
    if (!algorithm_info(t.algorithm).barrier_in_thread_loop || s.phase != Phase::stride || s.level < 1) return "";
    // The loop runs while stride <= threadIdx.x: at stride s the threads t < s are not in it.
    const std::string left =
        s.level == 1 ? "thread 0 never enters the loop" : "threads 0–" + std::to_string(s.level - 1) + " have left the loop";
    return left +
           ": this __syncthreads() is not reached by every thread of the block (undefined in CUDA; Scan Lab counts the "
           "threads that left as arrived, as a GPU since Volta waits for them to exit)";
}

}  // namespace scanlab
