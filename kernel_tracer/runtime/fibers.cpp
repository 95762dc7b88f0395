#include "kernel_tracer/runtime/fibers.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

namespace scanlab::kernel_tracer {

Fibers::Fibers(int count) : stacks_(size_t(count)) {
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    for (Stack& s : stacks_) {
        s.memory = mmap(nullptr, kStackBytes + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (s.memory == MAP_FAILED) throw std::bad_alloc();
        // A stack that overflows hits this page and ends the run with a sentence (runner_main.cpp).
        mprotect(s.memory, page, PROT_NONE);
    }
}

Fibers::~Fibers() {
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    for (Stack& s : stacks_) munmap(s.memory, kStackBytes + page);
}

void Fibers::start(int i, void (*body)()) {
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    Stack& s = stacks_[size_t(i)];
    getcontext(&s.context);
    s.context.uc_stack.ss_sp = static_cast<char*>(s.memory) + page;
    s.context.uc_stack.ss_size = kStackBytes;
    s.context.uc_link = &runner_;
    makecontext(&s.context, body, 0);
}

void Fibers::resume(int i) {
    current_ = i;
    swapcontext(&runner_, &stacks_[size_t(i)].context);
    current_ = -1;
}

void Fibers::yield() { swapcontext(&stacks_[size_t(current_)].context, &runner_); }

}  // namespace scanlab::kernel_tracer
