// Injected I/O failures, loaded with LD_PRELOAD: once a process has written more than
// $SCANLAB_FAIL_WRITES_AFTER bytes to files, write(2) fails with ENOSPC (a full disk); once it has
// read more than $SCANLAB_FAIL_READS_AFTER bytes from files, read(2) fails with EIO (a bad disk or
// a dropped network mount). With $SCANLAB_STALL_WRITES_TO set, a write to a file whose path
// contains that text goes through and then never returns, so a test can interrupt a save in the
// middle. Standard input, output and error are never touched, so the test still sees what the
// program says.
#include <dlfcn.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace {

long long limit(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::atoll(v) : -1;
}

long long written = 0, read_so_far = 0;

}  // namespace

// Whether descriptor `fd` is open on a file whose path contains `text`.
static bool names(int fd, const char* text) {
    char link[64], path[PATH_MAX];
    std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return false;
    path[n] = '\0';
    return strstr(path, text) != nullptr;
}

extern "C" ssize_t write(int fd, const void* buf, size_t n) {
    using Write = ssize_t (*)(int, const void*, size_t);
    static const Write real = reinterpret_cast<Write>(dlsym(RTLD_NEXT, "write"));
    if (const char* stall = std::getenv("SCANLAB_STALL_WRITES_TO"); stall && *stall && fd > 2 && names(fd, stall)) {
        real(fd, buf, n);
        for (;;) pause();
    }
    const long long cap = limit("SCANLAB_FAIL_WRITES_AFTER");
    if (fd > 2 && cap >= 0) {
        if (written >= cap) {
            errno = ENOSPC;
            return -1;
        }
        if (written + (long long)n > cap) n = size_t(cap - written);
        written += (long long)n;
    }
    return real(fd, buf, n);
}

extern "C" ssize_t read(int fd, void* buf, size_t n) {
    using Read = ssize_t (*)(int, void*, size_t);
    static const Read real = reinterpret_cast<Read>(dlsym(RTLD_NEXT, "read"));
    const long long cap = limit("SCANLAB_FAIL_READS_AFTER");
    if (fd > 2 && cap >= 0) {
        if (read_so_far >= cap) {
            errno = EIO;
            return -1;
        }
        if (read_so_far + (long long)n > cap) n = size_t(cap - read_so_far);
        const ssize_t got = real(fd, buf, n);
        if (got > 0) read_so_far += got;
        return got;
    }
    return real(fd, buf, n);
}
