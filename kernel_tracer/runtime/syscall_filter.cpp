#include "kernel_tracer/runtime/syscall_filter.hpp"

#include <sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <initializer_list>

namespace scanlab::kernel_tracer {

bool enter_syscall_filter() {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (!ctx) return false;
    // Files (the library, the trace, the findings; the box decides which can be read or written),
    // memory (the kernel's arrays, the fibers' stacks), signals to itself (its handlers say where a
    // kernel crashed), the clock and the end.
    for (int call :
         {SCMP_SYS(read),         SCMP_SYS(write),        SCMP_SYS(readv),      SCMP_SYS(writev),       SCMP_SYS(pread64),
          SCMP_SYS(pwrite64),     SCMP_SYS(lseek),        SCMP_SYS(close),      SCMP_SYS(open),         SCMP_SYS(openat),
          SCMP_SYS(fstat),        SCMP_SYS(stat),         SCMP_SYS(lstat),      SCMP_SYS(newfstatat),   SCMP_SYS(statx),
          SCMP_SYS(access),       SCMP_SYS(faccessat),    SCMP_SYS(faccessat2), SCMP_SYS(readlink),     SCMP_SYS(getcwd),
          SCMP_SYS(fcntl),        SCMP_SYS(dup),          SCMP_SYS(mmap),       SCMP_SYS(munmap),       SCMP_SYS(mprotect),
          SCMP_SYS(mremap),       SCMP_SYS(madvise),      SCMP_SYS(brk),        SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask),
          SCMP_SYS(rt_sigreturn), SCMP_SYS(sigaltstack),  SCMP_SYS(getpid),     SCMP_SYS(gettid),       SCMP_SYS(getuid),
          SCMP_SYS(geteuid),      SCMP_SYS(getgid),       SCMP_SYS(getegid),    SCMP_SYS(futex),        SCMP_SYS(clock_gettime),
          SCMP_SYS(clock_getres), SCMP_SYS(gettimeofday), SCMP_SYS(time),       SCMP_SYS(nanosleep),    SCMP_SYS(clock_nanosleep),
          SCMP_SYS(sched_yield),  SCMP_SYS(getrandom),    SCMP_SYS(uname),      SCMP_SYS(getrlimit),    SCMP_SYS(exit),
          SCMP_SYS(exit_group)})
        if (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, call, 0) != 0) return seccomp_release(ctx), false;
    const auto self = scmp_datum_t(getpid());
    bool ok = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_EQ, self)) == 0 &&
              seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, self)) == 0 &&
              seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tkill), 1, SCMP_A0(SCMP_CMP_EQ, self)) == 0 &&
              // Reading its own limits (not setting them), and asking whether a file is a terminal (it is not).
              seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 2, SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A2(SCMP_CMP_EQ, 0)) == 0 &&
              seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOTTY), SCMP_SYS(ioctl), 0) == 0;
    // Each switch between the fibers (swapcontext) sets the signal mask: a trace of 1,024 threads
    // makes about 100,000 such calls, so they are looked up first, and the rest by a binary tree.
    ok = ok && seccomp_syscall_priority(ctx, SCMP_SYS(rt_sigprocmask), 255) == 0 &&
         seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2) == 0 && seccomp_load(ctx) == 0;
    seccomp_release(ctx);
    return ok;
}

namespace {

bool allow_all(scmp_filter_ctx ctx, std::initializer_list<int> calls) {
    for (int call : calls)
        if (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, call, 0) != 0) return false;
    return true;
}

}  // namespace

bool enter_gpu_syscall_filter() {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_TRAP);
    if (!ctx) return false;
    const auto self = scmp_datum_t(getpid());
    // Files (the box decides which are there: the program, its input and output, the GPU's nodes,
    // /proc and /sys), memory, the clock, its own signals and its end, as the runner's list has them;
    // and for the CUDA driver: ioctl on the GPU's nodes, its threads and their waits, memory it
    // pins and places, pipes and event files between its threads.
    bool ok = allow_all(ctx, {SCMP_SYS(read),
                              SCMP_SYS(write),
                              SCMP_SYS(readv),
                              SCMP_SYS(writev),
                              SCMP_SYS(pread64),
                              SCMP_SYS(pwrite64),
                              SCMP_SYS(lseek),
                              SCMP_SYS(close),
                              SCMP_SYS(open),
                              SCMP_SYS(openat),
                              SCMP_SYS(fstat),
                              SCMP_SYS(stat),
                              SCMP_SYS(lstat),
                              SCMP_SYS(newfstatat),
                              SCMP_SYS(statx),
                              SCMP_SYS(statfs),
                              SCMP_SYS(fstatfs),
                              SCMP_SYS(access),
                              SCMP_SYS(faccessat),
                              SCMP_SYS(faccessat2),
                              SCMP_SYS(readlink),
                              SCMP_SYS(readlinkat),
                              SCMP_SYS(getdents64),
                              SCMP_SYS(getcwd),
                              SCMP_SYS(fcntl),
                              SCMP_SYS(dup),
                              SCMP_SYS(dup2),
                              SCMP_SYS(dup3),
                              SCMP_SYS(ioctl),
                              SCMP_SYS(ftruncate),
                              SCMP_SYS(fallocate),
                              SCMP_SYS(unlink),
                              SCMP_SYS(unlinkat),
                              SCMP_SYS(memfd_create),
                              SCMP_SYS(mmap),
                              SCMP_SYS(munmap),
                              SCMP_SYS(mprotect),
                              SCMP_SYS(mremap),
                              SCMP_SYS(madvise),
                              SCMP_SYS(brk),
                              SCMP_SYS(mlock),
                              SCMP_SYS(munlock),
                              SCMP_SYS(get_mempolicy),
                              SCMP_SYS(set_mempolicy),
                              SCMP_SYS(mbind),
                              SCMP_SYS(rt_sigaction),
                              SCMP_SYS(rt_sigprocmask),
                              SCMP_SYS(rt_sigreturn),
                              SCMP_SYS(sigaltstack),
                              SCMP_SYS(getpid),
                              SCMP_SYS(gettid),
                              SCMP_SYS(getppid),
                              SCMP_SYS(getuid),
                              SCMP_SYS(geteuid),
                              SCMP_SYS(getgid),
                              SCMP_SYS(getegid),
                              SCMP_SYS(set_tid_address),
                              SCMP_SYS(set_robust_list),
                              SCMP_SYS(get_robust_list),
                              SCMP_SYS(rseq),
                              SCMP_SYS(futex),
                              SCMP_SYS(sched_yield),
                              SCMP_SYS(sched_getaffinity),
                              SCMP_SYS(sched_setaffinity),
                              SCMP_SYS(sched_getparam),
                              SCMP_SYS(sched_getscheduler),
                              SCMP_SYS(poll),
                              SCMP_SYS(ppoll),
                              SCMP_SYS(select),
                              SCMP_SYS(pselect6),
                              SCMP_SYS(epoll_create1),
                              SCMP_SYS(epoll_ctl),
                              SCMP_SYS(epoll_wait),
                              SCMP_SYS(epoll_pwait),
                              SCMP_SYS(eventfd2),
                              SCMP_SYS(pipe),
                              SCMP_SYS(pipe2),
                              SCMP_SYS(clock_gettime),
                              SCMP_SYS(clock_getres),
                              SCMP_SYS(gettimeofday),
                              SCMP_SYS(time),
                              SCMP_SYS(nanosleep),
                              SCMP_SYS(clock_nanosleep),
                              SCMP_SYS(getrandom),
                              SCMP_SYS(uname),
                              SCMP_SYS(sysinfo),
                              SCMP_SYS(getrusage),
                              SCMP_SYS(getrlimit),
                              SCMP_SYS(flock),
                              SCMP_SYS(mkdir),
                              SCMP_SYS(mkdirat),
                              SCMP_SYS(membarrier),
                              SCMP_SYS(mincore),
                              SCMP_SYS(close_range),
                              SCMP_SYS(sched_get_priority_max),
                              SCMP_SYS(sched_get_priority_min),
                              SCMP_SYS(exit),
                              SCMP_SYS(exit_group)});
    // A thread (clone with CLONE_THREAD), never a process; clone3 says it is not there, so the C
    // library falls back to clone, whose flags the filter can read.
    ok = ok && seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD)) == 0 &&
         seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) == 0 &&
         // Signals to its own threads only; its limits read, not set; a thread's name set or read.
         seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_EQ, self)) == 0 &&
         seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, self)) == 0 &&
         seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 2, SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A2(SCMP_CMP_EQ, 0)) == 0 &&
         seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME)) == 0 &&
         seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_GET_NAME)) == 0 &&
         // No socket: refused with an error a driver that only probes for one takes in its stride.
         seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 0) == 0 &&
         seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socketpair), 0) == 0 &&
         seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2) == 0 && seccomp_load(ctx) == 0;
    seccomp_release(ctx);
    return ok;
}

}  // namespace scanlab::kernel_tracer
