#pragma once
// The runner's system calls, from before it loads a student's library to its end: an allow-list
// (libseccomp) of what reading the library, running the kernel and writing the trace take. Any
// other call ends the process with SIGSYS, which the CLI names: no new process or program (no
// fork, clone, execve), no socket, no ptrace, no other process's memory, no signal to another
// process, no new namespace. It holds with or without the sandbox's namespaces (--trust).
namespace scanlab::kernel_tracer {

// Sets PR_SET_NO_NEW_PRIVS and loads the filter; false (with errno) when the kernel refuses it.
bool enter_syscall_filter();

// The device check's program (the student's code and the CUDA driver, runtime/gpu_filter.cpp): a
// looser list, since the driver makes threads, talks to the GPU through ioctl and maps its memory,
// but still no new process or program, no socket (the driver makes none in a plain run; a call is
// refused, not run), no ptrace, no other process's memory, no signal to another process, no new
// namespace. A call off the list raises SIGSYS in the calling thread, which the library's handler
// names; a program that catches SIGSYS itself still never gets the call made.
bool enter_gpu_syscall_filter();

}  // namespace scanlab::kernel_tracer
