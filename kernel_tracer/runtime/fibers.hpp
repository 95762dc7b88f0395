#pragma once
// One block's CUDA threads as fibers (ucontext): each runs the kernel on a stack of its own with
// a guard page below it, and gives control back to the runner at every barrier and every access
// of shared or global memory. Only the runner switches, so the schedule is the runner's alone.
#include <ucontext.h>

#include <cstddef>
#include <functional>
#include <vector>

namespace scanlab::kernel_tracer {

class Fibers {
public:
    static constexpr size_t kStackBytes = size_t(128) << 10;

    // Stacks for `count` fibers, reused by every block.
    explicit Fibers(int count);
    ~Fibers();
    Fibers(const Fibers&) = delete;
    Fibers& operator=(const Fibers&) = delete;

    // Makes fiber i start `body` from the top when next resumed.
    void start(int i, void (*body)());
    // Runs fiber i until it yields or its body returns.
    void resume(int i);
    // From inside the running fiber: back to the runner.
    void yield();
    int current() const { return current_; }

private:
    struct Stack {
        void* memory = nullptr;
        ucontext_t context{};
    };
    std::vector<Stack> stacks_;
    ucontext_t runner_{};
    int current_ = -1;
};

}  // namespace scanlab::kernel_tracer
