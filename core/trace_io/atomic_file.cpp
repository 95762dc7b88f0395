#include "core/trace_io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <streambuf>
#include <vector>

#include "core/error.hpp"

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

}  // namespace

void save_file_atomically(const std::string& path, std::string_view what, const std::function<void(std::ostream&)>& write) {
    const std::string failed = "cannot save " + std::string(what) + " to '" + path + "': ";
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw ScanError(failed + "it is a folder");

    // A name nobody else holds: O_EXCL refuses an existing file, O_NOFOLLOW a planted link.
    static std::atomic<unsigned> counter{0};
    std::string tmp;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        tmp = path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
        fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd >= 0) mark_pending(tmp);
    if (fd < 0) {
        const int err = errno;
        throw ScanError(failed + (err == ENOENT ? "its folder does not exist" : reason(err)));
    }

    int err = 0;
    try {
        FdBuffer buffer(fd);
        std::ostream out(&buffer);
        write(out);
        out.flush();
        if (!out) err = buffer.error() ? buffer.error() : EIO;
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        has_pending = false;
        throw;
    }
    if (err == 0 && ::fsync(fd) != 0) err = errno;
    if (::close(fd) != 0 && err == 0) err = errno;
    if (err == 0 && ::rename(tmp.c_str(), path.c_str()) != 0) err = errno;
    has_pending = false;
    if (err != 0) {
        ::unlink(tmp.c_str());
        throw ScanError(failed + reason(err));
    }
}

void remove_unfinished_save() {
    if (has_pending.exchange(false)) ::unlink(pending);
}

}  // namespace scanlab
