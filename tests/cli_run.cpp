#include "tests/cli_run.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#ifndef SCANLAB_EXE
#error "SCANLAB_EXE must name the scanlab binary"
#endif

namespace {

// A temporary file, removed when this goes out of scope. The file is unlinked at once, so
// nothing is left behind even if the test crashes; the open descriptor keeps it alive.
struct TempFile {
    int fd = -1;
    TempFile() {
        const char* dir = std::getenv("TMPDIR");
        std::string path = std::string(dir && *dir ? dir : "/tmp") + "/scanlab_cli_XXXXXX";
        fd = ::mkostemp(path.data(), O_CLOEXEC);  // the child gets only the three it dup2s
        if (fd < 0) throw std::runtime_error("mkostemp failed: " + std::string(std::strerror(errno)));
        ::unlink(path.c_str());
    }
    ~TempFile() {
        if (fd >= 0) ::close(fd);
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    void write_all(const std::string& text) const {
        size_t done = 0;
        while (done < text.size()) {
            const ssize_t w = ::write(fd, text.data() + done, text.size() - done);
            if (w < 0 && errno == EINTR) continue;
            if (w < 0) throw std::runtime_error("write failed: " + std::string(std::strerror(errno)));
            done += size_t(w);
        }
        ::lseek(fd, 0, SEEK_SET);
    }
    std::string read_all() const {
        ::lseek(fd, 0, SEEK_SET);
        std::string text;
        char buf[65536];
        for (;;) {
            const ssize_t r = ::read(fd, buf, sizeof buf);
            if (r < 0 && errno == EINTR) continue;
            if (r < 0) throw std::runtime_error("read failed: " + std::string(std::strerror(errno)));
            if (r == 0) break;
            text.append(buf, size_t(r));
        }
        return text;
    }
};

}  // namespace

CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text) {
    TempFile in, out, err;
    in.write_all(stdin_text);

    const std::string exe = SCANLAB_EXE;
    std::vector<std::string> words;
    words.push_back(exe);
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);

    std::fflush(nullptr);  // nothing buffered in this process gets written twice by the child
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed: " + std::string(std::strerror(errno)));
    if (pid == 0) {
        // Child: only async-signal-safe calls from here on.
        if (::dup2(in.fd, STDIN_FILENO) < 0 || ::dup2(out.fd, STDOUT_FILENO) < 0 || ::dup2(err.fd, STDERR_FILENO) < 0) _exit(126);
        ::execv(exe.c_str(), argv.data());
        static const char msg[] = "run_cli: execv failed\n";
        (void)!::write(STDERR_FILENO, msg, sizeof msg - 1);
        _exit(127);
    }

    int status = 0;
    rusage usage{};
    while (::wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) throw std::runtime_error("waitpid failed: " + std::string(std::strerror(errno)));
    }
    CliResult r;
    r.peak_rss_kib = usage.ru_maxrss;
    if (WIFEXITED(status))
        r.exit_code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        r.exit_code = 128 + WTERMSIG(status);
    r.out = out.read_all();
    r.err = err.read_all();
    return r;
}
