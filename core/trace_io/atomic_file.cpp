#include "core/trace_io/atomic_file.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <optional>
#include <streambuf>
#include <vector>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/whole_number.hpp"

namespace scanlab {
namespace {

// A stream buffer over a file descriptor that remembers the first failed write's errno (an
// ofstream forgets why it failed, and a full disk must be named).
class FdBuffer : public std::streambuf {
public:
    explicit FdBuffer(int fd) : fd_(fd), buffer_(size_t(1) << 16) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
    int error() const { return error_; }

protected:
    int_type overflow(int_type c) override {
        if (!drain()) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return drain() ? 0 : -1; }

private:
    bool drain() {
        const char* p = pbase();
        size_t left = size_t(pptr() - pbase());
        while (left > 0 && error_ == 0) {
            const ssize_t n = ::write(fd_, p, left);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                error_ = n < 0 ? errno : EIO;
                break;
            }
            p += n;
            left -= size_t(n);
        }
        setp(buffer_.data(), buffer_.data() + buffer_.size());
        return error_ == 0;
    }
    int fd_;
    std::vector<char> buffer_;
    int error_ = 0;
};

std::string reason(int err) { return err == ENOSPC ? "the disk is full" : std::strerror(err); }

// The temporary of the save under way, for remove_unfinished_save() (a fixed buffer: a signal
// handler may not allocate).
char pending[4096];
std::atomic<bool> has_pending{false};

void mark_pending(const std::string& tmp) {
    if (tmp.size() >= sizeof pending) return;
    std::memcpy(pending, tmp.c_str(), tmp.size() + 1);
    has_pending = true;
}

// Runs `write` into `fd` and returns the first error (0: none); closes `fd` either way.
int write_all(int fd, const std::function<void(std::ostream&)>& write, bool sync) {
    int err = 0;
    try {
        FdBuffer buffer(fd);
        std::ostream out(&buffer);
        write(out);
        out.flush();
        if (!out) err = buffer.error() ? buffer.error() : EIO;
    } catch (...) {
        ::close(fd);
        throw;
    }
    if (err == 0 && sync && ::fsync(fd) != 0) err = errno;
    if (::close(fd) != 0 && err == 0) err = errno;
    return err;
}

// Where a chain of symbolic links ends: the file a save should replace (or create, where a link
// dangles), or, where it passes through /proc, a file some process holds open.
struct LinkEnd {
    std::string path;  // empty: the chain does not end
    bool open_file = false;
    int own_fd = -1;  // /dev/stdout, /dev/fd/N, /proc/self/fd/N: this process's descriptor N
};

// The folder `p` is in, with every link resolved ("" where it cannot be).
std::string real_folder(const std::string& p) {
    const std::filesystem::path folder = std::filesystem::path(p).parent_path();
    char resolved[PATH_MAX];
    return ::realpath(folder.empty() ? "." : folder.c_str(), resolved) ? std::string(resolved) : std::string();
}

LinkEnd follow_links(std::string p) {
    LinkEnd end;
    for (int hop = 0; hop < 40; ++hop) {
        const std::string folder = real_folder(p);
        if (folder == "/proc" || folder.rfind("/proc/", 0) == 0) end.open_file = true;
        if (end.own_fd < 0 && folder == "/proc/" + std::to_string(::getpid()) + "/fd") {
            const std::optional<unsigned> fd = parse_whole<unsigned>(std::filesystem::path(p).filename().string());
            if (fd && *fd <= unsigned(INT_MAX)) end.own_fd = int(*fd);
        }
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
            end.path = p;
            return end;
        }
        std::vector<char> target(size_t(st.st_size > 0 ? st.st_size : 4095) + 1);
        const ssize_t n = ::readlink(p.c_str(), target.data(), target.size());
        if (n < 0 || size_t(n) >= target.size()) return end;
        std::string next(target.data(), size_t(n));
        if (next.empty() || next[0] != '/') {
            const std::filesystem::path folder = std::filesystem::path(p).parent_path();
            next = (folder.empty() ? std::filesystem::path(".") : folder).string() + "/" + next;
        }
        p = next;
    }
    return end;
}

// Writes a new regular file at `path` through a temporary beside it, then renames it over
// whatever regular file is there. `old` is that file's status (null: there is none).
void replace_atomically(const std::string& path, const struct stat* old, const std::string& failed,
                        const std::function<void(std::ostream&)>& write) {
    // A name nobody else holds: O_EXCL refuses an existing file, O_NOFOLLOW a planted link.
    static std::atomic<unsigned> counter{0};
    std::string tmp;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        tmp = path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
        fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        const int err = errno;
        throw ScanError(failed + (err == ENOENT ? "its folder does not exist" : reason(err)));
    }
    mark_pending(tmp);
    // The new file keeps the old one's permissions (and, where the system lets us, its owner),
    // so saving over a private file does not make it readable to others.
    if (old) {
        if (::fchown(fd, old->st_uid, old->st_gid) != 0) {
            // Only root may give a file away; the permissions below still hold.
        }
        (void)::fchmod(fd, old->st_mode & 07777);
    }
    int err = 0;
    try {
        err = write_all(fd, write, true);
    } catch (...) {
        ::unlink(tmp.c_str());
        has_pending = false;
        throw;
    }
    if (err == 0 && ::rename(tmp.c_str(), path.c_str()) != 0) err = errno;
    has_pending = false;
    if (err != 0) {
        ::unlink(tmp.c_str());
        throw ScanError(failed + reason(err));
    }
}

// Writes into what is at `path` (a character device, a pipe, a socket, or a file reached
// through /dev/stdout and its kin) without replacing it. `own_fd`: the descriptor of this process
// that `path` names, written as a shell redirection would (at its position, appending if it
// appends), or -1.
void write_through(const std::string& path, const struct stat& st, int own_fd, const std::string& failed,
                   const std::function<void(std::ostream&)>& write) {
    int fd = -1;
    if (own_fd >= 0) {
        fd = ::fcntl(own_fd, F_DUPFD_CLOEXEC, 0);
    } else if (S_ISSOCK(st.st_mode)) {
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        if (path.size() >= sizeof address.sun_path) throw ScanError(failed + "the socket's path is too long to connect to");
        std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
        fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd >= 0 && ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
            const int err = errno;
            ::close(fd);
            throw ScanError(failed + (err == ECONNREFUSED ? "no program is listening on the socket" : reason(err)));
        }
    } else {
        // A pipe is opened without waiting: with no reader the open fails at once (ENXIO),
        // where a blocking open would wait for ever.
        const bool pipe = S_ISFIFO(st.st_mode);
        fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | (pipe ? O_NONBLOCK : 0) | (S_ISREG(st.st_mode) ? O_TRUNC : 0));
        if (fd < 0 && pipe && errno == ENXIO) throw ScanError(failed + "no program is reading the pipe");
        if (fd >= 0 && pipe) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    }
    if (fd < 0) throw ScanError(failed + reason(errno));
    const int err = write_all(fd, write, S_ISREG(st.st_mode));
    if (err == ENOSPC) throw ScanError(failed + "no space left on the device");
    if (err != 0) throw ScanError(failed + reason(err));
}

}  // namespace

void save_file_atomically(const std::string& path, std::string_view what, const std::function<void(std::ostream&)>& write) {
    const std::string failed = "cannot save " + std::string(what) + " to " + quoted_path(path) + ": ";
    const std::string endless = "it is a chain of links that does not end";
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        const int err = errno;
        if (err == ELOOP) throw ScanError(failed + endless);
        if (err == ENOTDIR) throw ScanError(failed + "its folder does not exist");
        if (err != ENOENT) throw ScanError(failed + reason(err));
        // Nothing there yet (perhaps a link that names a file still to be made).
        const LinkEnd end = follow_links(path);
        if (end.path.empty()) throw ScanError(failed + endless);
        replace_atomically(end.path, nullptr, failed, write);
        return;
    }
    if (S_ISDIR(st.st_mode)) throw ScanError(failed + "it is a folder");
    if (S_ISBLK(st.st_mode)) throw ScanError(failed + "it is a block device (a disk), which Scan Lab never writes to");
    if (!S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode) && !S_ISSOCK(st.st_mode))
        throw ScanError(failed + "it is neither a file, a device, a pipe nor a socket");
    const LinkEnd end = follow_links(path);
    if (!S_ISREG(st.st_mode) || end.open_file) return write_through(path, st, end.own_fd, failed, write);
    // A regular file, named directly or through links: replace the file the links end at, in
    // its own folder, so the links stay links.
    if (end.path.empty()) throw ScanError(failed + endless);
    replace_atomically(end.path, &st, failed, write);
}

void remove_unfinished_save() {
    if (has_pending.exchange(false)) ::unlink(pending);
}

}  // namespace scanlab
