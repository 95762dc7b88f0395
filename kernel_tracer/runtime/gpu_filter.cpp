// `libscanlab-gpu-filter.so`: loaded first into the device check's program (LD_PRELOAD, in its
// box: host/device_box.hpp), it sets the program's system-call allow-list before any of the
// program's own code runs, its static constructors included (a preloaded library's constructors
// run before the program's). A call off the list raises SIGSYS, and the handler here says which
// call it was and ends the program with a status of its own, which the CLI names.
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "kernel_tracer/runtime/syscall_filter.hpp"

namespace {

// Status 109 and "scanlab-gpu-filter: system call N ..." (device_box.hpp's words).
void write_number(long n) {
    char digits[24];
    int k = 0;
    do digits[k++] = char('0' + n % 10);
    while ((n /= 10) > 0 && k < 20);
    while (k > 0) (void)!::write(2, &digits[--k], 1);
}

void on_forbidden_call(int, siginfo_t* info, void*) {
    const char head[] = "scanlab-gpu-filter: system call ";
    const char tail[] = " is forbidden in the device check's sandbox\n";
    (void)!::write(2, head, sizeof head - 1);
    write_number(info->si_syscall);
    (void)!::write(2, tail, sizeof tail - 1);
    _exit(109);
}

__attribute__((constructor(101))) void enter_the_filter() {
    struct sigaction sa {};
    sa.sa_sigaction = on_forbidden_call;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSYS, &sa, nullptr);
    if (!scanlab::kernel_tracer::enter_gpu_syscall_filter()) {
        const char said[] = "scanlab-gpu-filter: the device check's system-call allow-list could not be loaded (seccomp)\n";
        (void)!::write(2, said, sizeof said - 1);
        _exit(108);
    }
}

}  // namespace
