#include "kernel_tracer/host/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

namespace scanlab::kernel_tracer {
namespace {

std::vector<char*> c_argv(const std::vector<std::string>& argv) {
    std::vector<char*> out;
    for (const std::string& a : argv) out.push_back(const_cast<char*>(a.c_str()));
    out.push_back(nullptr);
    return out;
}

void limit(int resource, uint64_t soft, uint64_t hard) {
    rlimit r{rlim_t(soft), rlim_t(hard)};
    setrlimit(resource, &r);
}

// The processes at the bottom of `pid`'s tree: in the sandbox the runner sits below bwrap and the
// first process of its PID namespace, which a signal of the runner's own must not reach.
std::vector<pid_t> leaves_below(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
    std::vector<pid_t> children, leaves;
    for (pid_t c; in >> c;) children.push_back(c);
    if (children.empty()) return {pid};
    for (pid_t c : children)
        for (pid_t l : leaves_below(c)) leaves.push_back(l);
    return leaves;
}

}  // namespace

ChildOutcome run_child(const std::vector<std::string>& argv, const ChildLimits& limits, const std::string& stdout_path,
                       const std::string& stderr_path) {
    ChildOutcome outcome;
    std::vector<char*> args = c_argv(argv);
    const auto start = std::chrono::steady_clock::now();
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) return outcome;
    if (pid == 0) {
        // The child: its own process group (so the wall clock ends all of it), the limits, its files.
        setpgid(0, 0);
        // It ends with the thread that waits for it: an app that quits (or crashes) mid-run leaves
        // no runner behind.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);
        // SIGXCPU at the soft limit lets the runner say where the kernel was; the hard limit ends it regardless.
        limit(RLIMIT_CPU, uint64_t(limits.cpu_seconds), uint64_t(limits.cpu_seconds) + 2);
        limit(RLIMIT_AS, limits.memory_bytes, limits.memory_bytes);
        limit(RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes);
        limit(RLIMIT_CORE, 0, 0);
        const int out = open(stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int err = open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int in = open("/dev/null", O_RDONLY);
        if (out < 0 || err < 0 || in < 0) _exit(127);
        dup2(in, 0), dup2(out, 1), dup2(err, 2);
        execv(args[0], args.data());
        _exit(127);
    }
    outcome.started = true;
    int status = 0;
    for (;;) {
        const pid_t done = waitpid(pid, &status, WNOHANG);
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (done == pid) {
            outcome.wall_seconds = elapsed;
            break;
        }
        if (done < 0) return outcome;
        if (limits.cancel && *limits.cancel) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            outcome.cancelled = true;
            outcome.wall_seconds = elapsed;
            return outcome;
        }
        if (elapsed > limits.wall_seconds) {
            // SIGXCPU first, so the runner can say where the kernel was; then, a second later, the end.
            for (pid_t leaf : leaves_below(pid)) kill(leaf, SIGXCPU);
            bool reaped = false;
            for (int k = 0; k < 50 && !reaped; ++k) {
                reaped = waitpid(pid, &status, WNOHANG) == pid;
                if (!reaped) std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
            kill(-pid, SIGKILL);
            if (!reaped) kill(pid, SIGKILL), waitpid(pid, &status, 0);
            outcome.wall_timeout = true;
            outcome.wall_seconds = elapsed;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(elapsed < 1 ? 2 : 20));
    }
    if (WIFEXITED(status)) outcome.exit_status = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
    return outcome;
}

std::string run_tool(const std::vector<std::string>& argv, int& status) {
    status = -1;
    int fds[2];
    if (pipe(fds) != 0) return "";
    std::vector<char*> args = c_argv(argv);
    const pid_t pid = fork();
    if (pid < 0) return "";
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], 1), dup2(fds[1], 2);
        const int in = open("/dev/null", O_RDONLY);
        if (in >= 0) dup2(in, 0);
        execvp(args[0], args.data());
        _exit(127);
    }
    close(fds[1]);
    std::string out;
    char buffer[4096];
    for (ssize_t got; (got = read(fds[0], buffer, sizeof buffer)) > 0;) out.append(buffer, size_t(got));
    close(fds[0]);
    int s = 0;
    waitpid(pid, &s, 0);
    status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
    return out;
}

std::string find_on_path(const std::vector<std::string>& names) {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "/usr/bin:/bin");
    std::vector<std::string> folders;
    for (std::string d; std::getline(dirs, d, ':');) folders.push_back(d.empty() ? "." : d);
    for (const std::string& name : names)
        for (const std::string& d : folders)
            if (const std::string p = d + "/" + name; access(p.c_str(), X_OK) == 0) return p;
    return "";
}

}  // namespace scanlab::kernel_tracer
